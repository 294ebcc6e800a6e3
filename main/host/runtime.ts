// Live sessions of the host: agents (one per agent name, rebuilt after settings change), AgentSessions kept in
// memory (resumed from their trace after a restart), incremental trace indexing with `trace.indexed` events, and
// the driving of one task per session (messages → events, status and token totals → SQLite).
// Must not decide approvals (broker) or touch terminals beyond attaching registries (terminal hub).
import { writableFolders } from '../approval/write-rules.js';
import { isEvent } from '../../shared/omni/guards.js';
import type { OmniMessage } from '../../shared/omni/types.js';
import { statSync } from 'node:fs';
import { createAgent, type Agent } from '../sdk/index.js';
import type { AgentSession, TaskResult } from '../sdk/index.js';
import { claimSession, type SessionClaim } from '../store/claims.js';
import type { SubagentManager } from '../environment/subagents/manager.js';
import type { Store } from '../store/index.js';
import { ownerFiles } from '../store/owner-file.js';
import { findTraceFiles, recordHostDied } from '../trace/index.js';
import type { ApprovalBroker } from './approvals.js';
import type { HostOptions } from './options.js';
import { HostError, notFound } from './errors.js';
import type { EventHub } from './events.js';
import type { TerminalHub } from './terminals.js';
import { titleOf } from '../../shared/printable.js';
import { liveContext, statusOfResult } from './views.js';
import { shadowRepo, turnCheckpoints, type TurnCheckpoints } from '../checkpoints/index.js';
import { recordOfSession, sessionCommands, workspaceIn } from '../worktrees/index.js';

interface Live {
  session: AgentSession;
  agent: string;
  /** the running task, when one runs */
  task?: Promise<void>;
}

/** The session's subagent registry, when it has one (tool services are an open record); its children are engine
 * sessions, made by the composition root. */
const subagentsOf = (s: AgentSession): SubagentManager<AgentSession> | undefined =>
  s.services.subagents as SubagentManager<AgentSession> | undefined;

export class Runtime {
  private agents = new Map<string, Promise<Agent>>();
  private live = new Map<string, Live>();
  private loading = new Map<string, Promise<Live>>();
  private touched = new Set<string>();
  /** session claims held while a task runs (one writer per session across processes) */
  private claims = new Map<string, SessionClaim>();
  /** where each live session's trace ended after our last write or load ("file:size"), to notice other writers */
  private ends = new Map<string, string>();
  private indexTimer: ReturnType<typeof setImmediate> | null = null;
  private disposed = false;

  constructor(
    private readonly opts: HostOptions,
    private readonly store: Store,
    private readonly events: EventHub,
    private readonly broker: ApprovalBroker,
    private readonly terminals: TerminalHub,
  ) {}

  // ── agents ──────────────────────────────────────────────────────────────────────────────────────────
  agent(name = 'default'): Promise<Agent> {
    let a = this.agents.get(name);
    if (!a) {
      a = createAgent({
        home: this.opts.home,
        agent: name,
        modelClientFactory: this.opts.modelClientFactory,
        retrySchedule: this.opts.retrySchedule,
        requestTimeoutMs: this.opts.requestTimeoutMs,
        onTraceRecord: (sessionId, file, offset, length, msg) => this.indexed(sessionId, file, offset, length, msg),
        writableFolders: (sessionId, workspace) => this.writableFolders(sessionId, workspace),
      });
      a.catch(() => this.agents.delete(name));
      this.agents.set(name, a);
    }
    return a;
  }

  /**
   * The folders the writable-folder rules of a session's project name (its root's project; a session without one,
   * its workspace), read from the store at each command's launch.
   */
  private writableFolders(sessionId: string, workspace: string): readonly string[] {
    let row = this.store.sessions.get(sessionId);
    for (let i = 0; row && !row.projectId && row.parentSessionId && i < 8; i++)
      row = this.store.sessions.get(row.parentSessionId);
    const project = row?.projectId ? this.store.projects.get(row.projectId) : undefined;
    return writableFolders(this.store.rules.applicable(null, project?.path ?? workspace));
  }

  /** Config changed: new sessions use a freshly loaded agent; live sessions keep theirs (see refreshLiveModels). */
  invalidateAgents(): void {
    this.agents.clear();
  }

  /**
   * Providers or models changed: live sessions get their model from the freshly loaded agent again (a fixed base URL
   * or key reaches an open session, even one retrying now). A session whose model is no longer configured keeps the
   * client it has; its next switch or task says what is wrong.
   */
  async refreshLiveModels(): Promise<void> {
    for (const [id, l] of this.live) {
      try {
        const m = l.session.model.model;
        const client = (await this.agent(l.agent)).modelClient(`${m.provider}/${m.id}`);
        if (this.live.get(id)?.session === l.session) l.session.refreshModel(client);
      } catch {
        /* the model or the configuration is gone or invalid: the session keeps its client */
      }
    }
  }

