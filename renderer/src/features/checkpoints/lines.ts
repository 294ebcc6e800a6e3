// Pure helpers of the review: a hunk's lines numbered as in the old and the new file, and which checkpoint
// entries belong under which turn of the transcript. No React, no I/O.
import type { ApiCheckpoint, ApiFileDiff } from '../../../../shared/api.js';

export interface DiffLine {
  kind: 'context' | 'added' | 'removed' | 'note';
  /** line number in the file before (context, removed) */
  old?: number;
  /** line number in the file after (context, added) */
  new?: number;
  text: string;
}

/** A hunk's lines with their numbers; `\ No newline at end of file` becomes a note. */
export function numberLines(h: ApiFileDiff['hunks'][number]): DiffLine[] {
  let o = h.oldStart;
  let n = h.newStart;
  return h.lines.map((l): DiffLine => {
    const text = l.slice(1).replace(/\r$/, '');
    if (l[0] === '+') return { kind: 'added', new: n++, text };
    if (l[0] === '-') return { kind: 'removed', old: o++, text };
    if (l[0] === '\\') return { kind: 'note', text: l.slice(2) };
    return { kind: 'context', old: o++, new: n++, text };
  });
}

interface ViewItem {
  kind: string;
  ts: string;
}

/**
 * The entries to show after item `index` of the transcript's display order: only at the end of a turn (the last
 * item, or the one before a user message), those whose changes were complete within that turn — from its user
 * message up to the next one. A turn's entry ends when the turn does, before the next prompt; a restore lands
 * in the turn it followed.
 */
export function entriesAt(
  view: readonly ViewItem[],
  index: number,
  entries: readonly ApiCheckpoint[],
): ApiCheckpoint[] {
  const next = view[index + 1];
  if (!entries.length || (next && next.kind !== 'user')) return [];
  // from this turn's user message; the first turn also takes what ended before any prompt
  let start = -Infinity;
  for (let i = index; i >= 0; i--) {
    if (view[i]!.kind === 'user') {
      if (i !== view.findIndex((v) => v.kind === 'user')) start = Date.parse(view[i]!.ts);
      break;
    }
  }
  const end = next ? Date.parse(next.ts) : Infinity;
  return entries
    .filter((e) => {
      const at = e.endedAt ? Date.parse(e.endedAt) : NaN;
      return at >= start && at < end;
    })
    .sort((a, b) => Date.parse(a.endedAt!) - Date.parse(b.endedAt!));
}
