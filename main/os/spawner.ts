// Short-lived programs (git) started from a small helper process instead of the host. Starting a program forks the
// process that starts it, and the fork copies that process's page tables while its event loop stands still: ~1.5 ms
// from a 40 MB process, 25–45 ms from a host holding 300 MB–1 GB (measured here: bench/spawn-stall.ts). Every
// such stall delays every pane's keystrokes and output, and a checkpoint runs several git commands per tool call.
// The helper (spawner-server.mjs) is forked once, lazily, and ends with the host; while it runs a call costs the host
// one IPC message each way. If it cannot start, calls run directly (as before); if it dies, what it was running
// ends with an error result (it may have had effects: never repeated) and the next call starts a new one. Must not
// know what the programs are for.
import { execFile, fork, spawn, type ChildProcess, type ExecFileException } from 'node:child_process';
import type { Socket } from 'node:net';
import { floeProgram } from './floe-root.js';
import { RemoteChild, type StartedChild } from './remote-child.js';

export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** written to the program's stdin, which is then closed */
  input?: string;
  /** killed (SIGKILL) after this long */
  timeoutMs?: number;
}

export interface StartOptions {
  cwd?: string;
  env: NodeJS.ProcessEnv;
  /** per fd from 0: a pipe the caller gets, or nothing */
  stdio: ('pipe' | 'ignore')[];
  /** a session and process group of its own (own-group.ts) */
  detached?: boolean;
}

export interface RunResult {
  /** null when the program was killed by a signal or could not start */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: Buffer;
  /** set when the program could not be started (or its helper ended before it finished) */
  error?: string;
}

interface Request {
  id: number;
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  input: string;
  timeoutMs?: number;
}

/** What the helper says of a program it started (start), besides run results and `ready`. */
type StartReply =
  | { t: 'handle'; id: number; fd: number }
  | { t: 'started'; id: number; pid: number }
  | { t: 'startFailed'; id: number; error: string }
  | { t: 'exited'; id: number; code: number | null; signal: NodeJS.Signals | null };

const SERVER = floeProgram('main', 'os', 'spawner-server.mjs');
/** With nothing run for this long the helper ends (it holds ~44 MB); the next call forks a new one. */
const IDLE_MS = 5 * 60_000;

/** Runs a program from this process (the fallback). */
export function runDirect(file: string, args: readonly string[], o: RunOptions): Promise<RunResult> {
  return new Promise((resolve) => {
    const opts = {
      cwd: o.cwd,
      env: o.env,
      encoding: 'buffer' as const,
      maxBuffer: Number.POSITIVE_INFINITY,
      ...(o.timeoutMs ? { timeout: o.timeoutMs, killSignal: 'SIGKILL' as const } : {}),
    };
    const child = execFile(file, args, opts, (e, stdout, stderr) => {
      const r: RunResult = { code: 0, signal: null, stdout, stderr };
      if (!e) return resolve(r);
      const x = e as ExecFileException;
      if (typeof x.code === 'number') return resolve({ ...r, code: x.code, signal: null });
      if (x.signal) return resolve({ ...r, code: null, signal: x.signal });
      resolve({ ...r, code: null, error: x.message });
    });
    child.stdin?.on('error', () => {}); // it may exit before reading its input; its exit code tells what happened
    child.stdin?.end(o.input ?? '');
  });
}

/** Starts a program from this process (the fallback); resolves once it runs. */
function startDirect(file: string, args: readonly string[], o: StartOptions): Promise<StartedChild> {
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      const opts = { env: o.env, stdio: o.stdio, detached: !!o.detached, ...(o.cwd ? { cwd: o.cwd } : {}) };
      child = spawn(file, args, opts);
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    child.once('spawn', () => resolve(child));
    child.once('error', (e) => reject(e));
  });
}

const stringEnv = (env: NodeJS.ProcessEnv): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
};

interface Pending {
  resolve: (r: RunResult) => void;
  file: string;
  args: readonly string[];
  o: RunOptions;
}

