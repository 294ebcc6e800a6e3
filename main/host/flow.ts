// Terminal flow control as a pure state machine (DESIGN "Terminals"): characters sent to clients but not yet
// acknowledged; pause the pty above the high watermark, resume below the low one; never stay paused while no
// client is listening. Pure: no timers, no pty, no events.
import { TERMINAL_HIGH_WATERMARK, TERMINAL_LOW_WATERMARK } from '../../shared/api.js';

export interface FlowState {
  unacked: number;
  paused: boolean;
}

export type FlowAction = 'pause' | 'resume' | null;

export interface Watermarks {
  high: number;
  low: number;
}

export const DEFAULT_WATERMARKS: Watermarks = { high: TERMINAL_HIGH_WATERMARK, low: TERMINAL_LOW_WATERMARK };

export const newFlow = (): FlowState => ({ unacked: 0, paused: false });

/** `chars` were sent to clients. Without listeners nothing is counted (nobody will ack). */
export function flowSent(s: FlowState, chars: number, listeners: number, w: Watermarks = DEFAULT_WATERMARKS): { state: FlowState; action: FlowAction } {
  if (listeners <= 0) return flowNoListeners(s);
  const unacked = s.unacked + Math.max(0, chars);
  if (!s.paused && unacked > w.high) return { state: { unacked, paused: true }, action: 'pause' };
  return { state: { unacked, paused: s.paused }, action: null };
}

/** A client acknowledged `chars` parsed characters. */
export function flowAcked(s: FlowState, chars: number, w: Watermarks = DEFAULT_WATERMARKS): { state: FlowState; action: FlowAction } {
  const unacked = Math.max(0, s.unacked - Math.max(0, chars));
  if (s.paused && unacked < w.low) return { state: { unacked, paused: false }, action: 'resume' };
  return { state: { unacked, paused: s.paused }, action: null };
}

/** The last listener left: forget what is owed and resume, so a host with no UI never stalls commands. */
export function flowNoListeners(s: FlowState): { state: FlowState; action: FlowAction } {
  return { state: { unacked: 0, paused: false }, action: s.paused ? 'resume' : null };
}
