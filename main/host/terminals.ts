// The terminal hub: follows the command-session registries of live sessions (and their subagents), forwards raw
// pty data as `terminal.data` events batched every TERMINAL_BATCH_MS (the first after a quiet spell at once), and
// routes user input/resize/kill to the right registry. A connected client (a browser tab) gets a command's live
// data only while it shows its pane (it asked for its screen; commands.unwatch ends that), and of other commands
// only their first output, so it knows they printed; in-process listeners get everything. Panes never slow a
// command: flow.ts only bounds what is in flight to a pane; a pane that falls behind stops getting live data and
// is redrawn from the host's screen copy (screen.ts) once it has caught up (`terminal.resync`). A bounded raw tail
// per command seeds that copy when it is first needed.
// Must not interpret terminal contents or run commands itself; pauses a pty only for the host's own memory bound.
import { TERMINAL_BATCH_MS, type ApiCommandSession } from '../../shared/api.js';
import type { CommandEvent, CommandRegistry, CommandSessionInfo } from '../environment/commands/registry.js';
import { HostError, notFound } from './errors.js';
import type { Client, EventHub } from './events.js';
import {
  flowAcked,
  flowExited,
  flowListeners,
  flowResynced,
  flowRoom,
  flowSent,
  flowSkipped,
  newFlow,
  resyncDelay,
  type FlowAction,
  type FlowState,
} from './flow.js';
import { HostScreen } from './screen.js';

/** What the hub uses of a command registry (main/environment/commands/registry.ts). */
export type HubRegistry = Pick<
  CommandRegistry,
  'onEvent' | 'list' | 'write' | 'resize' | 'kill' | 'scrollback' | 'pause' | 'resume'
>;

/** Characters of raw output kept per command to seed its screen copy when a pane first needs it. */
const HUB_SCROLLBACK_CHARS = 512 * 1024;
/** Exited commands remembered per root session. */
const HUB_EXITED_KEPT = 64;

interface Proc {
  rootId: string;
  info: ApiCommandSession;
  registry: HubRegistry;
  /** raw tail (HUB_SCROLLBACK_CHARS at most) */
  scroll: string[];
  scrollLen: number;
  /** live data not emitted yet */
  pending: string;
  timer: ReturnType<typeof setTimeout> | null;
  flow: FlowState;
  /** the host's screen copy, made when a pane first needs it, dropped at exit */
  screen: HostScreen | null;
  /** the final screen of an exited command */
  final?: string;
  /** snapshots in progress: no live data goes out meanwhile (so each snapshot has a clean position) */
  frozen: number;
  /** paused because the screen copy's parser is far behind (host memory bound) */
  memoryPaused: boolean;
  /** when the last resync went out, and the timer of one waiting for RESYNC_MIN_INTERVAL_MS */
  lastResyncAt?: number;
  resyncTimer: ReturnType<typeof setTimeout> | null;
  /** clients showing its pane (they asked for its screen, commands.scrollback): they get its live data */
  watchers: Set<Client>;
  /** clients that got its first output without watching it (so they know it printed: panes open on output) */
  told: WeakSet<Client>;
  /** when live data last went out */
  sentAt?: number;
}

const iso = (v: number | string | Date | null | undefined): string | undefined => {
  if (v === undefined || v === null) return undefined;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
};
const sig = (v: string | number | null | undefined): string | undefined =>
  v === undefined || v === null || v === 0 ? undefined : String(v);

export class TerminalHub {
  private procs = new Map<string, Proc>();
  private detachers = new Map<string, (() => void)[]>();
  private attached = new WeakSet<HubRegistry>();
  /** resyncs sent so far (diagnostics and tests) */
  resyncs = 0;

  constructor(private readonly events: EventHub) {}

  /** Follow a registry; its commands belong to session `ownerId` (a root session or one of its subagents). */
  attach(rootId: string, ownerId: string, registry: HubRegistry): void {
    if (this.attached.has(registry)) return;
    this.attached.add(registry);
    const off = registry.onEvent((e) => this.onEvent(rootId, ownerId, registry, e));
    const list = this.detachers.get(rootId) ?? [];
    list.push(off);
    this.detachers.set(rootId, list);
    for (const info of registry.list()) if (!this.procs.has(info.id)) this.add(rootId, ownerId, registry, info, false);
  }

  /** Stop following a root session's registries (after it was disposed); its records are dropped. */
  detachRoot(rootId: string): void {
    for (const off of this.detachers.get(rootId) ?? []) off();
    this.detachers.delete(rootId);
    for (const [id, p] of [...this.procs]) {
      if (p.rootId !== rootId) continue;
      this.drop(p);
      this.procs.delete(id);
    }
  }

