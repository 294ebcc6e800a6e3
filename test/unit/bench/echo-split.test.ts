import { describe, expect, it } from 'vitest';
import { splitEcho } from '../../../bench/lib/echo-split.js';

describe('splitEcho', () => {
  it('pairs each key with the first echo after it and splits the page latency', () => {
    const r = splitEcho([0, 60, 120], [5, 70, 121], [12, 15, 30]);
    expect(r.host).toEqual([5, 10, 1]);
    expect(r.outside).toEqual([7, 5, 29]);
  });
  it('skips echoes from before a key and keys left without an echo', () => {
    const r = splitEcho([10, 70, 130], [3, 12, 80], [5, 20, 9]);
    expect(r.host).toEqual([2, 10]);
    expect(r.outside).toEqual([3, 10]);
  });
  it('leaves the outside parts out when the page saw a different number of keys', () => {
    expect(splitEcho([0, 60], [4, 64], [9])).toEqual({ host: [4, 4], outside: [] });
  });
});
