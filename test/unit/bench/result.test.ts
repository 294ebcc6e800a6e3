import { describe, expect, it } from 'vitest';
import { fmtNum, fmtSpread, formatResult, formatSummary, makeResult } from '../../../bench/lib/result.js';

const machine = { cpus: 2, cpuModel: 'test cpu', node: 'v20.0.0', platform: 'linux-x64', totalMemMB: 4096 };
const base = { name: 'x', title: 'X', date: '2025-01-01T00:00:00.000Z', machine };

describe('bench results', () => {
  it('takes the median of per-run ratios with min–max, and checks the goal on the median', () => {
    const r = makeResult({
      ...base,
      baseline: { label: 'base', runs: [200, 200, 100, 200, 200], unit: 'ms' },
      subject: { label: 'subj', runs: [230, 260, 100, 200, 240], unit: 'ms' },
      goal: { figure: 'ratio', op: '<=', value: 1.1 },
    });
    expect(r.ratio.median).toBeCloseTo(1.15);
    expect(r.ratio.min).toBeCloseTo(1);
    expect(r.ratio.max).toBeCloseTo(1.3);
    expect(r.figure.runs).toHaveLength(5);
    expect(r.figure.median).toBeCloseTo(1.15);
    expect(r.subject.median).toBe(230);
    expect(r.baseline.min).toBe(100);
    expect(r.verdict).toBe('MISS');
    expect(r.runsMeetingGoal).toBe(2);
    expect(r.goal.text).toBe('ratio <= 1.1');
  });

  it('refuses a figure of fewer than 5 runs, and unpaired sides without explicit figure runs', () => {
    const five = { label: 'a', unit: 'ms', runs: [1, 2, 3, 4, 5] };
    const goal = { figure: 'ratio', op: '<=' as const, value: 2 };
    expect(() => makeResult({ ...base, baseline: five, subject: { ...five, runs: [1, 2, 3, 4] }, goal })).toThrow(
      /subject has 4 run\(s\); every figure needs at least 5/,
    );
    const six = { ...five, runs: [1, 2, 3, 4, 5, 6] };
    expect(() => makeResult({ ...base, baseline: five, subject: six, goal })).toThrow(/pass figureRuns/);
    expect(makeResult({ ...base, baseline: five, subject: six, goal, figureRuns: six.runs }).figure.median).toBe(3.5);
  });

  it('reports a median within 10 % of the goal as "at the edge", in the table and the summary', () => {
    const r = makeResult({
      ...base,
      name: 'loop',
      title: 'Loop',
      baseline: { label: 'idle', runs: [8, 8, 9, 7, 8], unit: 'ms p99' },
      subject: { label: 'busy', runs: [46, 47, 44, 60, 40], unit: 'ms p99' },
      goal: { figure: 'p99 ms', op: '<', value: 50 },
      figureRuns: [46, 47, 44, 60, 40],
      absolute: { chars: 1234567 },
      notes: ['a note'],
    });
    expect(r.figure.median).toBe(46);
    expect(r.verdict).toBe('at the edge');
    expect(r.runsMeetingGoal).toBe(4);
    const table = formatResult(r);
    expect(table).toMatch(/^== Loop \(loop\) ==/);
    expect(table).toMatch(/figure\s+p99 ms\s+46 \(40–60\)\s+goal p99 ms < 50/);
    expect(table).toMatch(/verdict\s+at the edge\s+4 of 5 runs met the goal/);
    expect(table).toContain('chars: 1,234,567');
    expect(table).toContain('note: a note');
    expect(formatSummary([r]).split('\n')[1]).toMatch(/^loop\s+p99 ms\s+46 \(40–60\)\s+5\s+p99 ms < 50\s+at the edge$/);
    const clear = makeResult({
      ...base,
      baseline: r.baseline,
      subject: r.subject,
      goal: r.goal,
      figureRuns: [20, 21, 22, 23, 24],
    });
    expect(clear.verdict).toBe('PASS');
  });

  it('formats numbers and spreads for humans', () => {
    expect(fmtNum(1234.6)).toBe('1,235');
    expect(fmtNum(12.345)).toBe('12.35');
    expect(fmtNum(0.05123)).toBe('0.0512');
    expect(fmtNum(Number.NaN)).toBe('NaN');
    expect(fmtSpread({ median: 868, min: 868, max: 868, n: 5 })).toBe('868');
    expect(fmtSpread({ median: 0.62, min: 0.5, max: 0.71, n: 5 })).toBe('0.620 (0.500–0.710)');
  });
});
