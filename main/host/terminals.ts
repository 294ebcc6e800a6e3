// The terminal hub: follows the command-session registries of live sessions (and their subagents), forwards raw
// pty data as `terminal.data` events batched every TERMINAL_BATCH_MS, applies ack-based flow control (flow.ts),
// keeps a bounded copy of each stream for late panes, and routes user input/resize/kill to the right registry.
// Must not interpret terminal contents or run commands itself.
import { TERMINAL_BATCH_MS, type ApiCommandSession } from '../../shared/api.js';
import { HostError, notFound } from './errors.js';
import type { EventHub } from './events.js';
import { flowAcked, flowNoListeners, flowSent, newFlow, type FlowAction, type FlowState } from './flow.js';

/** What the hub needs from main/environment/commands/registry.ts (structural, so either side can evolve). */
export interface CommandInfoLike {
  id: string;
  cmd: string;
  cwd: string;
  status: 'running' | 'exited';
  exitCode?: number | null;
  signal?: string | number | null;
  startedAt: number | string | Date;
  endedAt?: number | string | Date | null;
  cols: number;
  rows: number;
}
export type CommandEventLike =
  | { kind: 'started'; info: CommandInfoLike }
  | { kind: 'data'; id: string; data: string }
  | { kind: 'exit'; id: string; exitCode?: number | null; signal?: string | number | null }
  | { kind: 'removed'; id: string };
export interface CommandRegistryLike {
  onEvent(cb: (e: CommandEventLike) => void): () => void;
  list(): CommandInfoLike[];
  write(id: string, data: string): unknown;
  resize(id: string, cols: number, rows: number): unknown;
  kill(id: string, signal?: string): unknown;
  scrollback(id: string): string;
  pause?(id: string): unknown;
  resume?(id: string): unknown;
}

/** Characters of raw output kept per command for panes opened late. */
export const HUB_SCROLLBACK_CHARS = 512 * 1024;
/** Exited commands remembered per root session. */
export const HUB_EXITED_KEPT = 64;

interface Proc {
  rootId: string;
  info: ApiCommandSession;
  registry: CommandRegistryLike;
  scroll: string[];
  scrollLen: number;
  pending: string;
  timer: ReturnType<typeof setTimeout> | null;
  flow: FlowState;
}

const iso = (v: number | string | Date | null | undefined): string | undefined => {
  if (v === undefined || v === null) return undefined;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
};
const sig = (v: string | number | null | undefined): string | undefined => (v === undefined || v === null || v === 0 ? undefined : String(v));

export class TerminalHub {
  private procs = new Map<string, Proc>();
  private detachers = new Map<string, (() => void)[]>();
  private attached = new WeakSet<CommandRegistryLike>();

  constructor(private readonly events: EventHub) {}

  /** Follow a registry; its commands belong to session `ownerId` (a root session or one of its subagents). */
  attach(rootId: string, ownerId: string, registry: CommandRegistryLike): void {
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
      if (p.timer) clearTimeout(p.timer);
      this.procs.delete(id);
    }
  }

  private add(rootId: string, ownerId: string, registry: CommandRegistryLike, i: CommandInfoLike, announce: boolean): Proc {
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
    const p: Proc = { rootId, info, registry, scroll: initial ? [initial] : [], scrollLen: initial.length, pending: '', timer: null, flow: newFlow() };
    this.procs.set(i.id, p);
    this.trimExited(rootId);
    if (announce) this.events.emit('terminal.started', { ...info });
    return p;
  }

  private onEvent(rootId: string, ownerId: string, registry: CommandRegistryLike, e: CommandEventLike): void {
    if (e.kind === 'started') {
      if (!this.procs.has(e.info.id)) this.add(rootId, ownerId, registry, e.info, true);
      return;
    }
    const p = this.procs.get(e.id);
    if (!p) return;
    if (e.kind === 'data') {
      this.keep(p, e.data);
      p.pending += e.data;
      if (!p.timer) p.timer = setTimeout(() => this.flush(e.id), TERMINAL_BATCH_MS);
    } else if (e.kind === 'exit') {
      this.flush(e.id);
      p.info.status = 'exited';
      if (typeof e.exitCode === 'number') p.info.exitCode = e.exitCode;
      const s = sig(e.signal);
      if (s) p.info.signal = s;
      p.info.endedAt = new Date().toISOString();
      p.flow = newFlow();
      this.events.emit('terminal.exit', {
        sessionId: p.info.sessionId,
        processId: e.id,
        ...(p.info.exitCode !== undefined ? { exitCode: p.info.exitCode } : {}),
        ...(s ? { signal: s } : {}),
      });
    }
    // 'removed': the registry released it; the hub keeps the record (and scrollback) for panes.
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

  private flush(id: string): void {
    const p = this.procs.get(id);
    if (!p) return;
    if (p.timer) clearTimeout(p.timer);
    p.timer = null;
    if (!p.pending) return;
    const data = p.pending;
    p.pending = '';
    this.events.emit('terminal.data', { sessionId: p.info.sessionId, processId: id, data });
    const r = flowSent(p.flow, data.length, this.events.count);
    p.flow = r.state;
    this.act(p, r.action);
  }

  private act(p: Proc, action: FlowAction): void {
    if (!action || p.info.status !== 'running') return;
    try {
      if (action === 'pause') p.registry.pause?.(p.info.id);
      else p.registry.resume?.(p.info.id);
    } catch {
      /* the process is gone */
    }
  }

  private trimExited(rootId: string): void {
    const exited = [...this.procs.values()].filter((p) => p.rootId === rootId && p.info.status === 'exited');
    for (const p of exited.slice(0, Math.max(0, exited.length - HUB_EXITED_KEPT))) this.procs.delete(p.info.id);
  }

  /** Listener count changed: with none left, resume everything (a host without UI never stalls commands). */
  listenersChanged(count: number): void {
    if (count > 0) return;
    for (const p of this.procs.values()) {
      const r = flowNoListeners(p.flow);
      p.flow = r.state;
      this.act(p, r.action);
    }
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
    if (p.info.status !== 'running') throw new HostError('conflict', `Command ${processId} has exited; it takes no more input.`);
    return p;
  }

  /**
   * What was already sent as `terminal.data`: the kept output without the batch still waiting to go out, which
   * arrives as the next event — so a pane that replays this and then applies events shows every byte once.
   */
  scrollback(sessionId: string, processId: string): string {
    const p = this.proc(sessionId, processId);
    const all = p.scroll.join('');
    return all.slice(0, Math.max(0, all.length - p.pending.length));
  }

  write(sessionId: string, processId: string, data: string): void {
    this.running(sessionId, processId).registry.write(processId, data);
  }

  resize(sessionId: string, processId: string, cols: number, rows: number): void {
    const p = this.running(sessionId, processId);
    p.registry.resize(processId, cols, rows);
    p.info.cols = cols;
    p.info.rows = rows;
  }

  kill(sessionId: string, processId: string): void {
    const p = this.proc(sessionId, processId);
    if (p.info.status === 'running') p.registry.kill(processId);
  }

  ack(sessionId: string, processId: string, chars: number): void {
    const p = this.proc(sessionId, processId);
    const r = flowAcked(p.flow, chars);
    p.flow = r.state;
    this.act(p, r.action);
  }

  /** Test/diagnostic view of one command's flow state. */
  flowOf(processId: string): FlowState | undefined {
    const p = this.procs.get(processId);
    return p ? { ...p.flow } : undefined;
  }

  dispose(): void {
    for (const id of [...this.detachers.keys()]) this.detachRoot(id);
  }
}