  private drop(p: Proc): void {
    if (p.timer) clearTimeout(p.timer);
    p.timer = null;
    if (p.resyncTimer) clearTimeout(p.resyncTimer);
    p.resyncTimer = null;
    p.screen?.dispose();
    p.screen = null;
  }

  private add(rootId: string, ownerId: string, registry: HubRegistry, i: CommandSessionInfo, announce: boolean): Proc {
    const info: ApiCommandSession = {
      id: i.id,
      sessionId: ownerId,
      cmd: i.cmd,
      cwd: i.cwd,
      status: i.status,
      startedAt: iso(i.startedAt) ?? new Date().toISOString(),
      cols: i.cols,
      rows: i.rows,
      ...(typeof i.exitCode === 'number' ? { exitCode: i.exitCode } : {}),
      ...(sig(i.signal) ? { signal: sig(i.signal) } : {}),
      ...(iso(i.endedAt) ? { endedAt: iso(i.endedAt) } : {}),
    };
    let initial: string;
    try {
      initial = registry.scrollback(i.id) ?? '';
    } catch {
      initial = '';
    }
    const p: Proc = {
      rootId,
      info,
      registry,
      scroll: [],
      scrollLen: 0,
      pending: '',
      timer: null,
      flow: newFlow(),
      screen: null,
      frozen: 0,
      memoryPaused: false,
      resyncTimer: null,
      watchers: new Set(),
      told: new WeakSet(),
    };
    if (initial) this.keep(p, initial);
    this.procs.set(i.id, p);
    this.trimExited(rootId);
    if (announce) this.events.emit('terminal.started', { ...info });
    return p;
  }

  private onEvent(rootId: string, ownerId: string, registry: HubRegistry, e: CommandEvent): void {
    if (e.kind === 'started') {
      if (!this.procs.has(e.info.id)) this.add(rootId, ownerId, registry, e.info, true);
      return;
    }
    const p = this.procs.get(e.id);
    if (!p) return;
    if (e.kind === 'data') {
      this.keep(p, e.data);
      p.screen?.write(e.data);
      // behind, or waiting to resync: the pane gets a screen copy that covers this; while a copy is being made,
      // data is held to go out after it
      if (p.flow.mode === 'behind' || (p.flow.mode === 'resyncing' && !p.frozen)) return;
      p.pending += e.data;
      this.schedule(e.id, p, true);
    } else if (e.kind === 'exit') {
      this.flush(e.id);
      p.info.status = 'exited';
      if (typeof e.exitCode === 'number') p.info.exitCode = e.exitCode;
      const s = sig(e.signal);
      if (s) p.info.signal = s;
      p.info.endedAt = new Date().toISOString();
      this.memoryBound(p, false);
      this.act(e.id, p, flowExited(p.flow));
      this.events.emit('terminal.exit', {
        sessionId: p.info.sessionId,
        processId: e.id,
        ...(p.info.exitCode !== undefined ? { exitCode: p.info.exitCode } : {}),
        ...(s ? { signal: s } : {}),
      });
      void this.settleExited(e.id, p);
    }
    // 'removed': the registry released it; the hub keeps the record (and its screen) for panes.
  }

  /** After exit: keep the final screen as a string and free the terminal copy (once no resync needs it). */
  private async settleExited(id: string, p: Proc): Promise<void> {
    const screen = p.screen;
    if (!screen) return;
    // a copy already being made may miss the last output: wait for it and take one that covers everything
    for (let busy = screen.inFlight(); busy; busy = screen.inFlight()) await busy;
    const settles = () => this.procs.get(id) === p && p.screen === screen && p.flow.mode !== 'resyncing';
    if (!settles()) return; // the resync path settles it
    const final = await screen.snapshot();
    if (!settles()) return;
    p.final = final;
    screen.dispose();
    p.screen = null;
  }

  private keep(p: Proc, data: string): void {
    p.scroll.push(data);
    p.scrollLen += data.length;
    while (p.scrollLen > HUB_SCROLLBACK_CHARS && p.scroll.length > 1) p.scrollLen -= p.scroll.shift()!.length;
    if (p.scrollLen > HUB_SCROLLBACK_CHARS) {
      p.scroll[0] = p.scroll[0]!.slice(p.scrollLen - HUB_SCROLLBACK_CHARS);
      p.scrollLen = HUB_SCROLLBACK_CHARS;
    }
  }

  /** The screen copy, made from the raw tail the first time it is needed; fed with every chunk from then on. */
  private screenOf(id: string, p: Proc): HostScreen {
    if (!p.screen) {
      p.screen = new HostScreen(p.info.cols, p.info.rows, p.scroll.join(''), (high) => this.memoryBound(p, high));
    }
    return p.screen;
  }

