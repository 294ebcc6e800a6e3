import { describe, expect, it } from 'vitest';
import { splitSlices, startsWithAltExit } from '../../../main/environment/commands/slices.js';

describe('splitSlices', () => {
  it('concatenates back to the input and respects the newline limit', () => {
    const data = Array.from({ length: 25 }, (_, i) => `line ${i}\r\n`).join('');
    const slices = splitSlices(data, { maxNewlines: 10, maxChars: 10_000 });
    expect(slices.join('')).toBe(data);
    expect(slices.map((s) => s.split('\n').length - 1)).toEqual([10, 10, 5]);
  });
  it('respects the character limit without splitting a surrogate pair', () => {
    const data = 'a'.repeat(3) + '😀' + 'b'.repeat(3);
    const slices = splitSlices(data, { maxNewlines: 100, maxChars: 4 });
    expect(slices.join('')).toBe(data);
    expect(slices[0]).toBe('aaa');
    expect(slices.every((s) => s.length <= 4)).toBe(true);
  });
  it('puts each leave-alternate-screen sequence in a slice of its own', () => {
    const data = 'x\x1b[?1049hscreen\x1b[?1049lafter\x1b[?47ltail';
    expect(splitSlices(data)).toEqual(['x\x1b[?1049hscreen', '\x1b[?1049l', 'after', '\x1b[?47l', 'tail']);
  });
  it('returns no slices for empty input', () => {
    expect(splitSlices('')).toEqual([]);
  });
});

describe('startsWithAltExit', () => {
  it('recognises the three exit sequences only at the start', () => {
    expect(startsWithAltExit('\x1b[?1049l')).toBe(true);
    expect(startsWithAltExit('\x1b[?1047lx')).toBe(true);
    expect(startsWithAltExit('\x1b[?47l')).toBe(true);
    expect(startsWithAltExit('a\x1b[?1049l')).toBe(false);
    expect(startsWithAltExit('\x1b[?1049h')).toBe(false);
  });
});
