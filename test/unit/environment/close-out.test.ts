import { describe, expect, it } from 'vitest';
import { OutputCutter } from '../../../main/environment/close-out.js';

function run(limit: number, deltas: string[], notes: string[]) {
  const c = new OutputCutter(limit);
  let streamed = '';
  for (const d of deltas) streamed += c.push(d);
  const { tail, output } = c.finish(notes);
  streamed += tail;
  return { streamed, output, truncated: c.truncated };
}

describe('OutputCutter', () => {
  it('puts exactly one newline between text and note, counting the text own newline', () => {
    expect(run(0, ['hi\n'], ['[exit code: 3]']).output).toBe('hi\n[exit code: 3]');
    expect(run(0, ['hi'], ['[exit code: 3]']).output).toBe('hi\n[exit code: 3]');
    expect(run(0, ['hi\n\n\n'], ['[a]', '[b]']).output).toBe('hi\n[a]\n[b]');
  });
  it('keeps text unchanged when there is no note', () => {
    expect(run(0, ['a\n', '\n', 'b\n\n'], []).output).toBe('a\n\nb\n\n');
  });
  it('says [no output] when there is nothing', () => {
    expect(run(0, [], []).output).toBe('[no output]');
    expect(run(0, [''], []).output).toBe('[no output]');
    expect(run(0, [], ['[exit code: 1]']).output).toBe('[exit code: 1]');
    expect(run(0, ['\n\n'], ['[x]']).output).toBe('[x]');
  });
  it('keeps the head when truncating and streams exactly the final output', () => {
    const r = run(5, ['abc', 'defgh', 'ij'], ['[output truncated: exceeded 5 chars]']);
    expect(r.truncated).toBe(true);
    expect(r.output).toBe('abcde\n[output truncated: exceeded 5 chars]');
    expect(r.streamed).toBe(r.output);
  });
  it('streamed deltas always concatenate to the output', () => {
    for (const deltas of [
      ['x\n', '\ny', '\n'],
      ['\n', 'a'],
      ['a\n\n', '\n'],
    ]) {
      for (const notes of [[], ['[n]']]) {
        const r = run(0, deltas, notes);
        expect(r.streamed).toBe(r.output);
      }
    }
  });
});