export class Spawner {
  private child: ChildProcess | undefined;
  /** the helper said it runs (so what it was sent may have started) */
  private ready = false;
  /** the helper ended before it ran: no further tries, programs run directly */
  private broken = false;
  private readonly pending = new Map<number, Pending>();
  /** programs it started and not yet reported ended; those still starting have their promise's settlers */
  private readonly live = new Map<
    number,
    { child: RemoteChild; resolve?: (c: StartedChild) => void; reject?: (e: Error) => void }
  >();
  private next = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly server = SERVER,
    private readonly idleMs = IDLE_MS,
  ) {}

  /** The helper's pid while it runs (tests, diagnostics). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Runs `file args` to its end and collects its output; never rejects. */
  run(file: string, args: readonly string[], o: RunOptions): Promise<RunResult> {
    const child = this.broken ? undefined : this.helper();
    if (!child) return runDirect(file, args, o);
    const id = ++this.next;
    const req: Request = { id, file, args: [...args], cwd: o.cwd, env: stringEnv(o.env), input: o.input ?? '' };
    if (o.timeoutMs) req.timeoutMs = o.timeoutMs;
    return new Promise<RunResult>((resolve) => {
      this.pending.set(id, { resolve, file, args, o });
      this.hold(true);
      try {
        child.send(req);
      } catch {
        // the channel closed just now: the exit handler settles what was sent before
        this.pending.delete(id);
        this.hold(this.pending.size > 0);
        void runDirect(file, args, o).then(resolve);
      }
    });
  }

  /**
   * Starts a long-lived program; resolves once it runs, with its pid and pipes (rejects when it could not start).
   * Without a helper it starts here, as Node's own ChildProcess.
   */
  start(file: string, args: readonly string[], o: StartOptions): Promise<StartedChild> {
    const child = this.broken ? undefined : this.helper();
    if (!child) return startDirect(file, args, o);
    const id = ++this.next;
    const remote = new RemoteChild(o.stdio.length);
    return new Promise<StartedChild>((resolve, reject) => {
      this.live.set(id, { child: remote, resolve, reject });
      this.hold(true);
      const req = {
        t: 'start',
        id,
        file,
        args: [...args],
        env: stringEnv(o.env),
        stdio: o.stdio,
        detached: !!o.detached,
      };
      try {
        child.send(o.cwd ? { ...req, cwd: o.cwd } : req);
      } catch {
        this.live.delete(id);
        this.hold(false);
        startDirect(file, args, o).then(resolve, reject);
      }
    });
  }

  /** Ends the helper (what it runs finishes on its own; their callers get an error result). */
  dispose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.child?.kill('SIGKILL');
  }

  private helper(): ChildProcess | undefined {
    if (this.child && this.child.connected) return this.child;
    let child: ChildProcess;
    try {
      const env: NodeJS.ProcessEnv = { ...process.env };
      if (process.versions.electron) env.ELECTRON_RUN_AS_NODE = '1';
      child = fork(this.server, [], {
        // the host may run under a loader (tsx) or with flags of its own: the helper is plain JavaScript
        execArgv: [],
        env,
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      });
    } catch {
      return undefined;
    }
    this.child = child;
    this.ready = false;
    child.on('message', (m: (RunResult & { id: number }) | { ready: true } | StartReply, handle?: Socket) => {
      if ('ready' in m) {
        this.ready = true;
        return;
      }
      if ('t' in m) return this.onStartReply(m, handle);
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      this.hold(this.pending.size > 0);
      const { id: _id, ...r } = m;
      p.resolve({ ...r, stdout: Buffer.from(r.stdout), stderr: Buffer.from(r.stderr) });
    });
    const gone = (why: string) => {
      if (this.child !== child) return;
      this.child = undefined;
      const pending = [...this.pending.values()];
      this.pending.clear();
      const live = [...this.live.values()];
      this.live.clear();
      // what it started dies with it (--die-with-parent) or on its own; those still starting never ran here
      for (const l of live) {
        if (l.reject) l.reject(new Error(why));
        else l.child.ended(null, 'SIGKILL');
      }
      if (!this.ready) {
        // it never ran (a missing or broken script): nothing it was sent started; run it all here from now on
        this.broken = true;
        for (const p of pending) void runDirect(p.file, p.args, p.o).then(p.resolve);
        return;
      }
      // it may have started them: running them again could repeat what they did
      for (const p of pending)
        p.resolve({ code: null, signal: null, stdout: Buffer.alloc(0), stderr: Buffer.alloc(0), error: why });
    };
    child.on('error', (e) => gone(`the spawner failed: ${e.message}`));
    child.on('exit', (code, signal) => gone(`the spawner ended (${signal ?? `exit status ${code}`})`));
    this.hold(false);
    return child;
  }

  private onStartReply(m: StartReply, handle: Socket | undefined): void {
    const l = this.live.get(m.id);
    if (!l) return;
    if (m.t === 'handle') {
      if (handle) l.child.stdio[m.fd] = handle;
    } else if (m.t === 'started') {
      l.child.pid = m.pid;
      l.resolve?.(l.child);
      l.resolve = l.reject = undefined;
      this.hold(this.pending.size > 0);
    } else if (m.t === 'startFailed') {
      this.live.delete(m.id);
      l.reject?.(new Error(m.error));
      this.hold(this.pending.size > 0);
    } else {
      this.live.delete(m.id);
      l.child.ended(m.code, m.signal);
      this.hold(this.pending.size > 0);
    }
  }

  /**
   * The helper keeps the host's event loop alive only while a call runs or a program is starting; with nothing
   * running or started it ends after idleMs (what it started dies with it, so never while any runs).
   */
  private hold(yes: boolean): void {
    const c = this.child as (ChildProcess & { channel?: { ref(): void; unref(): void } }) | undefined;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (!c) return;
    if (!yes && !this.live.size) {
      this.idleTimer = setTimeout(() => {
        if (this.child === c && !this.pending.size && !this.live.size) c.kill('SIGKILL');
      }, this.idleMs);
      this.idleTimer.unref();
    }
    if (yes) {
      c.ref();
      c.channel?.ref();
    } else {
      c.unref();
      c.channel?.unref();
    }
  }
}

/** The host's one spawner. */
export const spawner = new Spawner();
