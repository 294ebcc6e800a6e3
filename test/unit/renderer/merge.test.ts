import { describe, expect, it } from 'vitest';
import type { OmniMessage } from '../../../shared/omni/types.js';
import { mergeLoaded } from '../../../renderer/src/features/chat/merge.js';

const m = (t: string, text: string): OmniMessage => ({
  timestamp: t,
  type: 'model_msg',
  payload: { type: 'text', role: 'assistant', text },
});

describe('mergeLoaded', () => {
  it('drops live messages the stored trace already covers and keeps later ones', () => {
    const stored = [m('2025-01-01T00:00:01.000Z', 'a'), m('2025-01-01T00:00:02.000Z', 'b')];
    const live = [m('2025-01-01T00:00:02.000Z', 'b'), m('2025-01-01T00:00:03.000Z', 'c')];
    expect(mergeLoaded(stored, live).map((x) => (x.payload as any).text)).toEqual(['a', 'b', 'c']);
  });
  it('keeps every live message when nothing was stored', () => {
    expect(mergeLoaded([], [m('2025-01-01T00:00:01.000Z', 'x')])).toHaveLength(1);
  });
});
