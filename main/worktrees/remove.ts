// Removing a worktree: its folder (`git worktree remove --force`, then whatever is left), its branch, and git's
// bookkeeping (`worktree prune`); the record stays, marked merged or abandoned with removedAt, so the session
// still says where its work went. Must not merge.
import fs from 'node:fs';
import { gitRun } from './git.js';
import { serialFor } from './queue.js';
import { deleteRecord, writeRecord, type WorktreeRecord } from './records.js';

export async function removeWorktree(
  home: string,
  r: WorktreeRecord,
  o: { keepLog?: boolean; forgetRecord?: boolean } = {},
): Promise<WorktreeRecord> {
  await serialFor(r.repo, async () => {
    if (fs.existsSync(r.path))
      await gitRun(r.repo, ['worktree', 'remove', '--force', '--force', r.path], { okCodes: [128] });
    fs.rmSync(r.path, { recursive: true, force: true });
    await gitRun(r.repo, ['worktree', 'prune'], { okCodes: [128] });
    await gitRun(r.repo, ['branch', '-D', r.branch], { okCodes: [1] });
  });
  const done: WorktreeRecord = {
    ...r,
    state: r.state === 'merged' ? 'merged' : 'abandoned',
    removedAt: new Date().toISOString(),
  };
  // a worktree no session got (its creation failed) leaves no record; its setup log stays when asked
  if (o.forgetRecord || !r.sessionId) deleteRecord(home, r.name, o.keepLog);
  else writeRecord(home, done);
  return done;
}
