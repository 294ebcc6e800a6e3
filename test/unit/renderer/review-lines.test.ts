// The review's pure parts (renderer/src/features/checkpoints/lines.ts): a hunk's lines numbered as in the old and
// the new file (CR dropped for display, "No newline" as a note), and which checkpoint entries go under which turn
// of the transcript — at a turn's end only, by when their changes were complete.
import { describe, expect, it } from 'vitest';
import { entriesAt, numberLines } from '../../../renderer/src/features/checkpoints/lines.js';
import type { ApiCheckpoint } from '../../../shared/api.js';

describe('numberLines', () => {
  it('numbers context, removed and added lines on their own side', () => {
    const lines = numberLines({
      header: '@@ -10,3 +10,3 @@',
      oldStart: 10,
      oldLines: 3,
      newStart: 10,
      newLines: 3,
      lines: [' j', '-k\r', '+K\r', '+K2', ' l', '\\ No newline at end of file'],
    });
    expect(lines).toEqual([
      { kind: 'context', old: 10, new: 10, text: 'j' },
      { kind: 'removed', old: 11, text: 'k' },
      { kind: 'added', new: 11, text: 'K' },
      { kind: 'added', new: 12, text: 'K2' },
      { kind: 'context', old: 12, new: 13, text: 'l' },
      { kind: 'note', text: 'No newline at end of file' },
    ]);
  });
});

describe('entriesAt', () => {
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
  const entry = (id: string, endedAt: string | null, kind: 'turn' | 'restore' = 'turn'): ApiCheckpoint => ({
    id,
    kind,
    sessionId: 's',
    title: id,
    createdAt: at(0),
    endId: endedAt ? 'e' : null,
    endedAt,
    partial: false,
    skipped: [],
  });
  // turn 1: user at 1 s, its answer at 2 s; turn 2: user at 10 s, a tool at 11 s, answer at 12 s
  const view = [
    { kind: 'user', ts: at(1) },
    { kind: 'assistant', ts: at(2) },
    { kind: 'user', ts: at(10) },
    { kind: 'tool', ts: at(11) },
    { kind: 'assistant', ts: at(12) },
  ];
  const t1 = entry('t1', at(3));
  const t2 = entry('t2', at(13));
  const r = entry('r', at(20), 'restore');
  const running = entry('running', null);

  it('puts each entry at the end of the turn its changes ended in, and nowhere else', () => {
    const all = [r, t2, t1, running];
    expect(view.map((_, i) => entriesAt(view, i, all).map((e) => e.id))).toEqual([[], ['t1'], [], [], ['t2', 'r']]);
  });

  it('an entry that ended before the first prompt shows at the first turn end; none when nothing ended', () => {
    expect(entriesAt(view, 1, [entry('early', at(0))]).map((e) => e.id)).toEqual(['early']);
    expect(entriesAt(view, 4, [running])).toEqual([]);
    expect(entriesAt(view, 4, [])).toEqual([]);
  });
});
