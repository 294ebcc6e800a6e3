// `npm run bench`: runs every benchmark (or those named on the command line), each in its own Node process
// (bench/one.ts) so memory and event loops stay separate, then prints a summary of figures, goals and verdicts
// from bench/results/<name>.json. Exit code 0 even when a goal is missed (verdicts are data); 1 when a benchmark
// crashed. Must not measure anything itself.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RESULTS_DIR } from './lib/output.js';
import { formatSummary, type BenchResult } from './lib/result.js';
import { BENCHMARKS } from './list.js';
import { OUTPUTS } from './outputs.js';

const asked = process.argv.slice(2).filter((a) => a !== '--');
const unknown = asked.filter((a) => !BENCHMARKS[a]);
if (unknown.length) {
  console.error(`bench: unknown benchmark(s) ${unknown.join(', ')}. Known: ${Object.keys(BENCHMARKS).join(', ')}.`);
  process.exit(2);
}
const names = asked.length ? asked : Object.keys(BENCHMARKS);
const one = resolve(import.meta.dirname, 'one.ts');
const crashed: string[] = [];
const started = performance.now();
for (const name of names) {
  const t0 = performance.now();
  console.log(`\n### ${name}`);
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', one, name], {
    stdio: 'inherit',
    timeout: 300_000,
    killSignal: 'SIGKILL',
  });
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  if (r.status !== 0) {
    crashed.push(name);
    console.error(`### ${name} FAILED after ${secs} s (${r.signal ? `killed by ${r.signal}` : `exit ${r.status}`})`);
  } else {
    console.log(`### ${name} done in ${secs} s`);
  }
}
const results: BenchResult[] = [];
for (const name of names) {
  for (const file of OUTPUTS[name] ?? [name]) {
    const path = join(RESULTS_DIR, `${file}.json`);
    if (!crashed.includes(name) && existsSync(path))
      results.push(JSON.parse(readFileSync(path, 'utf8')) as BenchResult);
  }
}
console.log(`\n== summary (${((performance.now() - started) / 1000).toFixed(0)} s) ==\n${formatSummary(results)}`);
if (crashed.length) {
  console.error(`\n${crashed.length} benchmark(s) crashed: ${crashed.join(', ')} (see their output above)`);
  process.exit(1);
}