  private indexed(sessionId: string, file: string, offset: number, length: number, msg: OmniMessage): void {
    this.ends.set(sessionId, `${file}:${offset + length + 1}`);
    this.store.traces.indexRecord(sessionId, file, offset, length, msg);
    this.touched.add(sessionId);
    if (!this.indexTimer) {
      this.indexTimer = setImmediate(() => {
        this.indexTimer = null;
        const ids = [...this.touched];
        this.touched.clear();
        if (this.disposed) return;
        for (const id of ids) {
          try {
            this.events.emit('trace.indexed', { sessionId: id, events: this.store.traces.countEvents(id) });
          } catch {
            /* the index reports its own errors */
          }
        }
      });
    }
  }

  // ── live sessions ───────────────────────────────────────────────────────────────────────────────────
  /** Registers a freshly created session (its command registry is attached to the terminal hub). */
  adopt(session: AgentSession, agent: string): void {
    this.live.set(session.id, { session, agent });
    this.attach(session.id, session.id, session);
    this.emitContext(session);
  }

  /** Tells listeners the session's context (meter, instruction files): on load, after requests and compactions. */
  private emitContext(session: AgentSession, afterCompaction = false): void {
    if (!this.disposed) this.events.emit('session.context', liveContext(session, afterCompaction));
  }

  private attach(rootId: string, ownerId: string, session: AgentSession): void {
    const reg = session.services.commands;
    if (reg) this.terminals.attach(rootId, ownerId, reg);
  }

  get(id: string): AgentSession | undefined {
    return this.live.get(id)?.session;
  }

  isRunning(id: string): boolean {
    return !!this.live.get(id)?.task;
  }

  /** The live session, resumed from its trace when it is not in memory (after a restart). */
  async ensure(id: string): Promise<AgentSession> {
    const l = this.live.get(id);
    if (l) return l.session;
    let p = this.loading.get(id);
    if (!p) {
      const row = this.store.sessions.get(id);
      if (!row) throw notFound(`There is no session with id ${id}; it may have been deleted. Reload the list.`);
      if (row.source === 'subagent') {
        throw new HostError(
          'bad_request',
          `Session ${id} is a subagent of ${row.parentSessionId ?? 'another session'}; continue its parent session instead.`,
        );
      }
      p = (async () => {
        const agent = await this.agent(row.agent);
        // a session in its own worktree gets its port block and writable git dirs again
        const wt = recordOfSession(this.opts.home, id);
        const session = await agent.resumeSession(id, undefined, wt && !wt.removedAt ? sessionCommands(wt) : undefined);
        this.ends.set(id, this.traceEnd(id));
        const live: Live = { session, agent: row.agent };
        this.live.set(id, live);
        this.attach(id, id, session);
        this.emitContext(session);
        return live;
      })();
      this.loading.set(id, p);
      p.finally(() => this.loading.delete(id)).catch(() => {});
    }
    return (await p).session;
  }

  private traceEnd(id: string): string {
    const files = findTraceFiles(this.opts.home, id);
    const last = files[files.length - 1];
    if (!last) return '';
    try {
      return `${last}:${statSync(last).size}`;
    } catch {
      return '';
    }
  }

  /**
   * Claims the session for a task (refused with `conflict` when another process runs it) and returns it live. A
   * claim left by a dead process is taken over and the crash recorded in the trace; a live session whose trace
   * another process wrote to since (a CLI run while we were idle) is reloaded from the trace first.
   */
  async begin(id: string): Promise<AgentSession> {
    if (this.isRunning(id) || this.claims.has(id)) {
      throw new HostError('conflict', `Session ${id} is already running a task; steer it or abort it first.`);
    }
    const row = this.store.sessions.get(id);
    if (row?.source === 'subagent') {
      throw new HostError(
        'bad_request',
        `Session ${id} is a subagent of ${row.parentSessionId ?? 'another session'}; continue its parent session instead.`,
      );
    }
    const claim = claimSession(this.opts.home, id, this.opts.mode === 'web' ? 'floe web' : 'desktop');
    this.claims.set(id, claim);
    try {
      if (claim.died) {
        recordHostDied(
          this.opts.home,
          id,
          claim.died,
          (file) => (offset, length, msg) => this.indexed(id, file, offset, length - 1, msg),
        );
      }
      if (this.live.has(id) && this.ends.get(id) !== this.traceEnd(id)) await this.unload(id);
      return await this.ensure(id);
    } catch (e) {
      this.releaseClaim(id);
      throw e;
    }
  }

