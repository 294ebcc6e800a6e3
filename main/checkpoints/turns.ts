// The checkpoint list as people read it: one entry per turn (its 'before' checkpoint, ending at its 'after' one)
// and one per restore (ending at the checkpoint it restored; a partial restore — some files or one hunk — ends at
// its own 'after' snapshot). Pure.
import type { Checkpoint } from './shadow.js';

export interface CheckpointEntry {
  /** the checkpoint to restore to undo this entry: the turn's start, or the state just before the restore */
  id: string;
  kind: 'turn' | 'restore';
  sessionId: string;
  title: string;
  createdAt: string;
  /** the checkpoint this entry's changes end at (null: the turn has not ended, or ended without a snapshot) */
  endId: string | null;
  /** when its changes were complete: the turn's end, or the restore (null: the turn has not ended) */
  endedAt: string | null;
  /** a restore of some files or of one hunk (undone file by file), not of the whole folder */
  partial: boolean;
  /** files left out of the snapshot for size */
  skipped: string[];
}

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
