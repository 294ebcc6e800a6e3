// Terminal flow control toward panes as a pure state machine (DESIGN "Terminals"). It never slows the command:
// the pty is read at full speed for the model view and the trace whatever the panes do. It only bounds what is in
// flight to the pane: characters sent as `terminal.data` but not yet acknowledged. Above the high watermark the
// pane is "behind": live data stops going out (the host's screen copy still follows the stream). Once the pane has
// acknowledged down below the low watermark, it is resynchronised: the host sends its serialised screen
// (`terminal.resync`) and live data resumes from there — like a tmux client that is redrawn instead of replayed.
// Pure: no timers, no pty, no events.
import { TERMINAL_HIGH_WATERMARK, TERMINAL_LOW_WATERMARK } from '../../shared/api.js';

/** live: data goes out; behind: nothing goes out until the pane catches up; resyncing: a screen copy is being made. */
type FlowMode = 'live' | 'behind' | 'resyncing';

export interface FlowState {
  mode: FlowMode;
  /** characters sent (data or resync screens) and not yet acknowledged */
  unacked: number;
}

/** stop: drop the live stream (the pane is behind); resync: take a screen copy and send it. */
export type FlowAction = 'stop' | 'resync' | null;

export interface Watermarks {
  high: number;
  low: number;
}

const DEFAULT_WATERMARKS: Watermarks = { high: TERMINAL_HIGH_WATERMARK, low: TERMINAL_LOW_WATERMARK };

export interface FlowStep {
  state: FlowState;
  action: FlowAction;
}

export const newFlow = (): FlowState => ({ mode: 'live', unacked: 0 });

/** Resyncs of one pane are at least this far apart: a pane under a flood is redrawn ~5 times a second. */
const RESYNC_MIN_INTERVAL_MS = 200;

/** How long to wait before the next resync, given when the previous one went out. */
export function resyncDelay(
  now: number,
  lastResyncAt: number | undefined,
  minInterval = RESYNC_MIN_INTERVAL_MS,
): number {
  if (lastResyncAt === undefined) return 0;
  return Math.max(0, lastResyncAt + minInterval - now);
}

/** `chars` of live data were sent. Without listeners nothing is counted (nobody will ack). */
export function flowSent(s: FlowState, chars: number, listeners: number, w: Watermarks = DEFAULT_WATERMARKS): FlowStep {
  if (listeners <= 0) return { state: newFlow(), action: null };
  const unacked = s.unacked + Math.max(0, chars);
  if (s.mode === 'live' && unacked > w.high) return { state: { mode: 'behind', unacked }, action: 'stop' };
  return { state: { mode: s.mode, unacked }, action: null };
}

/**
 * How many characters of live data may go out now: up to just past the high watermark (the rest is dropped, the
 * pane then being behind), so what is in flight to a pane never exceeds high + 1 plus one screen copy.
 */
export function flowRoom(s: FlowState, listeners: number, w: Watermarks = DEFAULT_WATERMARKS): number {
  if (listeners <= 0) return Number.POSITIVE_INFINITY;
  if (s.mode !== 'live') return 0;
  return Math.max(1, w.high + 1 - s.unacked);
}

/** A client acknowledged `chars` parsed characters; a pane that was behind and caught up gets a resync. */
export function flowAcked(s: FlowState, chars: number, w: Watermarks = DEFAULT_WATERMARKS): FlowStep {
  const unacked = Math.max(0, s.unacked - Math.max(0, chars));
  if (s.mode === 'behind' && unacked < w.low) return { state: { mode: 'resyncing', unacked }, action: 'resync' };
  return { state: { mode: s.mode, unacked }, action: null };
}

/**
 * The pane skipped `chars` characters unparsed (it could not parse its backlog within its frame budget) and asks to
 * be redrawn: they no longer count as in flight, and a live pane is behind from now on — resynchronised at once
 * when little else is in flight, else once it has acknowledged the rest down below the low watermark.
 */
export function flowSkipped(s: FlowState, chars: number, w: Watermarks = DEFAULT_WATERMARKS): FlowStep {
  if (s.mode !== 'live') return flowAcked(s, chars, w);
  const unacked = Math.max(0, s.unacked - Math.max(0, chars));
  if (unacked < w.low) return { state: { mode: 'resyncing', unacked }, action: 'resync' };
  return { state: { mode: 'behind', unacked }, action: 'stop' };
}

/** The screen copy of `chars` characters went out: live again, with the screen in flight. */
export function flowResynced(s: FlowState, chars: number): FlowState {
  return { mode: 'live', unacked: s.unacked + Math.max(0, chars) };
}

/**
 * The command exited: a pane that is behind gets its final screen now, without waiting for acks (nothing more
 * will be sent after it, so what is in flight stays bounded).
 */
export function flowExited(s: FlowState): FlowStep {
  if (s.mode === 'behind') return { state: { mode: 'resyncing', unacked: s.unacked }, action: 'resync' };
  return { state: s, action: null };
}

/**
 * The set of clients changed: what is owed is forgotten (a client that left never acks; one that joined reads
 * the screen afresh). A pane that was behind is resynchronised at once while anyone still listens.
 */
export function flowListeners(s: FlowState, listeners: number): FlowStep {
  if (listeners <= 0 && s.mode !== 'resyncing') return { state: newFlow(), action: null };
  if (s.mode === 'behind') return { state: { mode: 'resyncing', unacked: 0 }, action: 'resync' };
  return { state: { mode: s.mode, unacked: 0 }, action: null };
}
