// Public face of main/worktrees: a session's own git worktree under FLOE_HOME (create with setup, diff, overlap
// and conflict checks, merge, removal) and the prompts sent back to the session. Re-exports only.
export { WorktreeError } from './errors.js';
export {
  createWorktree,
  repoInfo,
  workspaceIn,
  commandEnv,
  sessionCommands,
  writableGitRoots,
  type RepoInfo,
} from './create.js';
export { worktreeDiff, worktreePatch, type ChangedFile, type WorktreeDiff } from './diff.js';
export { checkMerge, type MergeCheck } from './check.js';
export { mergeWorktree, type MergeStrategy, type MergeOutcome } from './merge.js';
export { removeWorktree } from './remove.js';
export { findOverlaps, BASE, type Overlap } from './overlap.js';
export { reviewPrompt, conflictPrompt, type ReviewComment } from './prompts.js';
export { nextPortBase, PORT_BLOCK } from './ports.js';
export {
  listRecords,
  readRecord,
  recordOfSession,
  writeRecord,
  worktreesDir,
  type WorktreeRecord,
  type WorktreeState,
} from './records.js';
