// Where benchmark results go: the machine description and `bench/results/<name>.json`. The only file writes of
// the benchmarks live here. Must not measure anything.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import type { BenchResult, Machine } from './result.js';
import { formatResult } from './result.js';

export const RESULTS_DIR = resolve(import.meta.dirname, '../results');

export function machine(): Machine {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    totalMemMB: Math.round(os.totalmem() / 2 ** 20),
  };
}

/** Prints the result's table and writes it to bench/results/<name>.json; returns the path. */
export function publish(r: BenchResult, dir = RESULTS_DIR): string {
  console.log(`\n${formatResult(r)}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${r.name}.json`);
  writeFileSync(file, `${JSON.stringify(r, null, 2)}\n`);
  return file;
}
