// The command-session registry of one agent session (SPEC §5): starts each command's bash in node-pty, keeps at most
// `cap` sessions (eviction rule in eviction.ts), routes input/resize/kill, and tells hosts what happens through
// onEvent. Killing always targets the whole process group. Must not format tool results or wait on behalf of tools.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as NodePty from 'node-pty';
import { hardenedEnv } from './env.js';
import { newNonce } from './end-marker.js';
import { chooseEviction } from './eviction.js';
import { bashArgs } from './launch.js';
import { LoginSnapshot, sweepSnapshots } from './login-snapshot.js';
import { TAG_VAR, findTagged, signalTagged } from './containment.js';
import { HostRecorder, sweepDeadHosts } from './reaper.js';
import { groupAlive, signalGroup, signalLeader, waitGroupsGone } from './process-group.js';
import { CommandSession, type CommandSessionInfo, type PtyLike } from './session.js';
import type { CommandSandbox } from '../sandbox/sandbox.js';

export { CommandSession, type CommandSessionInfo } from './session.js';

export type CommandEvent =
  | { kind: 'started'; info: CommandSessionInfo }
  | { kind: 'data'; id: string; data: string }
  | { kind: 'exit'; id: string; exitCode: number | null; signal?: string }
  | { kind: 'removed'; id: string };

export interface CommandRegistryOptions {
  /** most sessions kept (default 64) */
  cap?: number;
  /** raw stream kept per session for panes (default 1 MiB) */
  scrollbackBytes?: number;
  /**
   * clean text a command's model view keeps between reads (default text-cap.ts MODEL_TEXT_CAP): commandTextCap of
   * the command tools' output limits, so a flood is rendered only as far as a read can show it
   */
  modelTextCap?: number;
  cols?: number;
  rows?: number;
  /** ms between SIGTERM and SIGKILL when killing (default 2000) */
  killGraceMs?: number;
  /** variables added to every command's environment (before the per-start env and the hardening) */
  env?: Record<string, string | undefined>;
  /**
   * Folders besides the workspace a sandbox must leave writable for this session's commands: for a session in its
   * own git worktree, the worktree's git dir and the shared objects/refs its commits write (main/worktrees).
   */
  extraWritableRoots?: readonly string[];
  /**
   * Capture the login environment once and source it per command (login-snapshot.ts). Without this, every
   * command runs as `bash -lc`.
   */
  loginSnapshot?: { dir: string; sessionId: string; timeoutMs?: number };
  /**
   * Record started commands in this folder (FLOE_HOME/commands) with a watchdog that ends them if the host dies;
   * what a dead host left is reaped when a registry with the same folder starts (reaper.ts).
   */
  reapDir?: string;
  /**
   * The session's OS sandbox (main/environment/sandbox): every command's bash starts inside it. Without one (or
   * with one that is off) commands run as the user, and `sandboxed` is false. Its owner disposes it.
   */
  sandbox?: CommandSandbox;
  /**
   * When to capture the login environment and set up the sandbox: 'now' (default: at construction, so the first
   * command rarely waits) or 'later': at warm() (an agent session calls it once its first model request is under
   * way, so the session's start does not wait for them: issue 21), or at the first command at the latest.
   */
  warmUp?: 'now' | 'later';
}

/**
 * node-pty, loaded by the first command (its native addon costs ~50 ms to load, which a session that runs no
 * command, or has not yet, should not pay at start: issue 21). Synchronous, as start() is.
 */
const loadLater = createRequire(import.meta.url);
let nodePty: typeof NodePty | undefined;
const pty = (): typeof NodePty => (nodePty ??= loadLater('node-pty') as typeof NodePty);

/** Snapshot and record folders already swept by this process. */
const swept = new Set<string>();

export interface StartOptions {
  cmd: string;
  cwd: string;
  /** a sandboxed command keeps the machine's network (default: loopback only) */
  network?: boolean;
  env?: Record<string, string | undefined>;
}

/** Thrown by start() when every kept session is busy and none can be evicted. */
export class CommandCapError extends Error {}

