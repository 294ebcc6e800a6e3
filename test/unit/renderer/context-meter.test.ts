// The context meter's numbers (issue 10): the host's pushed context wins over what the transcript read from the
// trace; amber from 80 % of the compaction threshold (of the window when the threshold is unknown). Pure.
import { describe, expect, it } from 'vitest';
import { meterOf } from '../../../renderer/src/features/chat/context.js';

const host = (tokens: number, window = 32000, threshold = 20000) => ({
  sessionId: 's',
  tokens,
  window,
  threshold,
  instructions: [],
});

describe('meterOf', () => {
  it("uses the host's tokens, window and threshold; amber from 80 % of the threshold", () => {
    expect(meterOf(host(15_999), { contextTokens: 9, contextWindow: 8 })).toEqual({
      tokens: 15_999,
      window: 32000,
      threshold: 20000,
      near: false,
    });
    expect(meterOf(host(16_000), undefined)?.near).toBe(true);
  });
  it('without the host: the transcript, amber from 80 % of the window; nothing known: no meter', () => {
    expect(meterOf(undefined, { contextTokens: 1500 })).toEqual({ tokens: 1500, window: 0, threshold: 0, near: false });
    expect(meterOf(undefined, { contextTokens: 3300, contextWindow: 4000 })?.near).toBe(true);
    expect(meterOf(undefined, { contextWindow: 4000 })).toMatchObject({ tokens: 0, window: 4000 });
    expect(meterOf(undefined, {})).toBeNull();
    expect(meterOf(undefined, undefined)).toBeNull();
  });
  it('a fresh session: 0 tokens of a known window', () => {
    expect(meterOf(host(0), undefined)).toMatchObject({ tokens: 0, window: 32000, near: false });
  });
});
