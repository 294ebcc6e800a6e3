// Checkpoint metadata in commit messages round-trips; the list groups before/after into turns and shows
// restores with what they restored.
import { describe, expect, it } from 'vitest';
import { formatMeta, parseMeta } from '../../../main/checkpoints/meta.js';
import { checkpointEntries } from '../../../main/checkpoints/turns.js';
import type { Checkpoint } from '../../../main/checkpoints/shadow.js';

describe('checkpoint metadata', () => {
  it('round-trips, including odd file names, and rejects foreign commits', () => {
    const m = {
      kind: 'before' as const,
      sessionId: 's1',
      title: 'fix\nthe build',
      skipped: ['big file.bin', 'a"b\nc'],
    };
    expect(parseMeta(formatMeta(m))).toEqual({ ...m, title: 'fix the build' });
    expect(parseMeta('Initial commit\n\nkind: before\n')).toBeNull();
    expect(parseMeta(formatMeta({ kind: 'restore', sessionId: 'cli', restored: 'abc', skipped: [] }))).toMatchObject({
      restored: 'abc',
    });
  });
});

describe('checkpointEntries', () => {
  const cp = (id: string, kind: Checkpoint['meta']['kind'], extra: Partial<Checkpoint['meta']> = {}): Checkpoint => ({
    id,
    createdAt: `2026-01-01T00:00:0${id.length}Z`,
    meta: { kind, sessionId: 's1', skipped: [], ...extra },
  });

  it('a turn ends at its after; a turn without one ends at the next checkpoint; restores end at their target', () => {
    const list = [
      cp('r1', 'restore', { restored: 'b1' }),
      cp('a2', 'after', { turnOf: 'b2' }),
      cp('b2', 'before', { title: 'two' }),
      cp('b1', 'before', { title: 'one' }),
    ];
    expect(checkpointEntries(list).map((e) => [e.id, e.kind, e.endId, e.title])).toEqual([
      ['r1', 'restore', 'b1', 'restore to b1'],
      ['b2', 'turn', 'a2', 'two'],
      ['b1', 'turn', 'b2', 'one'],
    ]);
    expect(checkpointEntries([cp('b3', 'before')])[0].endId).toBeNull();
  });

  it('a partial restore ends at its own after; times are the ends of the changes', () => {
    const list = [
      cp('a33', 'after', { turnOf: 'r1' }),
      cp('r1', 'restore', { restored: 'b1', title: 'hunk 1 of a.txt taken back' }),
      cp('a2', 'after', { turnOf: 'b1' }),
      cp('b1', 'before', { title: 'one' }),
    ];
    expect(checkpointEntries(list).map((e) => [e.id, e.endId, e.endedAt, e.partial, e.title])).toEqual([
      ['r1', 'a33', '2026-01-01T00:00:03Z', true, 'hunk 1 of a.txt taken back'],
      ['b1', 'a2', '2026-01-01T00:00:02Z', false, 'one'],
    ]);
    const at = '2026-01-01T00:00:01.234Z';
    expect(parseMeta(formatMeta({ kind: 'after', sessionId: 's', skipped: [], at }))?.at).toBe(at);
  });
});