  private releaseClaim(id: string): void {
    this.claims.get(id)?.release();
    this.claims.delete(id);
  }

  /** Children of a live session (subagents), for terminals and approvals. */
  children(id: string): AgentSession[] {
    const l = this.live.get(id);
    const subs = l ? subagentsOf(l.session) : undefined;
    return subs ? subs.list().map((c) => c.session) : [];
  }

  /**
   * Starts one task in the background; events report its messages and status. `input` (the prompt with its
   * images) replaces the plain prompt when given; `prompt` still titles the session and labels the checkpoint.
   */
  start(id: string, prompt: string, input?: string | OmniMessage[]): void {
    const l = this.live.get(id);
    if (!l) throw notFound(`Session ${id} is not loaded; reload it and try again.`);
    if (l.task) throw new HostError('conflict', `Session ${id} is already running a task; steer it or abort it first.`);
    if (!this.claims.has(id))
      throw new HostError('conflict', `Session ${id} is not claimed for a task; call begin first.`);
    const row = this.store.sessions.get(id);
    if (row && !row.title) this.store.sessions.setTitle(id, titleOf(prompt));
    this.setStatus(id, 'running');
    l.task = this.drive(l, prompt, input ?? prompt)
      .catch((e: unknown): TaskResult => ({
        status: 'failed',
        errorMessage: e instanceof Error ? e.message : String(e),
      }))
      .then((result) => {
        // free before the status goes out: a client that sees it may start the next task at once
        l.task = undefined;
        this.releaseClaim(id);
        this.setStatus(id, statusOfResult(result.status), result.errorMessage);
      });
  }

  /**
   * Switches an idle session's model (the next task uses it): resolved against the agent's current configuration
   * (an unknown model is a bad_request naming the choices), recorded in the trace as model_switch under the session's
   * claim, sent to listeners, and stored in the session's row. Null when `ref` is the model already in use.
   */
  async switchModel(id: string, ref: string): Promise<OmniMessage | null> {
    const row = this.store.sessions.get(id);
    if (!row) throw notFound(`There is no session with id ${id}; it may have been deleted. Reload the list.`);
    const client = (await this.agent(row.agent)).modelClient(ref);
    if (this.isRunning(id))
      throw new HostError('conflict', `Session ${id} is running a task; switch the model when it ends (or stop it).`);
    const session = await this.begin(id);
    try {
      const now = `${session.model.model.provider}/${session.model.model.id}`;
      if (now === ref) {
        if (row.model !== ref) this.store.sessions.setModel(id, ref);
        return null;
      }
      const msg = session.setModel(client);
      this.store.sessions.setModel(id, ref);
      if (!this.disposed) this.events.emit('session.message', { sessionId: id, message: msg });
      this.emitContext(session);
      return msg;
    } finally {
      this.releaseClaim(id);
    }
  }

  /** Starts a manual compaction in the background (the UI's Compact action); reported like a task. */
  startCompaction(id: string, focus?: string): void {
    const l = this.live.get(id);
    if (!l) throw notFound(`Session ${id} is not loaded; reload it and try again.`);
    if (l.task) throw new HostError('conflict', `Session ${id} is already running a task; steer it or abort it first.`);
    if (!this.claims.has(id))
      throw new HostError('conflict', `Session ${id} is not claimed for a task; call begin first.`);
    this.setStatus(id, 'running');
    l.task = (async () => {
      const result = await this.pump(id, l, () => l.session.compact(focus));
      // free before the status goes out: a client that sees it may start the next task at once
      l.task = undefined;
      this.releaseClaim(id);
      this.setStatus(id, statusOfResult(result.status), result.errorMessage);
    })();
  }

  /** Feeds every message of a task's stream to the session's listeners and returns how the task ended. */
  private async pump(id: string, l: Live, start: () => AsyncGenerator<OmniMessage, TaskResult>): Promise<TaskResult> {
    try {
      const gen = start();
      for (;;) {
        const r = await gen.next();
        if (r.done) return r.value;
        this.onMessage(id, l, r.value);
      }
    } catch (e) {
      return { status: 'failed', errorMessage: e instanceof Error ? e.message : String(e) };
    }
  }

  private setStatus(
    id: string,
    status: 'idle' | 'running' | 'failed' | 'completed' | 'aborted',
    errorMessage?: string,
  ): void {
    try {
      this.store.sessions.setStatus(id, status);
    } catch {
      /* the session row was deleted meanwhile */
    }
    if (!this.disposed)
      this.events.emit('session.status', { sessionId: id, status, ...(errorMessage ? { errorMessage } : {}) });
  }

