// Import of a session of several parts (issue 10): one text is cut at each later session_meta, several files are
// kept as parts, another session's session_meta is refused; files picked together are grouped by session and put
// in `_NNN` order; the index describes compaction events (status, reason, context tokens). Pure.
import { describe, expect, it } from 'vitest';
import { describeRecord } from '../../../main/store/trace-row.js';
import { validateImportedParts } from '../../../main/trace/transfer.js';
import { groupTraceFiles, partNumberOfName, sessionIdOfText } from '../../../shared/trace-parts.js';

const meta = (id: string) =>
  JSON.stringify({ timestamp: '2025-01-01T00:00:00.000Z', type: 'session_meta', payload: { session_id: id } });
const ev = (payload: object) => JSON.stringify({ timestamp: '2025-01-01T00:00:01.000Z', type: 'event_msg', payload });
const part1 = `${meta('s-1')}\n${ev({ type: 'compaction_begin', reason: 'threshold' })}\n${ev({ type: 'compaction_end', status: 'completed' })}\n`;
const part2 = `${meta('s-1')}\n${ev({ type: 'request_begin' })}\n`;

describe('validateImportedParts', () => {
  it('cuts one text before every later session_meta; the parts join to the text exactly', () => {
    const r = validateImportedParts([`\n${part1}${part2}${part2}`]);
    if ('error' in r) throw new Error(r.error);
    expect(r.sessionId).toBe('s-1');
    expect(r.parts.map((p) => p.text)).toEqual([`\n${part1}`, part2, part2]);
    expect(r.parts.map((p) => p.messages.length)).toEqual([3, 2, 2]);
  });

  it('keeps several files as parts; a file other than the last gets its missing final newline', () => {
    const r = validateImportedParts([part1.slice(0, -1), part2]);
    if ('error' in r) throw new Error(r.error);
    expect(r.parts.map((p) => p.text)).toEqual([part1, part2]);
  });

  it("refuses another session's session_meta, naming the file and line", () => {
    expect(validateImportedParts([`${part1}${meta('s-2')}\n`])).toEqual({
      error:
        'line 4: a session_meta of another session ("s-2") in the trace of "s-1". Import each session\'s files on their own.',
    });
    expect(validateImportedParts([part1, meta('s-2')])).toMatchObject({
      error: expect.stringMatching(/^file 2 of 2: line 1:/),
    });
    expect(validateImportedParts([part1, '{"x":1}\n'])).toMatchObject({
      error: expect.stringMatching(/^file 2 of 2: line 1: not an OmniMessage/),
    });
  });

  it('a torn last line of a file is left out with a warning naming the file', () => {
    const r = validateImportedParts([`${part1}{"timestamp":"2025-`, part2]);
    if ('error' in r) throw new Error(r.error);
    expect(r.parts.map((p) => p.text)).toEqual([part1, part2]);
    expect(r.warnings).toEqual([expect.stringMatching(/^file 1 of 2: line 4 is torn/)]);
  });
});

describe('groupTraceFiles', () => {
  it('groups by the session_meta id, orders by _NNN, keeps the first-seen order of sessions', () => {
    const g = groupTraceFiles([
      { name: 'b/s-1_002.jsonl', text: part2 },
      { name: 'x.jsonl', text: meta('other') },
      { name: 'a/s-1_001.jsonl', text: part1 },
      { name: 'junk.jsonl', text: 'not json' },
    ]);
    expect(g.map((x) => [x.sessionId, x.files.map((f) => f.name)])).toEqual([
      ['s-1', ['a/s-1_001.jsonl', 'b/s-1_002.jsonl']],
      ['other', ['x.jsonl']],
      [null, ['junk.jsonl']],
    ]);
  });
  it('keeps the given order when a file has no part number', () => {
    const g = groupTraceFiles([
      { name: 'second.jsonl', text: part2 },
      { name: 's-1_001.jsonl', text: part1 },
    ]);
    expect(g[0]!.files.map((f) => f.name)).toEqual(['second.jsonl', 's-1_001.jsonl']);
  });
  it('reads the part number and the first session id', () => {
    expect(partNumberOfName('/t/s-1_012.jsonl')).toBe(12);
    expect(partNumberOfName('s-1.jsonl')).toBeNull();
    expect(sessionIdOfText(`\n\n${part1}`)).toBe('s-1');
    expect(sessionIdOfText(part1.split('\n')[1]!)).toBeNull();
  });
});

describe('describeRecord: compaction events', () => {
  it('begin: reason, mode and focus as the excerpt, context as tokens; end: its status, error or mode', () => {
    const begin = describeRecord(
      JSON.parse(
        ev({ type: 'compaction_begin', reason: 'manual', mode: 'summarize', context: 2100, focus: 'the parser' }),
      ),
    );
    expect(begin).toMatchObject({
      kind: 'compaction_begin',
      status: null,
      tokens: 2100,
      excerpt: 'manual · summarize · focus: the parser',
    });
    const done = describeRecord(
      JSON.parse(ev({ type: 'compaction_end', status: 'completed', mode: 'summary', context: 310 })),
    );
    expect(done).toMatchObject({ status: 'completed', tokens: 310, excerpt: 'summary' });
    const failed = describeRecord(JSON.parse(ev({ type: 'compaction_end', status: 'failed', error: 'aborted' })));
    expect(failed).toMatchObject({ status: 'failed', tokens: null, excerpt: 'aborted' });
    const seed = describeRecord(JSON.parse(ev({ type: 'compaction_end', status: 'completed' })));
    expect(seed).toMatchObject({ status: 'completed', tokens: null, excerpt: '' });
  });
});
