// A long-lived program the spawner started (spawner.ts `start`), seen as the part of Node's ChildProcess its users
// need: its pid, its pipes (the real ones: the spawner passed them over, the host reads and writes them itself),
// kill, and the `exit`, `close` and `error` events. Its exit is reported by the spawner; if the spawner itself ends first, the
// program is reported as killed (what Floe starts this way dies with its parent, bwrap's --die-with-parent).
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import type { Readable, Writable } from 'node:stream';

/** What a started program offers, whether Node's ChildProcess (started here) or a RemoteChild. */
export interface StartedChild {
  readonly pid?: number | undefined;
  readonly stdin: Writable | null;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  readonly stdio: readonly (Readable | Writable | null | undefined)[];
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  kill(signal?: NodeJS.Signals | number): boolean;
  unref(): void;
  on(event: 'exit' | 'close', cb: (code: number | null, signal: NodeJS.Signals | null) => void): this;
  on(event: 'error', cb: (e: Error) => void): this;
  once(event: 'exit' | 'close', cb: (code: number | null, signal: NodeJS.Signals | null) => void): this;
}

export class RemoteChild extends EventEmitter implements StartedChild {
  pid: number | undefined;
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  /** the pipes by fd, as the spawner passed them (null where the fd was not a pipe) */
  readonly stdio: (Socket | null)[];

  constructor(fds: number) {
    super();
    this.stdio = Array.from({ length: fds }, () => null);
  }

  get stdin(): Writable | null {
    return this.stdio[0] ?? null;
  }

  get stdout(): Readable | null {
    return this.stdio[1] ?? null;
  }

  get stderr(): Readable | null {
    return this.stdio[2] ?? null;
  }

  /** Signals the program itself (the host may: it runs as the same user). */
  kill(signal: NodeJS.Signals | number = 'SIGTERM'): boolean {
    if (this.pid === undefined || this.exitCode !== null || this.signalCode !== null) return false;
    try {
      process.kill(this.pid, signal);
      return true;
    } catch {
      return false;
    }
  }

  /** Its pipes do not keep the host's event loop alive. */
  unref(): void {
    for (const s of this.stdio) s?.unref();
  }

  /** @internal the spawner reports the end; listeners hear of it after the current turn (they may be attaching). */
  ended(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.exitCode !== null || this.signalCode !== null) return;
    this.exitCode = code;
    this.signalCode = signal;
    // 'close' as Node's ChildProcess has it: once it exited and the pipes it wrote to are closed (whatever it
    // started that shares them, the server inside a bwrap, has gone too)
    const open = this.stdio.filter((sock, fd): sock is Socket => fd > 0 && sock !== null && !sock.closed);
    let waiting = open.length + 1;
    const one = () => {
      if (--waiting === 0) this.emit('close', code, signal);
    };
    for (const sock of open) sock.once('close', one);
    setImmediate(() => {
      this.emit('exit', code, signal);
      one();
    });
  }
}
