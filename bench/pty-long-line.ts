// Benchmark: one long line costs no more than many short ones — `cat` of a BYTES file holding a single line vs
// `cat` of a BYTES file of 64-character lines, both through a command session until the model text is read.
// Figure: per-run time of the single line over time of the short lines; goal <= 2 (issue 9).
// Measures only; must not change engine code or leave processes behind.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machine } from './lib/output.js';
import { ptyBench, throughSession } from './lib/pty-session.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { interleave, MIN_RUNS } from './lib/stats.js';

/** more than the minimum: a shared machine makes single pty runs vary by 3× */
const RUNS = MIN_RUNS + 2;

const BYTES = Number(process.env.BENCH_LONG_LINE_BYTES ?? 10_000_000);

export async function run(): Promise<BenchResult[]> {
  const b = await ptyBench('floe-bench-longline-');
  try {
    const one = join(b.dir, 'one-line.txt');
    const many = join(b.dir, 'short-lines.txt');
    writeFileSync(one, `${'x'.repeat(BYTES - 1)}\n`);
    writeFileSync(many, `${'y'.repeat(63)}\n`.repeat(Math.floor(BYTES / 64)));
    const longMs: number[] = [];
    const shortMs: number[] = [];
    for (const kind of interleave(RUNS, 'short' as const, 'long' as const)) {
      const r = await throughSession(b, `cat ${kind === 'long' ? one : many}`);
      if (!r.clean.startsWith(kind === 'long' ? 'xxxxxxxx' : `${'y'.repeat(63)}\n`))
        throw new Error('unexpected model text');
      (kind === 'long' ? longMs : shortMs).push(r.ms);
    }
    return [
      makeResult({
        name: 'pty-long-line',
        title: `pty → model text: one ${BYTES / 1e6} MB line vs ${BYTES / 1e6} MB of 64-char lines through a command session`,
        date: new Date().toISOString(),
        machine: machine(),
        baseline: {
          label: `cat of ${BYTES / 1e6} MB of 64-char lines (start → model text read)`,
          runs: shortMs,
          unit: 'ms',
        },
        subject: {
          label: `cat of a single ${BYTES / 1e6} MB line (start → model text read)`,
          runs: longMs,
          unit: 'ms',
        },
        goal: { figure: 'ratio', op: '<=', value: 2 },
        absolute: { bytes_each: BYTES, runs_each: RUNS },
        notes: [
          `${RUNS} interleaved runs each through the same registry`,
          'the model view keeps at most 1 MiB of text per read and per line; every byte is still parsed',
        ],
      }),
    ];
  } finally {
    await b.close();
  }
}
