// Pure merge of a session's stored transcript (complete messages from its trace) with live messages that arrived
// while it loaded: live ones already covered by the trace (same or earlier timestamp) are dropped. No I/O.
import type { OmniMessage } from '../../../../shared/omni/types.js';

export function mergeLoaded(stored: readonly OmniMessage[], live: readonly OmniMessage[]): OmniMessage[] {
  const last = stored.length ? stored[stored.length - 1]!.timestamp : '';
  const lastMs = Date.parse(last);
  const later = live.filter((m) => !last || !(Date.parse(m.timestamp) <= lastMs));
  return [...stored, ...later];
}
