// Subagent cap (SPEC §5): at most 8 kept; only finished children are evicted (the longest-finished first),
// running ones never; with no room the spawn is refused. Pure.
const SUBAGENT_CAP = 8;
export const SUBAGENT_REFUSAL =
  '[run_subagent error: too many background subagents; poll or finish existing ones first]';

export interface SubagentSlot {
  id: string;
  running: boolean;
  /** when its last round finished (ms since epoch); undefined while running */
  finishedAt?: number;
}

export type SlotDecision = { kind: 'room' } | { kind: 'evict'; id: string } | { kind: 'refuse' };

export function chooseSubagentSlot(slots: readonly SubagentSlot[], cap = SUBAGENT_CAP): SlotDecision {
  if (slots.length < cap) return { kind: 'room' };
  const finished = slots.filter((s) => !s.running);
  if (!finished.length) return { kind: 'refuse' };
  finished.sort((a, b) => (a.finishedAt ?? 0) - (b.finishedAt ?? 0) || a.id.localeCompare(b.id));
  return { kind: 'evict', id: finished[0].id };
}
