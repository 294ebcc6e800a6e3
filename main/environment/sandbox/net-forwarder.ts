// The sandbox's way out (issue 19): a tiny Node program that joins the session's loopback-only network namespace
// (nsenter into the holder, net-holder.ts), listens on 127.0.0.1:<port> there and pipes each connection to the
// egress proxy's unix socket on the host (proxy.ts). Commands inside see an HTTP proxy on their loopback and no
// other way out: no interface but `lo`, so raw-IP and DNS egress stay impossible. It ends when the host does (its
// stdin is a pipe from the host; EOF ends it). Must not decide anything: every byte goes to the proxy.
import type { Readable } from 'node:stream';
import { OWN_GROUP } from '../../os/own-group.js';
import type { StartedChild } from '../../os/remote-child.js';
import { spawner } from '../../os/spawner.js';

const START_TIMEOUT_MS = 5000;

/** The forwarder's code (run with `node -e`, so it needs no file of its own in a built install). */
const CODE = `
const net = require('node:net');
const sock = process.argv[1];
const srv = net.createServer((c) => {
  const u = net.connect(sock);
  const end = () => { c.destroy(); u.destroy(); };
  c.on('error', end); u.on('error', end); c.on('close', end); u.on('close', end);
  c.pipe(u); u.pipe(c);
});
srv.listen(0, '127.0.0.1', () => process.stdout.write('port ' + srv.address().port + '\\n'));
srv.on('error', (e) => { process.stderr.write(String(e.message) + '\\n'); process.exit(1); });
process.stdin.on('end', () => process.exit(0)).on('error', () => process.exit(0)).resume();
`;

export class NetForwarder {
  /** the port the proxy has on the sandbox's loopback, once it runs */
  port: number | undefined;
  /** one line when it could not start */
  failure: string | undefined;
  readonly ready: Promise<void>;
  private proc: StartedChild | undefined;
  private disposed = false;

  /** `holderPid`: a process in the network namespace to join; `socketPath`: the proxy's unix socket. */
  constructor(holderPid: number, socketPath: string, node = process.execPath) {
    this.ready = this.start(holderPid, socketPath, node).catch((e: Error) => {
      this.failure = e.message;
      this.port = undefined;
      this.dispose();
    });
  }

  get alive(): boolean {
    return this.port !== undefined && this.proc?.exitCode === null && this.proc.signalCode === null;
  }

  private async start(pid: number, socketPath: string, node: string): Promise<void> {
    const args = ['-t', String(pid), '-U', '-n', '--preserve-credentials', '--', node, '-e', CODE, socketPath];
    // started by the spawner (its pipes passed to the host): a fork of the host stopped its event loop
    const env = { ...process.env, ...(process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {}) };
    const p = await spawner.start('nsenter', args, { stdio: ['pipe', 'pipe', 'pipe'], env, ...OWN_GROUP });
    this.proc = p;
    if (this.disposed) {
      this.dispose();
      throw new Error('the proxy forwarder was disposed while it started');
    }
    return new Promise((resolve, reject) => {
      p.unref();
      for (const s of [p.stdin, p.stdout, p.stderr] as (Readable & { unref?: () => void })[]) s.unref?.();
      let out = '';
      let err = '';
      const timer = setTimeout(
        () => reject(new Error('the proxy forwarder did not start within 5 s')),
        START_TIMEOUT_MS,
      );
      // kept: while it starts, nothing else may hold the event loop (its pipes are unref'd, and the spawner holds
      // the loop only until it has started it): without it the host could stop mid-start (exit 13 under load)
      p.on('error', (e) => (clearTimeout(timer), reject(e)));
      p.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the proxy forwarder exited (${code}): ${err.trim().split('\n')[0] ?? ''}`));
      });
      p.stderr!.on('data', (d: Buffer) => (err += d.toString('utf8')));
      p.stdout!.on('data', (d: Buffer) => {
        out += d.toString('utf8');
        const m = /port (\d+)\n/.exec(out);
        if (!m) return;
        clearTimeout(timer);
        this.port = Number(m[1]);
        resolve();
      });
    });
  }

  dispose(): void {
    this.disposed = true;
    try {
      this.proc?.stdin?.end();
      this.proc?.kill('SIGKILL');
    } catch {
      // gone already
    }
  }
}
