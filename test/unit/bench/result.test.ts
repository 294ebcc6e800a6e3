import { describe, expect, it } from 'vitest';
import { fmtNum, formatResult, formatSummary, makeResult } from '../../../bench/lib/result.js';

const machine = { cpus: 2, cpuModel: 'test cpu', node: 'v20.0.0', platform: 'linux-x64', totalMemMB: 4096 };

describe('bench results', () => {
  it('derives the ratio and checks the goal on it by default', () => {
    const r = makeResult({
      name: 'x',
      title: 'X',
      date: '2025-01-01T00:00:00.000Z',
      machine,
      baseline: { label: 'base', value: 200, unit: 'ms' },
      subject: { label: 'subj', value: 230, unit: 'ms' },
      goal: { figure: 'ratio', op: '<=', value: 1.1 },
    });
    expect(r.ratio).toBeCloseTo(1.15);
    expect(r.figure).toBe(r.ratio);
    expect(r.verdict).toBe('MISS');
    expect(r.goal.text).toBe('ratio <= 1.1');
  });

  it('checks an absolute figure when one is given, and formats a table with the verdict', () => {
    const r = makeResult({
      name: 'loop',
      title: 'Loop',
      date: '2025-01-01T00:00:00.000Z',
      machine,
      baseline: { label: 'idle', value: 8, unit: 'ms p99' },
      subject: { label: 'busy', value: 40, unit: 'ms p99' },
      goal: { figure: 'p99 ms', op: '<', value: 50 },
      figure: 40,
      absolute: { chars: 1234567 },
      notes: ['a note'],
    });
    expect(r.ratio).toBe(5);
    expect(r.verdict).toBe('PASS');
    const table = formatResult(r);
    expect(table).toMatch(/^== Loop \(loop\) ==/);
    expect(table).toMatch(/verdict\s+PASS/);
    expect(table).toContain('chars: 1,234,567');
    expect(table).toContain('note: a note');
    expect(formatSummary([r]).split('\n')[1]).toMatch(/^loop\s+p99 ms\s+40\s+p99 ms < 50\s+PASS$/);
  });

  it('formats numbers for humans', () => {
    expect(fmtNum(1234.6)).toBe('1,235');
    expect(fmtNum(12.345)).toBe('12.35');
    expect(fmtNum(0.05123)).toBe('0.0512');
    expect(fmtNum(Number.NaN)).toBe('NaN');
  });
});
