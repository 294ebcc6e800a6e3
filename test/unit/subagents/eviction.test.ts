import { describe, expect, it } from 'vitest';
import { SUBAGENT_REFUSAL, chooseSubagentSlot } from '../../../main/environment/subagents/eviction.js';

const slots = (n: number, running: (i: number) => boolean) =>
  Array.from({ length: n }, (_, i) => ({
    id: `s${i}`,
    running: running(i),
    finishedAt: running(i) ? undefined : 1000 - i,
  }));

describe('subagent cap', () => {
  it('has room below 8', () => {
    expect(chooseSubagentSlot(slots(7, () => true))).toEqual({ kind: 'room' });
  });
  it('refuses when all 8 are running', () => {
    expect(chooseSubagentSlot(slots(8, () => true))).toEqual({ kind: 'refuse' });
    expect(SUBAGENT_REFUSAL).toBe(
      '[run_subagent error: too many background subagents; poll or finish existing ones first]',
    );
  });
  it('evicts the finished child that finished first, never a running one', () => {
    // s2 finished at 998, s5 at 995 → s5 finished earlier
    expect(chooseSubagentSlot(slots(8, (i) => i !== 2 && i !== 5))).toEqual({ kind: 'evict', id: 's5' });
  });
});
