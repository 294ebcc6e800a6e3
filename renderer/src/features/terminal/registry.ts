// Live xterm instances by process id and the routing of `terminal.data` and `terminal.resync`: data for a mounted
// pane is queued in its feed (feed.ts), handed to xterm at most a frame's parsing budget per animation frame, and
// acknowledged (commands.ack) once xterm has parsed it; a backlog the pane cannot parse in a few frames is skipped
// (acknowledged with `behind`: the host answers with its screen). Data for a process without a pane is
// acknowledged at once (the pane draws the host's serialised screen when it opens). A resync (the pane fell behind
// and the host stopped its live data, or the pane skipped) resets the terminal in-band and draws the host's screen.
// Asking for a pane's screen makes this page a watcher of its command (in browser mode the host sends a page live
// data only for the panes it shows); a pane that goes says so (commands.unwatch), and after a reconnect every pane
// asks again. Acks are batched. Must not render React.
import type { Terminal } from '@xterm/xterm';
import { getApi } from '../../api/client.js';
import { PaneFeed } from './feed.js';
import { FULL_RESET, resyncReset } from './resync.js';

interface Handle {
  term: Terminal;
  sessionId: string;
  /**
   * null while the screen replay is in flight. The host's replay covers exactly the output already sent as
   * events, and its answer travels on the same ordered channel, so events that arrive before it are in it and
   * events after it are not.
   */
  replay: string | null;
  feed: PaneFeed;
  /** writes handed to xterm and not parsed yet (any of them may change the modes a resync's reset depends on) */
  unparsed: number;
}

const handles = new Map<string, Handle>();
const owed = new Map<string, { sessionId: string; chars: number }>();
let ackTimer: ReturnType<typeof setTimeout> | null = null;

/** Counters for tests and diagnostics: characters received and acknowledged, all processes. */
const termStats = { received: 0, acked: 0, resyncs: 0, skips: 0, skipped: 0 };
(globalThis as { __floeTermStats?: typeof termStats }).__floeTermStats = termStats;

function flushAcks(): void {
  ackTimer = null;
  for (const [processId, o] of owed) {
    termStats.acked += o.chars;
    if (o.chars > 0) void getApi().call('commands.ack', { sessionId: o.sessionId, processId, chars: o.chars });
  }
  owed.clear();
}

function ack(sessionId: string, processId: string, chars: number): void {
  const o = owed.get(processId) ?? { sessionId, chars: 0 };
  o.chars += chars;
  owed.set(processId, o);
  if (o.chars >= 20_000) flushAcks();
  else ackTimer ??= setTimeout(flushAcks, 16);
}

/** The pane dropped `chars` unparsed and wants the current screen (the host answers with terminal.resync). */
function skip(sessionId: string, processId: string, chars: number): void {
  flushAcks();
  termStats.acked += chars;
  termStats.skips++;
  termStats.skipped += chars;
  void getApi().call('commands.ack', { sessionId, processId, chars, behind: true });
}

let frameRequested = false;

/** Each animation frame: every pane's feed hands xterm its frame's share (or skips a backlog it cannot parse). */
function pump(): void {
  frameRequested = false;
  for (const [processId, h] of handles) {
    const step = h.feed.frame();
    if (step.skipped) skip(h.sessionId, processId, step.skipped);
    if (step.write) writeOut(processId, h, step.write);
  }
  wantFrame();
}

/** Hands `chunk` (taken from the pane's feed) to xterm; acknowledged once parsed. */
function writeOut(processId: string, h: Handle, chunk: string): void {
  const { feed, sessionId } = h;
  const t0 = performance.now();
  write(h, chunk, () => {
    feed.parsed(chunk.length, performance.now() - t0);
    ack(sessionId, processId, chunk.length);
    wantFrame();
  });
}

/** Hands `data` to the pane's xterm, counting it as unparsed until xterm has parsed it. */
function write(h: Handle, data: string, parsed?: () => void): void {
  h.unparsed++;
  h.term.write(data, () => {
    h.unparsed--;
    parsed?.();
  });
}