export class CommandRegistry {
  readonly cap: number;
  /** CommandRegistryOptions.extraWritableRoots, for the sandbox that launches the commands */
  readonly extraWritableRoots: readonly string[];
  private readonly scrollbackBytes: number;
  private readonly modelTextCap?: number;
  private readonly cols: number;
  private readonly rows: number;
  private readonly killGraceMs: number;
  readonly baseEnv: Readonly<Record<string, string | undefined>>;
  private readonly sessions = new Map<string, CommandSession>();
  private readonly listeners = new Set<(e: CommandEvent) => void>();
  /** process groups ever started and maybe still alive (removed sessions may leave background children) */
  private readonly groups = new Set<number>();
  private readonly killTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private disposed = false;
  /** warm() started the session's long-lived sandbox */
  private boxWarmed = false;
  /** a command was started (disposeAll has processes to look for) */
  private startedAny = false;
  private readonly snapshot: LoginSnapshot | undefined;
  /** every command's environment carries FLOE_PROC=<tag>.<command> (containment.ts) */
  private readonly tag = randomBytes(6).toString('hex');
  private readonly tags = new Map<string, string>();
  private readonly recorder: HostRecorder | undefined;
  private readonly sandbox: CommandSandbox | undefined;

  constructor(opts: CommandRegistryOptions = {}) {
    this.cap = Math.max(1, Math.floor(opts.cap ?? 64));
    this.scrollbackBytes = opts.scrollbackBytes ?? 1024 * 1024;
    this.modelTextCap = opts.modelTextCap;
    this.cols = opts.cols ?? 120;
    this.rows = opts.rows ?? 40;
    this.killGraceMs = opts.killGraceMs ?? 2000;
    this.baseEnv = { ...(opts.env ?? {}) };
    this.sandbox = opts.sandbox;
    this.extraWritableRoots = [...(opts.extraWritableRoots ?? [])];
    if (opts.reapDir) {
      if (!swept.has(opts.reapDir)) {
        swept.add(opts.reapDir);
        sweepDeadHosts(opts.reapDir);
      }
      this.recorder = new HostRecorder(opts.reapDir, this.tag);
    }
    if (opts.loginSnapshot) {
      const { dir, sessionId, timeoutMs } = opts.loginSnapshot;
      if (!swept.has(dir)) {
        swept.add(dir);
        sweepSnapshots(dir);
      }
      // the capture carries the registry's tag too, so a dead host's watchdog ends a capture still running
      const env = { ...hardenedEnv(process.env, this.baseEnv), [TAG_VAR]: `${this.tag}-capture` };
      this.snapshot = new LoginSnapshot({ dir, sessionId, timeoutMs, env });
    }
    if (opts.warmUp !== 'later') this.warm();
  }

  /**
   * Starts the login capture, the sandbox's setup and then the session's long-lived sandbox now if not yet, without
   * waiting for them.
   */
  warm(): void {
    if (this.disposed) return;
    this.sandbox?.warm();
    void this.snapshot?.prepare();
    if (!this.boxWarmed) {
      this.boxWarmed = true;
      void this.boxUp();
    }
  }

  /** The session's long-lived sandbox for the current login snapshot (started once; again when the policy changed). */
  private async boxUp(): Promise<void> {
    await this.sandbox?.ready();
    await this.snapshot?.prepare();
    if (this.disposed) return;
    const mode = this.snapshot?.launch();
    await this.sandbox?.prepareBox(mode?.kind === 'snapshot' ? mode.path : undefined);
  }

  /**
   * Call before start(): brings the login snapshot up to date (captures it the first time, and again after a
   * profile file changed). Resolves at once when nothing is to be done.
   */
  async prepare(): Promise<void> {
    this.warm();
    await this.boxUp();
  }

  /** Problems with the login environment not reported yet (each one once). */
  takeWarnings(): string[] {
    return [...(this.sandbox?.takeWarnings() ?? []), ...(this.snapshot?.takeWarnings() ?? [])];
  }

  /** True when commands start inside an active OS sandbox (approval mode `auto` lets them run unasked). */
  get sandboxed(): boolean {
    return this.sandbox?.active === true;
  }

