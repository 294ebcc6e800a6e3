import { describe, expect, it } from 'vitest';
import { replaceBetween, resultsTable } from '../../../bench/lib/markdown.js';
import { makeResult } from '../../../bench/lib/result.js';

const machine = { cpus: 2, cpuModel: 'test cpu', node: 'v20.0.0', platform: 'linux-x64', totalMemMB: 4096 };

describe('bench README table', () => {
  it('one row per figure: medians with ranges, the goal, the verdict (edge and miss in bold), runs meeting it', () => {
    const r = makeResult({
      name: 'pipe|name',
      title: 'T',
      date: '2025-01-01T00:00:00.000Z',
      machine,
      baseline: { label: 'b', unit: 'ms', runs: [10, 10, 10, 10, 10] },
      subject: { label: 's', unit: 'ms', runs: [46, 47, 44, 60, 40] },
      goal: { figure: 'p99 ms', op: '<', value: 50 },
      figureRuns: [46, 47, 44, 60, 40],
    });
    const [head, rule, row] = resultsTable([r]).split('\n');
    expect(head).toContain('figure: median (min–max)');
    expect(rule).toMatch(/^\| --- \|/);
    expect(row).toBe('| pipe\\|name | 10 ms | 46 (40–60) ms | 46 (40–60) | p99 ms < 50 | **at the edge** | 4 of 5 |');
  });

  it('replaces only what stands between the markers, and says where they must be when missing', () => {
    const doc = 'intro\n<!-- a -->\nold\n<!-- b -->\nrest';
    expect(replaceBetween(doc, '<!-- a -->', '<!-- b -->', 'new')).toBe('intro\n<!-- a -->\nnew\n<!-- b -->\nrest');
    expect(() => replaceBetween('nothing', '<!-- a -->', '<!-- b -->', 'x')).toThrow(/must contain <!-- a -->/);
  });
});