  /** The screen copy's parser is far behind: pause the pty until it catches up (the host's own memory bound). */
  private memoryBound(p: Proc, high: boolean): void {
    const want = high && p.info.status === 'running';
    if (want === p.memoryPaused) return;
    p.memoryPaused = want;
    try {
      if (want) p.registry.pause(p.info.id);
      else p.registry.resume(p.info.id);
    } catch {
      /* the process is gone */
    }
  }

  /**
   * Live data goes out every TERMINAL_BATCH_MS; with `quietFirst`, data after a quiet spell of the command (a
   * keystroke's echo) goes out at once instead of waiting for the batch.
   */
  private schedule(id: string, p: Proc, quietFirst = false): void {
    if (p.timer || p.frozen) return;
    if (quietFirst && Date.now() - (p.sentAt ?? 0) >= TERMINAL_BATCH_MS) this.flush(id);
    else p.timer = setTimeout(() => this.flush(id), TERMINAL_BATCH_MS);
  }

  private flush(id: string): void {
    const p = this.procs.get(id);
    if (!p) return;
    if (p.timer) clearTimeout(p.timer);
    p.timer = null;
    if (!p.pending || p.frozen || p.flow.mode !== 'live') return;
    const room = flowRoom(p.flow, this.participants(p));
    const data = p.pending.length > room ? p.pending.slice(0, room) : p.pending;
    p.pending = ''; // past the room, the rest is dropped: the pane is behind now and gets a screen copy later
    p.sentAt = Date.now();
    this.events.emitTo('terminal.data', { sessionId: p.info.sessionId, processId: id, data }, (c) => {
      if (p.watchers.has(c)) return true;
      if (p.told.has(c)) return false;
      p.told.add(c);
      return true;
    });
    this.act(id, p, flowSent(p.flow, data.length, this.participants(p)));
    // an exited command's last data did not all fit: its pane is behind with nothing more to come, so it gets the
    // final screen now
    if (p.info.status === 'exited') this.act(id, p, flowExited(p.flow));
  }

  private act(id: string, p: Proc, step: { state: FlowState; action: FlowAction }): void {
    p.flow = step.state;
    if (step.action === 'stop') {
      // behind: from now on only the screen copy follows the stream
      p.pending = '';
      this.screenOf(id, p);
    } else if (step.action === 'resync' && !p.resyncTimer) {
      const wait = resyncDelay(Date.now(), p.lastResyncAt);
      if (wait === 0) void this.resync(id, p);
      else {
        p.resyncTimer = setTimeout(() => {
          p.resyncTimer = null;
          if (this.procs.get(id) === p) void this.resync(id, p);
        }, wait);
      }
    }
  }

  /** Sends the pane a copy of the screen, then live data from that point on. */
  private async resync(id: string, p: Proc): Promise<void> {
    const screen = this.screenOf(id, p);
    // a copy already being made (for a pane that opened) misses what came since, which the pane did not get live
    for (let busy = screen.inFlight(); busy; busy = screen.inFlight()) await busy;
    if (this.procs.get(id) !== p || p.screen !== screen) return;
    p.pending = ''; // everything so far is in the copy; data from now on is held until the copy is out
    p.frozen++;
    let data: string;
    try {
      data = await screen.snapshot();
    } finally {
      p.frozen--;
    }
    if (this.procs.get(id) !== p) return;
    this.resyncs++;
    p.lastResyncAt = Date.now();
    this.emitResync(p, data);
    p.flow = flowResynced(p.flow, data.length);
    if (p.info.status === 'exited') {
      if (p.pending) {
        // the last output came while the copy was made: it goes out live now, and the final screen includes it
        this.flush(id);
        void this.settleExited(id, p);
      } else {
        p.final = data;
        p.screen?.dispose();
        p.screen = null;
      }
      return;
    }
    this.schedule(id, p);
  }

  private trimExited(rootId: string): void {
    const exited = [...this.procs.values()].filter((p) => p.rootId === rootId && p.info.status === 'exited');
    for (const p of exited.slice(0, Math.max(0, exited.length - HUB_EXITED_KEPT))) {
      this.drop(p);
      this.procs.delete(p.info.id);
    }
  }

  /**
   * Who flow control waits for: the clients showing the pane, and listeners that belong to no client (an in-process
   * observer, a desktop window), which get every event as before clients existed.
   */
  private participants(p: Proc): number {
    return this.events.unboundCount + p.watchers.size;
  }

  private emitResync(p: Proc, data: string): void {
    const payload = { sessionId: p.info.sessionId, processId: p.info.id, data };
    this.events.emitTo('terminal.resync', payload, (c) => p.watchers.has(c));
  }

  /** The set of listeners changed: forget what was owed; a pane that was behind is redrawn now. */
  listenersChanged(_count?: number): void {
    for (const [id, p] of this.procs) this.act(id, p, flowListeners(p.flow, this.participants(p)));
  }

