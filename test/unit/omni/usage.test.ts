// Context meter and cost (shared/usage.ts): prices per million tokens, cached input priced apart, nothing without
// prices; the context is the last request's prompt and drops to 0 after a completed compaction.
import { describe, expect, it } from 'vitest';
import { costOf, formatMeter, summarizeUsage } from '../../../shared/usage.js';
import type { OmniMessage } from '../../../shared/omni/types.js';

const usage = (total: number, output: number, cache_read = 0) => ({ cache_read, cache_write: 0, output, total });
const ev = (payload: object, origin?: string[]): OmniMessage =>
  ({ timestamp: 't', type: 'event_msg', payload, ...(origin ? { origin } : {}) }) as OmniMessage;

describe('usage', () => {
  it('prices input, cached input and output per million tokens', () => {
    // 1 000 000 prompt tokens of which 200 000 cached, 100 000 output
    const t = usage(1_100_000, 100_000, 200_000);
    expect(costOf(t, { input_per_mtok: 3, output_per_mtok: 15, cached_input_per_mtok: 0.3 })).toBeCloseTo(
      800_000 * 3e-6 + 200_000 * 0.3e-6 + 100_000 * 15e-6,
    );
    expect(costOf(t, { input_per_mtok: 2 })).toBeCloseTo(1_000_000 * 2e-6); // cached input at the input price
    expect(costOf(t, {})).toBeUndefined();
    expect(costOf(t, undefined)).toBeUndefined();
  });

  it('context = the last request prompt; a completed compaction resets it; child lines are ignored', () => {
    const meta = {
      timestamp: 't',
      type: 'session_meta',
      payload: { model_context_window: 4000 },
    } as unknown as OmniMessage;
    const u1 = ev({ type: 'token_usage', request: usage(1300, 100), session: usage(1300, 100) });
    const u2 = ev({ type: 'token_usage', request: usage(2200, 100), session: usage(3500, 200) });
    const child = ev({ type: 'token_usage', request: usage(9999, 1), session: usage(9999, 1) }, ['child']);
    expect(summarizeUsage([meta, u1, u2, child])).toMatchObject({
      context: 2100,
      window: 4000,
      session: usage(3500, 200),
      compactions: 0,
    });
    const s = summarizeUsage([meta, u1, u2, ev({ type: 'compaction_end', status: 'completed' })]);
    expect(s).toMatchObject({ context: 0, compactions: 1 });
    expect(summarizeUsage([meta, u1, ev({ type: 'compaction_end', status: 'failed' })]).context).toBe(1200);
    expect(formatMeter(2100, 4000)).toBe('2 100 / 4 000 (53 %)');
  });
});