  /** Starts a command; evicts one session first when the registry is full. Throws CommandCapError when it cannot. */
  start(opts: StartOptions): CommandSession {
    if (this.disposed) throw new Error('command registry is disposed; no new commands can start');
    this.makeRoom();
    this.startedAny = true;
    const id = this.newId();
    const nonce = newNonce();
    const tag = `${this.tag}.${id.slice(5)}`;
    const mode = this.snapshot?.launch();
    const args = bashArgs({ cmd: opts.cmd, nonce, mode });
    const snapshotFile = mode?.kind === 'snapshot' ? mode.path : undefined;
    const env = { ...hardenedEnv(process.env, { ...this.baseEnv, ...(opts.env ?? {}) }), [TAG_VAR]: tag };
    const size = { cols: this.cols, rows: this.rows };
    // in the session's long-lived sandbox when it can (one round trip), else a bwrap of its own (or none)
    const p: PtyLike =
      this.sandbox?.spawnPty('bash', args, { cwd: opts.cwd, env, ...size, snapshotFile, network: opts.network }) ??
      this.spawnLocal(args, opts, env, snapshotFile);
    const session = new CommandSession({
      id,
      cmd: opts.cmd,
      cwd: opts.cwd,
      pty: p,
      cols: this.cols,
      rows: this.rows,
      scrollbackBytes: this.scrollbackBytes,
      modelTextCap: this.modelTextCap,
      nonce,
      hooks: {
        onData: (s, data) => this.emit({ kind: 'data', id: s.id, data }),
        onExit: (s) => {
          const e: CommandEvent = { kind: 'exit', id: s.id, exitCode: s.exitCode ?? null };
          if (s.signal !== undefined) e.signal = s.signal;
          this.emit(e);
        },
      },
    });
    // once the shell is gone and nothing is left in its group, forget the group, so a later reuse of the pid is
    // never signalled (a cheap check; groups kept for members that linger are pruned in makeRoom)
    void session.gone.then(() => {
      if (session.pid && !signalGroup(session.pid, 0)) this.groups.delete(session.pid);
    });
    this.sessions.set(id, session);
    this.tags.set(id, tag);
    const known = (pid: number): void => {
      if (!pid) return;
      this.groups.add(pid);
      this.recorder?.started(pid);
    };
    // the host watchdog watches the tag from the first command on, whether or not the shell's pid is known yet
    if (p.pidKnown) {
      this.recorder?.watch();
      void p.pidKnown.then(known);
    } else known(p.pid);
    this.emit({ kind: 'started', info: session.info() });
    return session;
  }

  /** The command's bash in a pty of the host's: inside a bwrap of its own when sandboxed, else as it is. */
  private spawnLocal(
    args: string[],
    opts: StartOptions,
    env: Record<string, string>,
    snapshotFile?: string,
  ): NodePty.IPty {
    const launch = this.sandbox
      ? this.sandbox.wrap('bash', args, opts.cwd, { snapshotFile, network: opts.network })
      : { file: 'bash', args };
    return pty().spawn(launch.file, launch.args, {
      name: 'xterm-256color',
      cols: this.cols,
      rows: this.rows,
      cwd: opts.cwd,
      env,
    });
  }

  get(id: string): CommandSession | undefined {
    return this.sessions.get(id);
  }

  list(): CommandSessionInfo[] {
    return [...this.sessions.values()].map((s) => s.info());
  }

  write(id: string, data: string): boolean {
    return this.sessions.get(id)?.write(data) ?? false;
  }

  resize(id: string, cols: number, rows: number): boolean {
    return this.sessions.get(id)?.resize(cols, rows) ?? false;
  }

  pause(id: string): void {
    this.sessions.get(id)?.pause();
  }

  resume(id: string): void {
    this.sessions.get(id)?.resume();
  }

  scrollback(id: string): string {
    return this.sessions.get(id)?.scrollback() ?? '';
  }

  /**
   * Signals the command's whole process group (default SIGTERM; SIGKILL follows after the grace period if the
   * group is still alive or the command still runs). False for an unknown id.
   */
  kill(id: string, signal: NodeJS.Signals = 'SIGTERM'): boolean {
    const s = this.sessions.get(id);
    if (!s) return false;
    if (!s.pid && s.status === 'running') {
      // started in the session's sandbox a moment ago: signal it as soon as its pid is known
      void s.pidKnown.then((pid) => pid && this.kill(id, signal));
    }
    if (s.status === 'exited' && !this.groups.has(s.pid)) return true;
    s.resume();
    s.noteSignal();
    const tag = this.tags.get(id) ?? '';
    const send = (sig: NodeJS.Signals): void => {
      // the group; the shell itself while it is running and has no group yet (just forked); descendants that left
      // the group or the session still carry the command's tag
      if (s.status === 'running') signalLeader(s.pid, sig);
      else signalGroup(s.pid, sig);
      signalTagged(tag, sig);
    };
    send(signal);
    if (signal !== 'SIGKILL' && !this.killTimers.has(id)) {
      // the leader may exit first; the group's remaining members and tagged escapees get the SIGKILL if they linger
      const t = setTimeout(() => {
        this.killTimers.delete(id);
        if (s.status === 'running' || groupAlive(s.pid)) send('SIGKILL');
        else signalTagged(tag, 'SIGKILL');
      }, this.killGraceMs);
      t.unref?.();
      this.killTimers.set(id, t);
    }
    return true;
  }

