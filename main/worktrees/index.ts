// Public face of main/worktrees: a session's own git worktree under FLOE_HOME (create with setup, diff, overlap
// and conflict checks, merge, removal) and the prompts sent back to the session. Re-exports only.
export { createWorktree, repoInfo, workspaceIn, sessionCommands } from './create.js';
export { worktreeDiff, worktreePatch } from './diff.js';
export { checkMerge } from './check.js';
export { mergeWorktree } from './merge.js';
export { removeWorktree } from './remove.js';
export { reviewPrompt, conflictPrompt } from './prompts.js';
export { listRecords, readRecord, recordOfSession, writeRecord, type WorktreeRecord } from './records.js';
