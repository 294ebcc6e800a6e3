// The result files each benchmark writes when it writes more than `<name>.json` (bench/run.ts and bench/readme.ts
// read them). Data only.

/** result files each benchmark writes */
export const OUTPUTS: Record<string, string[]> = {
  trace: ['trace-append', 'trace-open', 'trace-import'],
  'deferred-task': ['deferred-task', 'deferred-task-flat'],
  checkpoints: ['checkpoint-unchanged', 'checkpoint-10-changed'],
  'ui-flood': ['ui-flood-throughput', 'ui-flood', 'ui-flood-frames', 'ui-flood-echo'],
  'cli-start': ['cli-version-ms', 'cli-version-ratio', 'cli-help-ms', 'cli-help-ratio', 'cli-run-first-request'],
  'session-open': ['session-open-12k', 'session-open-100k'],
  'idle-memory': ['idle-memory-host', 'idle-memory-renderer'],
  'trace-ui': ['trace-ui-open-500mb', 'trace-ui-end-100k'],
  worktrees: ['worktree-ready'],
};
