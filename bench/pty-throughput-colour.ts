// Benchmark: pty → model text for coloured build-log output — a BYTES file of compiler-style lines (SGR colours,
// bold, an erase-line progress redraw every 50 lines) printed with `cat` through a command session vs a raw
// node-pty read of the same `cat`. Figure: per-run chars/s of the session over the raw read's; goal >= 0.6.
// Measures only; must not change engine code or leave processes behind.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machine } from './lib/output.js';
import { ptyBench, rawVsSession } from './lib/pty-session.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { median, MIN_RUNS } from './lib/stats.js';

/** more than the minimum: a shared machine makes single pty runs vary by 3× */
const RUNS = MIN_RUNS + 2;

const BYTES = Number(process.env.BENCH_PTY_BYTES ?? 20_000_000);

/** A build log with colours: progress, compile lines, warnings, an in-place progress bar now and then. */
export function buildLog(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const pct = String(Math.floor((i / 1000) % 100)).padStart(3);
    let line = `\x1b[32m[${pct}%]\x1b[0m \x1b[1mBuilding CXX object\x1b[0m src/module_${i % 97}/file_${i}.cpp.o\n`;
    if (i % 7 === 0)
      line += `\x1b[1msrc/module_${i % 97}/file_${i}.cpp:${i % 300}:12:\x1b[0m \x1b[35mwarning:\x1b[0m unused variable 'tmp' [\x1b[35m-Wunused-variable\x1b[0m]\n`;
    if (i % 50 === 0) line += `\x1b[2K\r\x1b[36m[${'='.repeat(i % 30).padEnd(30)}]\x1b[0m ${pct}%\x1b[2K\r`;
    parts.push(line);
    size += line.length;
  }
  return parts.join('');
}

export async function run(): Promise<BenchResult[]> {
  const b = await ptyBench('floe-bench-colour-');
  try {
    const file = join(b.dir, 'build.log');
    writeFileSync(file, buildLog(BYTES));
    const cmd = `cat ${file}`;
    const { raw, ses, rawCpu, sesCpu } = await rawVsSession(b, cmd, RUNS, (clean) => {
      if (!clean.startsWith('[  0%] Building CXX object src/module_0/file_0.cpp.o\n') || clean.includes('\x1b')) {
        throw new Error('the model text of the build log is not clean');
      }
    });
    return [
      makeResult({
        name: 'pty-throughput-colour',
        title: `pty → model text, coloured build log: ${BYTES / 1e6} MB through a command session vs raw node-pty`,
        date: new Date().toISOString(),
        machine: machine(),
        baseline: {
          label: 'raw node-pty read of bash -c "cat build.log" (onData count only)',
          runs: raw,
          unit: 'chars/s',
        },
        subject: {
          label: 'CommandRegistry session: marker scan + raw buffer + model view + readClean',
          runs: ses,
          unit: 'chars/s',
        },
        goal: { figure: 'ratio', op: '>=', value: 0.6 },
        absolute: {
          bytes_of_log: BYTES,
          runs_each: RUNS,
          raw_host_cpu_ms_median: Math.round(median(rawCpu)),
          session_host_cpu_ms_median: Math.round(median(sesCpu)),
        },
        notes: [
          'log lines: SGR-coloured progress/compile lines, a coloured warning every 7th, an erase-line progress redraw every 50th',
          `${RUNS} interleaved runs each; the session run ends when the model text has been read`,
          'host_cpu_ms: CPU time of the host process per run (user+system), less sensitive to a loaded machine than the rates',
        ],
      }),
    ];
  } finally {
    await b.close();
  }
}
