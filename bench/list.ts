// The benchmarks, in run order, by name → lazy module import. Each module exports `run(): Promise<BenchResult[]>`.
// Must not run anything at import time.
import type { BenchResult } from './lib/result.js';

export interface BenchModule {
  run(): Promise<BenchResult[]>;
}

export const BENCHMARKS: Record<string, () => Promise<BenchModule>> = {
  'deferred-tools': () => import('./deferred-tools.js'),
  'search-latency': () => import('./search-latency.js'),
  'search-local-model': () => import('./search-local-model.js'),
  'deferred-task': () => import('./deferred-task.js'),
  trace: () => import('./trace.js'),
  // worktrees before checkpoints: the checkpoints bench deletes its 10 000-file workspace at its end, and on a
  // journal-less ext4 file creation is slowed for minutes after a mass deletion (see bench/worktrees.ts)
  worktrees: () => import('./worktrees.js'),
  checkpoints: () => import('./checkpoints.js'),
  'tool-overhead': () => import('./tool-overhead.js'),
  'spawn-stall': () => import('./spawn-stall.js'),
  'sandbox-overhead': () => import('./sandbox-overhead.js'),
  'pty-throughput': () => import('./pty-throughput.js'),
  'pty-throughput-colour': () => import('./pty-throughput-colour.js'),
  'pty-long-line': () => import('./pty-long-line.js'),
  concurrency: () => import('./concurrency.js'),
  'ui-flood': () => import('./ui-flood.js'),
  'cli-start': () => import('./cli-start.js'),
  'session-open': () => import('./session-open.js'),
  'idle-memory': () => import('./idle-memory.js'),
  'trace-ui': () => import('./trace-ui.js'),
};
