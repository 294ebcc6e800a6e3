// The network of one session's sandbox (Linux): a long-lived bwrap that only holds a user namespace and a network
// namespace with nothing but loopback (its program sleeps). Each command joins that network with nsenter before
// its own bwrap builds the rest, so a dev server started by one command is reachable on localhost by the next, and
// no command reaches the host's network or its loopback. bwrap's --die-with-parent ends the holder with the host.
// If it cannot start (no nsenter, say), `pid` stays undefined and commands get a network namespace each (still
// contained; only loopback is not shared) — the caller says so once. Must not build policies or start commands.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { OWN_GROUP } from '../../os/own-group.js';

const START_TIMEOUT_MS = 5000;

export class NetHolder {
  /** the holder's pid (the process whose namespaces commands join) once it runs */
  pid: number | undefined;
  /** one line when it could not start */
  failure: string | undefined;
  readonly ready: Promise<void>;
  private proc: ChildProcess | undefined;
  private disposed = false;

  constructor(bwrap: string) {
    this.ready = this.start(bwrap)
      .then(() => this.checkJoin())
      .catch((err: Error) => {
        this.failure = err.message;
        this.pid = undefined;
        this.dispose();
      });
  }

  /** True while the holder runs (a command can join it). */
  get alive(): boolean {
    return this.pid !== undefined && this.proc?.exitCode === null && this.proc.signalCode === null;
  }

  private start(bwrap: string): Promise<void> {
    const args = ['--unshare-user', '--unshare-net', '--die-with-parent', '--cap-drop', 'ALL'];
    args.push('--ro-bind', '/', '/', '--info-fd', '3', '--', 'sleep', 'infinity');
    return new Promise<void>((resolve, reject) => {
      const p = spawn(bwrap, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe'], ...OWN_GROUP });
      this.proc = p;
      p.unref();
      const info = p.stdio[3] as Readable;
      const err = p.stderr as Readable;
      for (const s of [info, err]) (s as Readable & { unref?: () => void }).unref?.();
      let text = '';
      let stderr = '';
      const timer = setTimeout(
        () => reject(new Error('the network holder did not start within 5 s')),
        START_TIMEOUT_MS,
      );
      timer.unref();
      err.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
      p.on('error', (e) => (clearTimeout(timer), reject(e)));
      p.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the network holder exited (${code}): ${stderr.trim().split('\n')[0] ?? ''}`));
      });
      info.on('data', (d: Buffer) => {
        text += d.toString('utf8');
        const m = /"child-pid"\s*:\s*(\d+)/.exec(text);
        if (!m) return;
        clearTimeout(timer);
        this.pid = Number(m[1]);
        if (this.disposed) this.dispose();
        resolve();
      });
    });
  }

  /** A command must be able to join: nsenter present and allowed into the holder's namespaces. */
  private checkJoin(): Promise<void> {
    return new Promise((resolve, reject) => {
      const args = ['-t', String(this.pid), '-U', '-n', '--preserve-credentials', '--', 'true'];
      execFile('nsenter', args, { timeout: START_TIMEOUT_MS }, (err, _out, stderr) => {
        if (err) reject(new Error(`nsenter cannot join it (${String(stderr).trim() || err.message})`));
        else resolve();
      });
    });
  }

  dispose(): void {
    this.disposed = true;
    try {
      this.proc?.kill('SIGKILL');
    } catch {
      // gone already
    }
  }
}
