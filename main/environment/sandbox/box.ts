// The long-lived sandbox of one session (issue 19): one bwrap, built from the session's policy exactly as a
// command's was, whose program is a small Node server (pty-server.mjs) that starts each command in a pty of its own
// and streams its I/O back over its stdin/stdout: JSON lines to the server, JSON headers with raw output back
// (box-stream.ts). A command then costs one round trip to that server instead of a new bwrap. Each command is a
// RemotePty: what CommandSession needs of node-pty's IPty, plus the host pid of the command's shell (host-pid.ts)
// so the registry signals and watches it as before.
// A server that dies (a command ran `kill -9 -1`) ends the commands it ran with a line saying so; the sandbox starts a
// new one for the next command. Must not compute policies or decide when a box is used (sandbox.ts does).
import type { StartedChild } from '../../os/remote-child.js';
import { spawner } from '../../os/spawner.js';
import { BoxStream, type FromServer } from './box-stream.js';
import { hostPidOf } from './host-pid.js';
import { readInTurns } from './read-turns.js';
import { OWN_GROUP } from '../../os/own-group.js';

const START_TIMEOUT_MS = 15_000;

/** Host → server messages (pty-server.mjs). */
export type ToServer =
  | {
      t: 'spawn';
      id: string;
      file: string;
      args: string[];
      cwd: string;
      env: Record<string, string>;
      cols: number;
      rows: number;
    }
  | { t: 'write'; id: string; d: string }
  | { t: 'resize'; id: string; cols: number; rows: number }
  | { t: 'pause' | 'resume' | 'release'; id: string };

type Listener<T> = (e: T) => void;

/** A command running in a box, seen through the part of node-pty's IPty that CommandSession uses. */
export class RemotePty {
  /** the host pid of the command's shell; 0 until the server reported it, or when it was gone by then */
  pid = 0;
  /** resolves with `pid` once known (0: the command was gone before the host could see it) */
  readonly pidKnown: Promise<number>;
  private resolvePid!: (pid: number) => void;
  private readonly dataL = new Set<Listener<string>>();
  private readonly exitL = new Set<Listener<{ exitCode: number; signal?: number }>>();
  private ended = false;

  constructor(
    private readonly box: Box,
    readonly id: string,
  ) {
    this.pidKnown = new Promise((r) => (this.resolvePid = r));
  }

  onData = (cb: Listener<string>): { dispose(): void } => {
    this.dataL.add(cb);
    return { dispose: () => this.dataL.delete(cb) };
  };

  onExit = (cb: Listener<{ exitCode: number; signal?: number }>): { dispose(): void } => {
    this.exitL.add(cb);
    return { dispose: () => this.exitL.delete(cb) };
  };

  write(d: string): void {
    if (this.ended) throw new Error('the command has exited');
    this.box.send({ t: 'write', id: this.id, d });
  }

  resize(cols: number, rows: number): void {
    if (!this.ended) this.box.send({ t: 'resize', id: this.id, cols, rows });
  }

  pause(): void {
    if (!this.ended) this.box.send({ t: 'pause', id: this.id });
  }

  resume(): void {
    if (!this.ended) this.box.send({ t: 'resume', id: this.id });
  }

  /** The host saw the end marker: the server lets go of the pty's slave side (slave-hold.ts, inside). */
  releaseHold(): void {
    if (!this.ended) this.box.send({ t: 'release', id: this.id });
  }

  /** @internal the box's events */
  started(hostPid: number | undefined): void {
    this.pid = hostPid ?? 0;
    this.resolvePid(this.pid);
  }

  /** @internal */
  data(d: string): void {
    for (const cb of [...this.dataL]) cb(d);
  }

  /** @internal */
  exit(exitCode: number, signal: number): void {
    if (this.ended) return;
    this.ended = true;
    this.resolvePid(this.pid);
    const e = signal ? { exitCode, signal } : { exitCode };
    for (const cb of [...this.exitL]) cb(e);
  }
}

