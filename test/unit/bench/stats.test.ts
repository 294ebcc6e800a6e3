import { describe, expect, it } from 'vitest';
import {
  interleave,
  mean,
  median,
  pairRatios,
  perSecond,
  quantile,
  ratio,
  spread,
  verdictOf,
} from '../../../bench/lib/stats.js';

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
    expect(verdictOf(1.1, { figure: 'ratio', op: '<=', value: 1.1 })).not.toBe('MISS');
    expect(verdictOf(1.1, { figure: 'ratio', op: '<', value: 1.1 })).toBe('MISS');
    expect(verdictOf(0.6, { figure: 'ratio', op: '>=', value: 0.6 })).not.toBe('MISS');
    expect(verdictOf(0.6, { figure: 'ratio', op: '>', value: 0.6 })).toBe('MISS');
    expect(verdictOf(Number.NaN, { figure: 'ratio', op: '<=', value: 1 })).toBe('MISS');
  });

  it('a figure that meets its goal by 10 % or less is at the edge, not PASS', () => {
    const atMost = { figure: 'ratio', op: '<=' as const, value: 1.1 };
    expect(verdictOf(1.0, atMost)).toBe('at the edge'); // 0.1 under: within 10 % of 1.1
    expect(verdictOf(0.98, atMost)).toBe('PASS');
    const atLeast = { figure: 'ratio', op: '>=' as const, value: 0.6 };
    expect(verdictOf(0.62, atLeast)).toBe('at the edge');
    expect(verdictOf(0.66, atLeast)).toBe('at the edge');
    expect(verdictOf(0.67, atLeast)).toBe('PASS');
    expect(verdictOf(0.59, atLeast)).toBe('MISS');
    expect(verdictOf(44, { figure: 'p99 ms', op: '<', value: 50 })).toBe('PASS');
    expect(verdictOf(45.5, { figure: 'p99 ms', op: '<', value: 50 })).toBe('at the edge');
  });

  it('spread gives median with min–max; pairRatios pairs runs in order', () => {
    expect(spread([3, 1, 2, 9, 4])).toEqual({ median: 3, min: 1, max: 9, n: 5 });
    expect(Number.isNaN(spread([1, Number.NaN]).median)).toBe(true);
    expect(Number.isNaN(spread([]).max)).toBe(true);
    expect(pairRatios([2, 9], [1, 3])).toEqual([2, 3]);
    expect(() => pairRatios([1], [1, 2])).toThrow(/as many subject runs/);
  });

  it('interleave alternates the order of each pair', () => {
    expect(interleave(3, 'a', 'b')).toEqual(['a', 'b', 'b', 'a', 'a', 'b']);
  });
});
