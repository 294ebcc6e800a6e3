// The checkpoint list as people read it: one entry per turn (its 'before' checkpoint, ending at its 'after' one)
// and one per restore (ending at the checkpoint it restored; a partial restore — some files or one hunk — ends at
// its own 'after' snapshot). Pure.
import type { ApiCheckpoint } from '../../shared/api.js';
import type { Checkpoint } from './shadow.js';

/** the host API's checkpoint entry (shared/api.ts): what this module makes is what the review panel receives */
export type CheckpointEntry = ApiCheckpoint;

/** The 'after' checkpoint of list[i] (newer ones come first). */
const afterOf = (list: readonly Checkpoint[], i: number): Checkpoint | undefined =>
  list.slice(0, i).find((x) => x.meta.kind === 'after' && x.meta.turnOf === list[i]!.id);

/** From checkpoints newest first to entries newest first. */
export function checkpointEntries(list: readonly Checkpoint[]): CheckpointEntry[] {
  const out: CheckpointEntry[] = [];
  list.forEach((c, i) => {
    if (c.meta.kind === 'after') return;
    if (c.meta.kind === 'before') {
      const after = afterOf(list, i);
      // without its own 'after' (a crash), the turn ends where the next checkpoint begins
      const end = after ?? (i > 0 ? list[i - 1] : undefined);
      out.push({
        id: c.id,
        kind: 'turn',
        sessionId: c.meta.sessionId,
        title: c.meta.title ?? '',
        createdAt: c.createdAt,
        endId: end?.id ?? null,
        endedAt: end?.createdAt ?? null,
        partial: false,
        skipped: c.meta.skipped,
      });
    } else {
      const after = afterOf(list, i);
      out.push({
        id: c.id,
        kind: 'restore',
        sessionId: c.meta.sessionId,
        title: c.meta.title ?? `restore to ${(c.meta.restored ?? '').slice(0, 12)}`,
        createdAt: c.createdAt,
        endId: after?.id ?? c.meta.restored ?? null,
        endedAt: after?.createdAt ?? c.createdAt,
        partial: !!after,
        skipped: c.meta.skipped,
      });
    }
  });
  return out;
}