export interface BoxOptions {
  /** the launch of `node pty-server.mjs <node-pty>` wrapped by the sandbox (sandbox.wrap) */
  file: string;
  args: string[];
  cwd: string;
  /** the server's own environment (small: commands get theirs with each spawn) */
  env: Record<string, string>;
  /** what the box was built from; a launch whose policy differs needs another box */
  policyKey: string;
  /** the server died after it was ready: why, and how many commands it took with it */
  onDeath?: (why: string, commands: number) => void;
  /** with no command running for this long the box closes (its server holds ~45 MB); the next command makes one */
  idleMs?: number;
}

export class Box {
  readonly policyKey: string;
  /** resolves once the server is ready or failed to start (never rejects) */
  readonly ready: Promise<void>;
  /** resolves when the bwrap holding the box has exited */
  readonly closed: Promise<void>;
  /** why the server could not start (set when `ready` resolved without it) */
  failure: string | undefined;
  /** the host pid of the server process inside (undefined until ready) */
  serverPid: number | undefined;
  private state: 'starting' | 'ready' | 'down' = 'starting';
  /** the bwrap holding the box, once the spawner started it */
  private child: StartedChild | undefined;
  /** lines for the server written before it was started */
  private queued: string[] = [];
  private killed = false;
  /** the last idle() wish, applied to the pipes when they come */
  private idleNow = false;
  private readonly ptys = new Map<string, RemotePty>();
  private retired = false;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private stderr = '';
  private next = 0;

  constructor(private readonly o: BoxOptions) {
    this.policyKey = o.policyKey;
    let settle!: () => void;
    this.ready = new Promise<void>((r) => (settle = r));
    const fail = (why: string): void => {
      if (this.state !== 'starting') return;
      this.state = 'down';
      this.failure = why;
      this.kill();
      settle();
    };
    let closed!: () => void;
    this.closed = new Promise<void>((r) => (closed = r));
    // the host waits for the start; afterwards only while a command runs (idle)
    this.idle(false);
    const timer = setTimeout(
      () => fail(`the server did not start within ${START_TIMEOUT_MS / 1000} s`),
      START_TIMEOUT_MS,
    );
    // kept: while it starts, nothing else may hold the event loop (its pipes are unref'd after the start, and the
    // spawner holds the loop only until it has started it); cleared once ready
    const stream = new BoxStream((m) => {
      if (m.t === 'ready') {
        clearTimeout(timer);
        const pid = this.child?.pid;
        this.serverPid = pid ? hostPidOf(pid, m.pid, 4) : undefined;
        if (this.state === 'starting') this.state = 'ready';
        if (!this.ptys.size) this.idle(true);
        settle();
      } else this.onMessage(m);
    });
    // started by the spawner (main/os/spawner.ts; its pipes are passed here): a fork of the host stopped its event
    // loop for each session's box, ~40 ms a box with 28 sessions starting (bench/concurrency.ts)
    const started = spawner.start(o.file, o.args, {
      cwd: o.cwd,
      env: o.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      // a Ctrl-C at the host's terminal must not reach the server (it ended the commands it ran)
      ...OWN_GROUP,
    });
    started.then(
      (child) => this.attach(child, stream, timer, fail, closed),
      (e: Error) => (clearTimeout(timer), fail(e.message), closed()),
    );
  }

