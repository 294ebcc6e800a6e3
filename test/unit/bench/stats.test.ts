import { describe, expect, it } from 'vitest';
import { interleave, mean, median, perSecond, quantile, ratio, verdictOf } from '../../../bench/lib/stats.js';

describe('bench stats', () => {
  it('quantile interpolates between ranks and ignores input order', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(quantile([10, 0], 0.9)).toBeCloseTo(9);
    expect(quantile([7], 0.99)).toBe(7);
    expect(Number.isNaN(median([]))).toBe(true);
    expect(() => quantile([1], 1.5)).toThrow(/\[0, 1\]/);
  });

  it('mean, ratio and perSecond guard against empty or zero inputs', () => {
    expect(mean([1, 2, 6])).toBe(3);
    expect(ratio(3, 2)).toBe(1.5);
    expect(Number.isNaN(ratio(1, 0))).toBe(true);
    expect(perSecond(500, 250)).toBe(2000);
    expect(Number.isNaN(perSecond(1, 0))).toBe(true);
  });

  it('verdicts honour each operator at the boundary; NaN never passes', () => {
    expect(verdictOf(1.1, { figure: 'ratio', op: '<=', value: 1.1 })).toBe('PASS');
    expect(verdictOf(1.1, { figure: 'ratio', op: '<', value: 1.1 })).toBe('MISS');
    expect(verdictOf(0.6, { figure: 'ratio', op: '>=', value: 0.6 })).toBe('PASS');
    expect(verdictOf(0.6, { figure: 'ratio', op: '>', value: 0.6 })).toBe('MISS');
    expect(verdictOf(Number.NaN, { figure: 'ratio', op: '<=', value: 1 })).toBe('MISS');
  });

  it('interleave alternates the order of each pair', () => {
    expect(interleave(3, 'a', 'b')).toEqual(['a', 'b', 'b', 'a', 'a', 'b']);
  });
});