  /** A client went: it watches nothing any more (listenersChanged follows). */
  clientGone(client: Client): void {
    for (const p of this.procs.values()) p.watchers.delete(client);
  }

  // ── requests from clients ──────────────────────────────────────────────────────────────────────────
  list(rootId: string): ApiCommandSession[] {
    return [...this.procs.values()].filter((p) => p.rootId === rootId).map((p) => ({ ...p.info }));
  }

  private proc(sessionId: string, processId: string): Proc {
    const p = this.procs.get(processId);
    if (!p || (p.rootId !== sessionId && p.info.sessionId !== sessionId)) {
      throw notFound(`Session ${sessionId} has no command ${processId}; reload the terminal list.`);
    }
    return p;
  }

  private running(sessionId: string, processId: string): Proc {
    const p = this.proc(sessionId, processId);
    if (p.info.status !== 'running')
      throw new HostError('conflict', `Command ${processId} has exited; it takes no more input.`);
    return p;
  }

  /**
   * The screen so far, serialised (for a pane that opens): it covers exactly the `terminal.data` sent before the
   * answer; live data sent after the answer continues from it — so a pane that ignores the data events arriving
   * before the answer, draws the answer, then applies later events, shows every byte once.
   */
  async scrollback(sessionId: string, processId: string, client?: Client): Promise<string> {
    const p = this.proc(sessionId, processId);
    if (client && !p.watchers.has(client)) {
      this.flush(processId); // what is pending goes out to those watching already
      p.watchers.add(client);
      this.act(processId, p, flowListeners(p.flow, this.participants(p)));
    }
    if (p.final !== undefined) return p.final;
    this.flush(processId); // what is pending goes out now: it is in the copy, and the pane ignores it
    p.frozen++;
    try {
      const screen = p.screen ?? (p.info.status === 'exited' ? null : this.screenOf(processId, p));
      if (screen) return await screen.snapshot();
      // an exited command no pane has looked at: a one-off copy from the raw tail
      const once = new HostScreen(p.info.cols, p.info.rows, p.scroll.join(''));
      try {
        p.final = await once.snapshot();
        return p.final;
      } finally {
        once.dispose();
      }
    } finally {
      p.frozen--;
      // the answer leaves before any timer runs: live data resumes after it
      if (this.procs.get(processId) === p && p.pending) this.schedule(processId, p);
    }
  }

  write(sessionId: string, processId: string, data: string): void {
    this.running(sessionId, processId).registry.write(processId, data);
  }

  resize(sessionId: string, processId: string, cols: number, rows: number): void {
    const p = this.running(sessionId, processId);
    p.registry.resize(processId, cols, rows);
    p.info.cols = cols;
    p.info.rows = rows;
    p.screen?.resize(cols, rows);
  }

  kill(sessionId: string, processId: string): void {
    const p = this.proc(sessionId, processId);
    if (p.info.status === 'running') p.registry.kill(processId);
  }

  /** The client's pane of this command closed: no more live data for it (commands.unwatch). */
  unwatch(sessionId: string, processId: string, client: Client): void {
    const p = this.proc(sessionId, processId);
    if (!p.watchers.delete(client)) return;
    this.act(processId, p, flowListeners(p.flow, this.participants(p)));
  }

  /**
   * `behind`: the pane skipped these characters unparsed and wants the screen as it is now (flowSkipped). A client
   * that does not watch the command (it was only told of its output) is not counted: flow waits for its watchers.
   */
  ack(sessionId: string, processId: string, chars: number, behind = false, client?: Client): void {
    const p = this.proc(sessionId, processId);
    if (client && !p.watchers.has(client)) return;
    if (!behind) {
      this.act(processId, p, flowAcked(p.flow, chars));
      return;
    }
    if (p.final !== undefined && !p.screen) {
      // exited and settled: its final screen is all there is to draw
      p.flow = flowResynced(flowAcked(p.flow, chars).state, p.final.length);
      this.emitResync(p, p.final);
      return;
    }
    this.act(processId, p, flowSkipped(p.flow, chars));
  }

  /** Test/diagnostic view of one command's flow state. */
  flowOf(processId: string): FlowState | undefined {
    const p = this.procs.get(processId);
    return p ? { ...p.flow } : undefined;
  }

  /** Test/diagnostic view of the host's screen copy: its visible rows (the final screen of an exited command). */
  async screenText(processId: string): Promise<string[] | undefined> {
    const p = this.procs.get(processId);
    if (!p) return undefined;
    if (p.screen) return p.screen.visibleText();
    if (p.final === undefined) return undefined;
    const once = new HostScreen(p.info.cols, p.info.rows, p.final);
    try {
      return await once.visibleText();
    } finally {
      once.dispose();
    }
  }

  dispose(): void {
    for (const id of [...this.detachers.keys()]) this.detachRoot(id);
  }
}