  /**
   * Forgets a session. A running one is killed first (SIGTERM to its group so exit traps can clean up, SIGKILL
   * after the grace period); its view stays readable until it has exited.
   */
  remove(id: string): boolean {
    const s = this.sessions.get(id);
    if (!s) return false;
    if (s.status === 'running') {
      this.kill(id);
      void s.exited.then(() => s.dispose());
    } else {
      s.dispose();
    }
    this.sessions.delete(id);
    this.tags.delete(id);
    this.emit({ kind: 'removed', id });
    return true;
  }

  /** Kills every process group ever started here (SIGTERM, then SIGKILL), waits for them, forgets all sessions. */
  async disposeAll(): Promise<void> {
    this.disposed = true;
    this.snapshot?.dispose();
    const running = [...this.sessions.values()].filter((s) => s.status === 'running');
    const groups = [...this.groups];
    const prefix = `${this.tag}.`;
    if (!this.startedAny) {
      // no command ever ran: nothing to signal, no need to scan every process (~40 ms at every exit of `floe run`)
      this.recorder?.close();
      return;
    }
    // a running command's shell may not have a group of its own yet (just forked): it is signalled itself then
    const leaders = new Set(running.map((s) => s.pid).filter(Boolean));
    for (const g of groups) (leaders.has(g) ? signalLeader : signalGroup)(g, 'SIGTERM');
    signalTagged(prefix, 'SIGTERM');
    const alive = await waitGroupsGone(groups, this.killGraceMs);
    for (const g of alive) signalGroup(g, 'SIGKILL');
    for (const s of running) if (s.status === 'running') signalLeader(s.pid, 'SIGKILL');
    signalTagged(prefix, 'SIGKILL');
    await waitGroupsGone(alive, 2000);
    for (let i = 0; i < 40 && findTagged(prefix).length; i++) await new Promise((r) => setTimeout(r, 50));
    this.recorder?.close();
    await Promise.race([Promise.all(running.map((s) => s.exited)), new Promise((r) => setTimeout(r, 1000))]);
    for (const t of this.killTimers.values()) clearTimeout(t);
    this.killTimers.clear();
    this.groups.clear();
    for (const id of [...this.sessions.keys()]) this.remove(id);
  }

  /** Subscribes to session events; returns the unsubscribe function. */
  onEvent(cb: (e: CommandEvent) => void): () => void {
    this.listeners.add(cb);
    return () => {
      this.listeners.delete(cb);
    };
  }

  private emit(e: CommandEvent): void {
    for (const cb of [...this.listeners]) {
      try {
        cb(e);
      } catch {
        // a host's listener must not break the command
      }
    }
  }

  private newId(): string {
    for (;;) {
      const id = `proc-${randomBytes(4).toString('hex')}`;
      if (!this.sessions.has(id)) return id;
    }
  }

  private makeRoom(): void {
    // forget groups that are gone so the set stays small
    if (this.groups.size > this.cap * 2) for (const g of [...this.groups]) if (!groupAlive(g)) this.groups.delete(g);
    while (this.sessions.size >= this.cap) {
      const choice = chooseEviction(
        [...this.sessions.values()].map((s) => ({
          id: s.id,
          status: s.status,
          lastUsedAt: s.lastUsedAt,
          busy: s.busy,
        })),
        Date.now(),
      );
      if (!choice) {
        throw new CommandCapError(
          `too many command sessions: all ${this.cap} are in use by running tool calls; wait for one to finish and try again`,
        );
      }
      this.remove(choice.id);
    }
  }
}
