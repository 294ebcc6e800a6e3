// What the host says of each session's context (zustand): tokens in context, the model's window, the compaction
// threshold and the project instruction files. Filled by the `session.context` event (pushed when a session is
// created or resumed, after each request and compaction) and by sessions.context when a session is opened.
// Plus the pure reading of the meter. Must not touch the DOM.
import { create } from 'zustand';
import type { ApiSessionContext } from '../../../../shared/api.js';
import { call } from '../../api/client.js';

export interface SessionContextState {
  bySession: Record<string, ApiSessionContext>;
  put(c: ApiSessionContext): void;
  /** ask the host (a session opened from the list); failures leave the meter to the transcript */
  load(sessionId: string): Promise<void>;
}

export const useSessionContext = create<SessionContextState>((set) => ({
  bySession: {},
  put: (c) => set((s) => ({ bySession: { ...s.bySession, [c.sessionId]: c } })),
  async load(sessionId) {
    try {
      const c = await call('sessions.context', { sessionId });
      set((s) => ({ bySession: { ...s.bySession, [sessionId]: c } }));
    } catch {
      /* the transcript's own numbers stay */
    }
  },
}));

/** amber from this share of the compaction threshold */
const NEAR_SHARE = 0.8;

export interface Meter {
  tokens: number;
  /** 0 when unknown */
  window: number;
  /** 0 when unknown */
  threshold: number;
  near: boolean;
}

/**
 * The meter's numbers: the host's context when it has sent one, else what the transcript read from the trace (its
 * last request, its session_meta). Amber from 80 % of the threshold (of the window when the threshold is unknown).
 */
export function meterOf(
  host: ApiSessionContext | undefined,
  transcript: { contextTokens?: number; contextWindow?: number } | undefined,
): Meter | null {
  const tokens = host?.tokens ?? transcript?.contextTokens;
  const window = host?.window || transcript?.contextWindow || 0;
  if (tokens === undefined && !window) return null;
  const threshold = host?.threshold ?? 0;
  const limit = threshold || window;
  return { tokens: tokens ?? 0, window, threshold, near: limit > 0 && (tokens ?? 0) >= NEAR_SHARE * limit };
}
