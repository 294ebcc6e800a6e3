// Benchmark: pty → model text for plain text — BYTES of 64-character lines (`yes … | head -c BYTES`) through a
// command session (node-pty → end-marker scan → raw buffer → streaming model view → clean text) vs a raw node-pty
// read of the same command. Figure: per-run chars/s of the session over chars/s of the raw read; goal >= 0.6.
// Measures only; must not change engine code or leave processes behind.
import { machine } from './lib/output.js';
import { ptyBench, rawVsSession } from './lib/pty-session.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { median, MIN_RUNS } from './lib/stats.js';

/** more than the minimum: a shared machine makes single pty runs vary by 3× */
const RUNS = MIN_RUNS + 2;

const BYTES = Number(process.env.BENCH_PTY_BYTES ?? 20_000_000);
const LINE = 'a'.repeat(64);
const CMD = `yes ${LINE} | head -c ${BYTES}`;

export async function run(): Promise<BenchResult[]> {
  const b = await ptyBench('floe-bench-pty-');
  try {
    const { raw, ses, rawCpu, sesCpu } = await rawVsSession(b, CMD, RUNS, (clean) => {
      if (!clean.startsWith(`${LINE}\n${LINE}\n`)) throw new Error('the model text does not hold the command output');
    });
    return [
      makeResult({
        name: 'pty-throughput',
        title: `pty → model text, plain: ${BYTES / 1e6} MB of 64-char lines through a command session vs raw node-pty`,
        date: new Date().toISOString(),
        machine: machine(),
        baseline: { label: 'raw node-pty read of bash -c (onData count only)', runs: raw, unit: 'chars/s' },
        subject: {
          label: 'CommandRegistry session: marker scan + raw buffer + model view + readClean',
          runs: ses,
          unit: 'chars/s',
        },
        goal: { figure: 'ratio', op: '>=', value: 0.6 },
        absolute: {
          bytes_written_by_command: BYTES,
          runs_each: RUNS,
          raw_host_cpu_ms_median: Math.round(median(rawCpu)),
          session_host_cpu_ms_median: Math.round(median(sesCpu)),
        },
        notes: [
          `command: yes <64 a's> | head -c <bytes> (the pty turns \\n into \\r\\n, so chars > bytes)`,
          `${RUNS} interleaved runs each; the session run ends when the model text has been read`,
          'host_cpu_ms: CPU time of the host process per run (user+system), less sensitive to a loaded machine than the rates',
        ],
      }),
    ];
  } finally {
    await b.close();
  }
}