  /** Runs one task to its end; the caller frees the session and reports the status. */
  private async drive(l: Live, prompt: string, input: string | OmniMessage[]): Promise<TaskResult> {
    const id = l.session.id;
    const turn = this.checkpointsFor(id, prompt);
    const result = await this.pump(id, l, () => {
      const approve = this.broker.approverFor(id);
      return l.session.run(input, { approve: turn ? turn.wrap(approve) : approve });
    });
    await turn?.finish();
    this.settleChildren(l);
    return result;
  }

  /** Checkpoints of a turn: only in a project folder the user picked, never anywhere else. */
  private checkpointsFor(id: string, prompt: string): TurnCheckpoints | undefined {
    const row = this.store.sessions.get(id);
    const project = row?.projectId ? this.store.projects.get(row.projectId) : undefined;
    if (!project || project.missing) return undefined;
    // a session in its own worktree snapshots its worktree, never the user's checkout
    const wt = recordOfSession(this.opts.home, id);
    const folder = wt && !wt.removedAt ? workspaceIn(wt) : project.path;
    return turnCheckpoints(
      shadowRepo(this.opts.home, folder, ownerFiles),
      id,
      titleOf(prompt),
      (e) => process.stderr.write(`floe: warning: checkpoint of session ${id} skipped: ${e.message}\n`),
      (w) => process.stderr.write(`floe: warning: session ${id}: ${w}\n`),
    );
  }

  /** Children that finished get their final status and token totals in their rows. */
  private settleChildren(l: Live): void {
    const subs = subagentsOf(l.session);
    for (const c of subs?.list() ?? []) {
      if (c.running || !this.store.sessions.get(c.session.id)) continue;
      try {
        this.store.sessions.setTokens(c.session.id, c.session.tokenTotals());
        this.store.sessions.setStatus(c.session.id, c.result ? statusOfResult(c.result.status) : 'idle');
      } catch {
        /* deleted meanwhile */
      }
    }
  }

  private onMessage(id: string, l: Live, m: OmniMessage): void {
    if (!this.disposed) this.events.emit('session.message', { sessionId: id, message: m });
    if (m.origin?.length) return;
    if (isEvent(m, 'token_usage')) {
      try {
        this.store.sessions.setTokens(id, m.payload.session);
      } catch {
        /* deleted meanwhile */
      }
      this.emitContext(l.session);
    } else if (isEvent(m, 'compaction_end')) {
      this.emitContext(l.session, m.payload.status === 'completed');
    } else if (isEvent(m, 'subagent')) {
      this.adoptChild(id, l, m.payload.session_id);
    }
  }

  /** A subagent was spawned: give it a session row (source subagent, titled from its prompt) and watch its
   * terminals. */
  private adoptChild(rootId: string, l: Live, childId: string): void {
    const subs = subagentsOf(l.session);
    const child = subs?.get(childId);
    if (child) this.attach(rootId, childId, child.session);
    const parent = this.store.sessions.get(rootId);
    if (!parent || this.store.sessions.get(childId)) return;
    try {
      const model = child ? `${child.session.model.model.provider}/${child.session.model.model.id}` : parent.model;
      this.store.sessions.create({
        id: childId,
        projectId: parent.projectId,
        agent: parent.agent,
        model,
        title: child?.firstPrompt ? titleOf(child.firstPrompt) : '',
        approvalMode: parent.approvalMode,
        source: 'subagent',
        parentSessionId: rootId,
        status: 'running',
      });
    } catch {
      /* a row for it exists already */
    }
  }

  /** Stops the running task (children included). Pending approvals must be denied before (broker.denyAll). */
  abort(id: string): boolean {
    const l = this.live.get(id);
    if (!l) return false;
    subagentsOf(l.session)?.abortAll('aborted by user');
    const running = !!l.task;
    l.session.abort('aborted by user');
    return running;
  }

  /** Waits for the session's task to end (used by abort/delete/dispose). */
  async settled(id: string): Promise<void> {
    await this.live.get(id)?.task?.catch(() => {});
  }

  /** Disposes a live session (kills its commands, closes its trace). */
  async unload(id: string): Promise<void> {
    const l = this.live.get(id);
    if (!l) return;
    l.session.abort('session closed');
    await l.task?.catch(() => {});
    this.live.delete(id);
    await l.session.dispose().catch(() => {});
    this.terminals.detachRoot(id);
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    if (this.indexTimer) clearImmediate(this.indexTimer);
    await Promise.all([...this.live.keys()].map((id) => this.unload(id)));
    for (const id of [...this.claims.keys()]) this.releaseClaim(id);
  }
}
