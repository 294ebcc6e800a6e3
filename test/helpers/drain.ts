// Runs an OmniMessage generator to its end: every message it yielded, and what it returned.
import type { OmniMessage } from '../../shared/omni/types.js';

export async function drain<R = any>(gen: AsyncGenerator<OmniMessage, R>): Promise<{ msgs: OmniMessage[]; result: R }> {
  const msgs: OmniMessage[] = [];
  for (;;) {
    const r = await gen.next();
    if (r.done) return { msgs, result: r.value };
    msgs.push(r.value);
  }
}