function wantFrame(): void {
  if (frameRequested) return;
  for (const h of handles.values()) {
    if (h.feed.wantsFrame) {
      frameRequested = true;
      requestAnimationFrame(pump);
      return;
    }
  }
}

/** Test hook: e2e tests read the buffer through the Terminal object. */
function expose(): Map<string, Terminal> {
  const g = globalThis as { __floeTerminals?: Map<string, Terminal> };
  g.__floeTerminals ??= new Map();
  return g.__floeTerminals;
}

export function register(processId: string, sessionId: string, term: Terminal): void {
  handles.set(processId, { term, sessionId, replay: null, feed: new PaneFeed(), unparsed: 0 });
  expose().set(processId, term);
  fetchScreen(processId, term, '');
}

/**
 * Asks for the host's screen of a pane (which also makes this client a watcher of the command: its live data comes
 * from then on) and draws it after `prefix` (a reset when the terminal already shows something).
 */
function fetchScreen(processId: string, term: Terminal, prefix: string): void {
  const h0 = handles.get(processId);
  if (!h0) return;
  getApi()
    .call('commands.scrollback', { sessionId: h0.sessionId, processId })
    .then((r) => {
      const h = handles.get(processId);
      if (!h || h.term !== term) return;
      const data = r.ok ? r.value.data : '';
      h.replay = data;
      if (prefix || data) write(h, prefix + data);
      if (!r.ok) write(h, `\r\n[could not load earlier output: ${r.error.message}]\r\n`);
    });
}

/**
 * The connection to the host was made anew (browser mode): it knows nothing of this page's panes, and output went
 * by unseen meanwhile. Every pane asks for the screen again and is redrawn from it.
 */
export function refetchAll(): void {
  for (const [processId, h] of handles) {
    h.replay = null;
    h.feed.resynced(); // queued data is older than the screen to come; the new connection owes nothing
    fetchScreen(processId, h.term, FULL_RESET); // in-band: after what xterm still has queued
  }
}

export function unregister(processId: string, term: Terminal): void {
  const h = handles.get(processId);
  if (h && h.term === term) {
    handles.delete(processId);
    // never drawn now: acknowledged, so the host does not count it as in flight
    const dropped = h.feed.resynced();
    if (dropped) ack(h.sessionId, processId, dropped);
    // and no more live data for this page
    void getApi().call('commands.unwatch', { sessionId: h.sessionId, processId });
  }
  if (expose().get(processId) === term) expose().delete(processId);
}

/** Route one `terminal.data` event. Returns true when a pane showed it. */
export function route(sessionId: string, processId: string, data: string): boolean {
  termStats.received += data.length;
  const h = handles.get(processId);
  if (!h) {
    ack(sessionId, processId, data.length);
    return false;
  }
  if (h.replay === null) {
    // emitted before the scrollback answer: the replay contains it
    ack(sessionId, processId, data.length);
    return true;
  }
  const dropped = h.feed.push(data);
  if (dropped) {
    ack(sessionId, processId, dropped); // skipping: the host's screen will cover it
    return true;
  }
  // a keystroke's echo goes to xterm now, so it is drawn at the next frame rather than the one after
  const now = h.feed.atOnce();
  if (now) writeOut(processId, h, now);
  else wantFrame();
  return true;
}

/** Route one `terminal.resync`: reset the pane and draw the host's screen (ignored while the replay is in flight). */
export function resync(sessionId: string, processId: string, data: string): void {
  termStats.received += data.length;
  const h = handles.get(processId);
  if (!h || h.replay === null) {
    // no pane (it will fetch the screen when it opens), or the replay in flight already covers this screen
    ack(sessionId, processId, data.length);
    return;
  }
  termStats.resyncs++;
  // what is still queued came before this screen, which covers it
  const covered = h.feed.resynced();
  if (covered) ack(sessionId, processId, covered);
  // a full reset unless the pane is in its plain state, where a lighter one gives the same start (resync.ts); the
  // state is read only when xterm has parsed everything it was given, else it may not be the state at the reset
  const reset = h.unparsed === 0 ? resyncReset(h.term.buffer.active.type, h.term.modes) : FULL_RESET;
  write(h, reset + data, () => ack(sessionId, processId, data.length));
}