  private attach(
    child: StartedChild,
    stream: BoxStream,
    timer: ReturnType<typeof setTimeout>,
    fail: (why: string) => void,
    closed: () => void,
  ): void {
    this.child = child;
    child.once('close', () => closed());
    child.unref();
    child.stdin?.on('error', () => {});
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (d: string) => {
      if (this.stderr.length < 4096) this.stderr += d;
    });
    // a flood is read a few ms per turn of the loop, so that the rest of the host is served between its reads
    if (child.stdout) readInTurns(child.stdout, (chunk) => stream.push(chunk));
    child.on('error', (e) => (clearTimeout(timer), fail(e.message)));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const err = this.stderr.trim().split('\n').slice(-1)[0] ?? '';
      const how = signal ? `killed by ${signal}` : `exit status ${code}`;
      if (this.state === 'starting') return fail(`the server ended (${how})${err ? `: ${err}` : ''}`);
      const was = this.state;
      this.state = 'down';
      const n = this.ptys.size;
      for (const p of this.ptys.values()) {
        p.started(undefined);
        p.data(
          `\r\n[floe: the sandbox's command server ended (${how}) and this command with it; the next command ` +
            'starts in a new sandbox]\r\n',
        );
        p.exit(0, 9);
      }
      this.ptys.clear();
      this.idle(true);
      if (was === 'ready' && !this.retired) this.o.onDeath?.(how, n);
    });
    for (const line of this.queued.splice(0)) child.stdin?.write(line);
    this.idle(this.idleNow);
    if (this.killed) this.kill();
  }

  /** True while new commands can start here. */
  get usable(): boolean {
    return this.state !== 'down' && !this.retired;
  }

  /** Commands running in this box. */
  get running(): number {
    return this.ptys.size;
  }

  /** The host pid of the bwrap holding the box. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts `file args` in a pty of its own in the box. */
  spawn(o: { file: string; args: string[]; cwd: string; env: Record<string, string>; cols: number; rows: number }) {
    const id = `c${++this.next}`;
    const p = new RemotePty(this, id);
    this.ptys.set(id, p);
    this.idle(false);
    this.send({ t: 'spawn', id, ...o });
    return p;
  }

  /** @internal */
  send(m: ToServer): void {
    if (this.state === 'down') return;
    const line = `${JSON.stringify(m)}\n`;
    if (!this.child) {
      this.queued.push(line);
      return;
    }
    try {
      this.child.stdin?.write(line);
    } catch {
      // the server is gone; its exit event ends the commands
    }
  }

  /** No new commands here; the box closes when its last command has ended. */
  retire(): void {
    this.retired = true;
    if (!this.ptys.size) this.kill();
  }

  /** Ends the box and everything in it (bwrap's first process going ends its PID namespace). */
  kill(): void {
    this.retired = true;
    this.killed = true;
    if (!this.child) return; // killed as soon as it has started
    try {
      this.child.stdin?.end();
    } catch {
      // gone
    }
    try {
      this.child.kill('SIGKILL');
    } catch {
      // gone
    }
  }

  private onMessage(m: Exclude<FromServer, { t: 'ready' }>): void {
    const p = this.ptys.get(m.id);
    if (!p) return;
    if (m.t === 'spawned') {
      p.started(this.serverPid ? hostPidOf(this.serverPid, m.pid, 1) : undefined);
    } else if (m.t === 'data') p.data(m.d);
    else if (m.t === 'failed') {
      p.started(undefined);
      p.data(`[floe: the command could not start in the sandbox: ${m.message}]\r\n`);
      this.ended(p, 1, 0);
    } else this.ended(p, m.code, m.signal);
  }

  private ended(p: RemotePty, code: number, signal: number): void {
    this.ptys.delete(p.id);
    p.exit(code, signal);
    if (!this.ptys.size) {
      this.idle(true);
      if (this.retired) this.kill();
    }
  }

  /** The host's event loop waits for the box only while a command runs in it; an idle box closes after idleMs. */
  private idle(yes: boolean): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (yes && this.state === 'ready' && this.o.idleMs !== undefined) {
      this.idleTimer = setTimeout(() => {
        if (!this.ptys.size) this.kill();
      }, this.o.idleMs);
      this.idleTimer.unref();
    }
    this.idleNow = yes;
    if (!this.child) return;
    for (const s of [this.child.stdout, this.child.stderr, this.child.stdin]) {
      const h = s as unknown as { ref?: () => void; unref?: () => void } | null;
      if (yes) h?.unref?.();
      else h?.ref?.();
    }
  }
}
