// The network of one session's sandbox (Linux): a long-lived bwrap that only holds a user namespace and a network
// namespace with nothing but loopback (its program sleeps). Each command joins that network with nsenter before
// its own bwrap builds the rest, so a dev server started by one command is reachable on localhost by the next, and
// no command reaches the host's network or its loopback. bwrap's --die-with-parent ends the holder with the host.
// bwrap forks: its child (which becomes the `sleep`) waits for the parent's go-ahead and only then asks to die
// with it, so killing the bwrap alone while it starts left the child behind (a bwrap blocked forever, or a sleep).
// Both run in the holder's own process group: dispose, and the bwrap's own exit, kill that whole group. A host
// that dies at that moment cannot: its holder carries a mark a later process's sweep finds (holder-sweep.ts).
// If it cannot start (no nsenter, say), `pid` stays undefined and commands get a network namespace each (still
// contained; only loopback is not shared) — the caller says so once. Must not build policies or start commands.
import type { StartedChild } from '../../os/remote-child.js';
import { spawner } from '../../os/spawner.js';
import type { Readable } from 'node:stream';
import { OWN_GROUP } from '../../os/own-group.js';
import { HOLDER_MARK, hostMark } from './holder-sweep.js';

const START_TIMEOUT_MS = 5000;

export class NetHolder {
  /** the holder's pid (the process whose namespaces commands join) once it runs */
  pid: number | undefined;
  /** one line when it could not start */
  failure: string | undefined;
  readonly ready: Promise<void>;
  private proc: StartedChild | undefined;
  private disposed = false;
  private killed = false;

  constructor(bwrap: string) {
    this.ready = this.start(bwrap)
      .then(() => this.checkJoin())
      .catch((err: Error) => {
        this.failure = err.message;
        this.pid = undefined;
        this.dispose();
      });
  }

  /** The process group of everything the holder started (bwrap's pid, OWN_GROUP); undefined if it did not spawn. */
  get group(): number | undefined {
    return this.proc?.pid;
  }

  /** True while the holder runs (a command can join it). */
  get alive(): boolean {
    return this.pid !== undefined && this.proc?.exitCode === null && this.proc.signalCode === null;
  }

  private async start(bwrap: string): Promise<void> {
    const args = ['--unshare-user', '--unshare-net', '--die-with-parent', '--cap-drop', 'ALL'];
    args.push('--ro-bind', '/', '/', '--info-fd', '3', '--', 'sleep', 'infinity');
    // the mark names this host, for a later process's sweep should this one die while the holder starts
    const env = { ...process.env, [HOLDER_MARK]: hostMark() };
    // started by the spawner: a fork of the host stopped its event loop for each session's sandbox
    const p = await spawner.start(bwrap, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe'], env, ...OWN_GROUP });
    this.proc = p;
    if (this.disposed) {
      this.killGroup();
      throw new Error('the network holder was disposed while it started');
    }
    return new Promise<void>((resolve, reject) => {
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
      // kept: while it starts, nothing else may hold the event loop (its pipes are unref'd, and the spawner holds
      // the loop only until it has started it): without it the host could stop mid-start (exit 13 under load)
      err.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
      p.on('error', (e) => (clearTimeout(timer), reject(e)));
      p.on('exit', (code) => {
        // a bwrap that ended on its own may leave its child in the group; its id is still ours just now
        this.killGroup();
        clearTimeout(timer);
        reject(new Error(`the network holder exited (${code}): ${stderr.trim().split('\n')[0] ?? ''}`));
      });
      info.on('data', (d: Buffer) => {
        text += d.toString('utf8');
        const m = /"child-pid"\s*:\s*(\d+)/.exec(text);
        if (!m) return;
        clearTimeout(timer);
        // disposed while starting: the group is killed already, there is nothing to join
        if (this.disposed) return reject(new Error('the network holder was disposed while it started'));
        this.pid = Number(m[1]);
        resolve();
      });
    });
  }

  /** A command must be able to join: nsenter present and allowed into the holder's namespaces. */
  private async checkJoin(): Promise<void> {
    const args = ['-t', String(this.pid), '-U', '-n', '--preserve-credentials', '--', 'true'];
    const r = await spawner.run('nsenter', args, { cwd: '/', env: process.env, timeoutMs: START_TIMEOUT_MS });
    if (r.code === 0) return;
    const why = r.stderr.toString('utf8').trim() || r.error || (r.signal ? `killed by ${r.signal}` : `exit ${r.code}`);
    throw new Error(`nsenter cannot join it (${why})`);
  }

  /** Ends the holder at any stage, also before it reported its child. */
  dispose(): void {
    this.disposed = true;
    this.killGroup();
  }

  /**
   * SIGKILL to the holder's whole process group: bwrap and its child, which PR_SET_PDEATHSIG does not cover until
   * just before its exec. Once, and not after bwrap's exit: the group's id could later name someone else's group.
   */
  private killGroup(): void {
    const group = this.group;
    if (this.killed || group === undefined) return;
    this.killed = true;
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // nothing left in the group
    }
  }
}
