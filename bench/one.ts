// Runs ONE benchmark by name in this process (the runner starts one process per benchmark so memory and the
// event loop of one never colour another), prints its tables and writes bench/results/<name>.json.
// Usage: node --import tsx bench/one.ts <benchmark>. Must not run more than the benchmark asked for.
import { publish } from './lib/output.js';
import type { BenchResult } from './lib/result.js';
import { BENCHMARKS } from './list.js';

const name = process.argv[2] ?? '';
const load = BENCHMARKS[name];
if (!load) {
  console.error(`bench: unknown benchmark "${name}". Known: ${Object.keys(BENCHMARKS).join(', ')}.`);
  process.exit(2);
}
try {
  const mod = await load();
  const results: BenchResult[] = await mod.run();
  for (const r of results) publish(r);
  process.exit(0);
} catch (e) {
  console.error(`bench ${name} failed: ${(e as Error)?.stack ?? String(e)}`);
  process.exit(1);
}
