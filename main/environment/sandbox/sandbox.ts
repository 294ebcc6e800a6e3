// The OS sandbox of one agent session (issue 19): probes the machine once, owns the session's temp dir (/tmp of
// its commands) and the seccomp program file, and turns a program + argv into the argv that runs it contained
// (bwrap on Linux, sandbox-exec on macOS). On Linux it also keeps the session's long-lived box (box.ts): one bwrap
// whose server starts each command in a pty (spawnPty), much cheaper than a bwrap per command. The policy is
// computed again for every launch; a box built from another policy (a secret folder made after the session began,
// a new protected file, another login snapshot) is retired and a new one built, so those are hidden too. When the
// sandbox cannot run (or is turned off in system_config.yaml) it says so once (takeWarnings) and `active` is
// false: approval mode `auto` then asks for every command. Must not decide approvals.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Box, type RemotePty } from './box.js';
import { bwrapArgs } from './bwrap-args.js';
import { EgressGate } from './egress.js';
import { NetForwarder } from './net-forwarder.js';
import { NetHolder } from './net-holder.js';
import { EgressProxy } from './proxy.js';
import { sandboxPolicy, type PathKind, type SandboxPolicy } from './policy.js';
import { probeSandbox, type SandboxBackend } from './probe.js';
import { seatbeltProfile } from './seatbelt.js';
import { seccompProgram } from './seccomp.js';
import { SANDBOX_DIR_PREFIX, sweepSandboxDirs } from './sweep.js';
import { sweepOrphanHolders } from './holder-sweep.js';
import { unpackedPath } from '../../os/asar.js';
import { FLOE_ROOT, floeProgram } from '../../os/floe-root.js';
import { writableFolderError } from './writable-check.js';

/** temp folders and orphaned network holders already swept by this process */
let swept = false;

export interface CommandSandboxOptions {
  workspace: string;
  home: string;
  floeHome: string;
  sessionId: string;
  /** false: the project turned the sandbox off (system_config.yaml sandbox.enabled: false) */
  enabled?: boolean;
  /** keep the host network (default false: loopback only) */
  network?: boolean;
  extraWritable?: string[];
  /**
   * the folders the project's writable-folder rules name now (main/approval/write-rules.ts), read at every launch:
   * a rule added during the session takes effect with the next command (a new box). Each is resolved to its real
   * path and checked again (writable-check.ts); one that is refused now is left out.
   */
  ruleWritable?: () => readonly string[];
  /**
   * names the egress proxy resolves without DNS (tests play external hosts on 127.0.0.1 with it); the proxy is on
   * unless `egress: false`
   */
  egressHosts?: Readonly<Record<string, string>>;
  egress?: boolean;
  /** a session box with no command running for this long closes (default 5 min); the next command starts one */
  boxIdleMs?: number;
  /** the bwrap program (default `bwrap` on PATH) */
  bwrap?: string;
  platform?: NodeJS.Platform;
}

export interface Launch {
  file: string;
  args: string[];
}

const realOr = (p: string): string => {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
};

/** Where sandboxed commands may write besides the workspace: FLOE_HOME/scratch. */
const scratchDirOf = (floeHome: string): string => path.join(floeHome, 'scratch');

const kindOf = (p: string): PathKind => {
  let st;
  try {
    st = statSync(p, { throwIfNoEntry: false });
  } catch (e) {
    // a path under a file (`.git/hooks` of a linked worktree, whose `.git` is a file) does not exist either
    if ((e as NodeJS.ErrnoException).code === 'ENOTDIR') return 'none';
    throw e;
  }
  return !st ? 'none' : st.isDirectory() ? 'dir' : 'file';
};

/** What the first use of a session's sandbox found and made. */
interface Setup {
  backend?: SandboxBackend;
  offReason?: string;
  dir?: string;
  seccompFile?: string;
  net?: NetHolder;
  /** the shared network and its egress proxy are up (or known not to be) */
  started?: Promise<void>;
}

/** The command server a box runs (plain JavaScript, found next to this file in the sources and from the bundle; in a
 * packaged app unpacked beside the archive, electron-builder.yml). */
const PTY_SERVER = floeProgram('main', 'environment', 'sandbox', 'pty-server.mjs');

/** Single-quotes `s` for sh. */
const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** Removes `dir`, trying again every 0.5 s for up to 10 s while something still writes in it; never throws. */
async function removeSoon(dir: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    try {
      await rm(dir, { recursive: true, force: true });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 500).unref());
    }
  }
}

export class CommandSandbox {
  private readonly o: CommandSandboxOptions;
  private set: Setup | undefined;
  private warned = false;
  private netWarned = false;
  /** the box new commands start in; boxes retired because the policy changed close when their commands end */
  private box: Box | undefined;
  private readonly boxes = new Set<Box>();
  /** why commands start a bwrap each (the box could not start); reported once */
  private boxOff: string | undefined;
  private boxWarnings: string[] = [];
  private disposed = false;
  /** who decides the commands' network requests (egress.ts); its port is set once the proxy runs */
  readonly egress = new EgressGate();
  private proxy: EgressProxy | undefined;
  private forwarder: NetForwarder | undefined;
  private egressFailure: string | undefined;
  private egressWarned = false;

  /**
   * Nothing runs yet: the machine is probed and the session's folder and network made on first use (warm(), or
   * anything that needs them), so that opening a session does not wait for bwrap (issue 21).
   */
  constructor(o: CommandSandboxOptions) {
    this.o = o;
  }

  /** Probes and prepares now (once); the session calls this after its first model request is under way. */
  warm(): void {
    this.setup();
  }

  private setup(): Setup {
    if (this.set) return this.set;
    const o = this.o;
    const platform = o.platform ?? process.platform;
    if (o.enabled === false) {
      this.set = {
        offReason:
          'the command sandbox is off for this project (system_config.yaml sandbox.enabled: false) — every command ' +
          'asks for approval in auto mode',
      };
      return this.set;
    }
    const probe = probeSandbox(o.bwrap ?? 'bwrap', platform);
    if (!probe.ok) {
      this.set = { offReason: probe.reason };
      return this.set;
    }
    if (!swept) {
      swept = true;
      sweepSandboxDirs(tmpdir());
      if (platform === 'linux') sweepOrphanHolders();
    }
    // named with this process's pid, so a later start can tell the folders of a host that died
    const prefix = `${SANDBOX_DIR_PREFIX}${process.pid}-${o.sessionId.slice(0, 24)}-`;
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    mkdirSync(path.join(dir, 'tmp'), { mode: 0o700 });
    mkdirSync(scratchDirOf(o.floeHome), { recursive: true, mode: 0o700 });
    const bpf = platform === 'linux' ? seccompProgram(process.arch) : undefined;
    let seccompFile: string | undefined;
    if (bpf) {
      // outside the temp dir the commands can write: a command must not replace the next one's filter
      seccompFile = path.join(dir, 'seccomp.bpf');
      writeFileSync(seccompFile, bpf, { mode: 0o400 });
    }
    // one loopback-only network for all the session's commands (net-holder.ts)
    const net = probe.backend === 'bwrap' && o.network !== true ? new NetHolder(o.bwrap ?? 'bwrap') : undefined;
    const started = net && (o.egress === false ? net.ready : net.ready.then(() => this.startEgress()));
    this.set = { backend: probe.backend, dir, seccompFile, net, ...(started ? { started } : {}) };
    return this.set;
  }

  /** The allow-list proxy and its forwarder into the shared network (proxy.ts, net-forwarder.ts). Never rejects. */
  private async startEgress(): Promise<void> {
    const net = this.net;
    if (!net?.alive || net.pid === undefined || !this.dir) return;
    try {
      const socketPath = path.join(this.dir, 'proxy.sock');
      this.proxy = new EgressProxy({
        socketPath,
        decide: (r) => this.egress.decide(r),
        ...(this.o.egressHosts ? { hosts: this.o.egressHosts } : {}),
      });
      await this.proxy.listen();
      this.forwarder = new NetForwarder(net.pid, socketPath);
      await this.forwarder.ready;
      if (this.forwarder.failure) throw new Error(this.forwarder.failure);
      this.egress.port = this.forwarder.port;
    } catch (e) {
      this.egressFailure = (e as Error).message;
      this.egress.port = undefined;
    }
  }

  get backend(): SandboxBackend | undefined {
    return this.setup().backend;
  }

  /** one line: why commands are not contained (undefined while they are) */
  get offReason(): string | undefined {
    return this.setup().offReason;
  }

  private get dir(): string | undefined {
    return this.setup().dir;
  }

  private get seccompFile(): string | undefined {
    return this.setup().seccompFile;
  }

  private get net(): NetHolder | undefined {
    return this.setup().net;
  }

  /** Resolves when the session's shared network and its proxy are up (or known to be unavailable). Never rejects. */
  ready(): Promise<void> {
    return this.setup().started ?? Promise.resolve();
  }

  /** True when commands run contained. */
  get active(): boolean {
    return this.backend !== undefined;
  }

  /** The session's temp dir on the host (commands see it as /tmp on Linux). */
  get tmpDir(): string | undefined {
    return this.dir && path.join(this.dir, 'tmp');
  }

  /** The off reason, once; that commands do not share a loopback network, once. */
  takeWarnings(): string[] {
    const out: string[] = [];
    if (!this.warned && this.offReason) out.push(this.offReason);
    this.warned = true;
    out.push(...this.boxWarnings.splice(0));
    if (!this.netWarned && this.net?.failure) {
      this.netWarned = true;
      out.push(
        `sandbox: commands get a network of their own each (${this.net.failure}): a server one command starts ` +
          'cannot be reached from the next; install util-linux (nsenter) to share loopback between them',
      );
    }
    if (!this.egressWarned && this.egressFailure) {
      this.egressWarned = true;
      out.push(
        `sandbox: the network proxy for commands did not start (${this.egressFailure}): commands have no network ` +
          'at all; run one with with_network: true when it needs the network',
      );
    }
    return out;
  }

  /** The folders of the project's writable-folder rules, real paths that pass the check now. */
  private ruleFolders(): string[] {
    const out: string[] = [];
    for (const f of this.o.ruleWritable?.() ?? []) {
      let real: string;
      try {
        real = realpathSync(f);
      } catch {
        continue; // gone: nothing to make writable
      }
      if (
        !writableFolderError(real, { home: realOr(this.o.home), floeHome: realOr(this.o.floeHome) }) &&
        !out.includes(real)
      )
        out.push(real);
    }
    return out;
  }

  /** The policy for a launch now (paths as they are at this moment). */
  policy(snapshotFile?: string): SandboxPolicy {
    const o = this.o;
    return sandboxPolicy({
      workspace: o.workspace,
      home: o.home,
      floeHome: o.floeHome,
      tmpDir: this.tmpDir ?? tmpdir(),
      scratchDir: scratchDirOf(o.floeHome),
      snapshotFile,
      extraWritable: [...(o.extraWritable ?? []), ...this.ruleFolders()],
      keepReadable: [FLOE_ROOT, process.cwd()],
      kind: kindOf,
    });
  }

  /**
   * The launch of `file args…` contained; unchanged when the sandbox is off. `network`: this launch keeps the
   * machine's network (the file system stays contained); default: what the project set (off).
   */
  wrap(file: string, args: string[], cwd: string, o: { snapshotFile?: string; network?: boolean } = {}): Launch {
    if (!this.backend || !this.dir) return { file, args };
    const policy = this.policy(o.snapshotFile);
    const network = o.network === true || this.o.network === true;
    if (this.backend === 'seatbelt') {
      const profile = seatbeltProfile(policy, { network });
      return { file: '/usr/bin/sandbox-exec', args: ['-p', profile, file, ...args] };
    }
    // no network: join the session's loopback-only one when it runs, else a new one for this command alone
    const join = !network && this.net?.alive ? this.net.pid : undefined;
    const inner = bwrapArgs({
      policy,
      cwd,
      network: network || join !== undefined,
      seccompFd: this.seccompFile ? 3 : undefined,
    });
    const bwrap = this.o.bwrap ?? 'bwrap';
    const enter = join !== undefined ? `nsenter -t ${join} -U -n --preserve-credentials -- ` : '';
    if (!this.seccompFile && !enter) return { file: bwrap, args: [...inner, '--', file, ...args] };
    // bwrap reads the seccomp program from fd 3, which a tiny sh opens before it becomes (nsenter then) bwrap
    const fd3 = this.seccompFile ? ` 3< ${q(this.seccompFile)}` : '';
    const script = `exec ${enter}${q(bwrap)} "$@"${fd3}`;
    return { file: '/bin/sh', args: ['-c', script, 'sh', ...inner, '--', file, ...args] };
  }

  /**
   * Starts `file args…` in a pty of the session's box: a command without the host's network on Linux. Undefined
   * when it must start the per-call way (wrap): with the network, outside bwrap, or when no box can run here.
   */
  spawnPty(
    file: string,
    args: string[],
    o: {
      cwd: string;
      env: Record<string, string>;
      cols: number;
      rows: number;
      snapshotFile?: string;
      network?: boolean;
    },
  ): RemotePty | undefined {
    if (this.backend !== 'bwrap' || this.disposed || this.boxOff) return undefined;
    if (o.network === true || this.o.network === true) return undefined;
    const box = this.boxFor(o.snapshotFile);
    // bwrap sets TMPDIR for its own program; a command started by the server gets it from here
    return box.spawn({ file, args, cwd: o.cwd, env: { ...o.env, TMPDIR: '/tmp' }, cols: o.cols, rows: o.rows });
  }

  /**
   * Starts the box for commands with this login snapshot now (in the background of a session's start) and
   * resolves when it is ready, or known not to start (commands then start a bwrap each). Never rejects.
   */
  async prepareBox(snapshotFile?: string): Promise<void> {
    if (this.backend !== 'bwrap' || this.disposed || this.boxOff || this.o.network === true) return;
    await this.ready();
    if (this.disposed || this.boxOff) return;
    await this.boxFor(snapshotFile).ready;
  }

  /** The boxes running now (tests and the bench look at their processes). */
  boxPids(): { bwrap: number | undefined; server: number | undefined }[] {
    return [...this.boxes].map((b) => ({ bwrap: b.pid, server: b.serverPid }));
  }

  private boxFor(snapshotFile: string | undefined): Box {
    const key = JSON.stringify(this.policy(snapshotFile));
    if (this.box?.usable && this.box.policyKey === key) return this.box;
    this.box?.retire();
    const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: this.o.home };
    // the desktop app's binary is Electron: it runs the server as plain Node
    if (process.versions.electron) env.ELECTRON_RUN_AS_NODE = '1';
    const nodePty = unpackedPath(createRequire(import.meta.url).resolve('node-pty'));
    const launch = this.wrap(process.execPath, [PTY_SERVER, nodePty], this.o.workspace, { snapshotFile });
    const box = new Box({
      ...launch,
      cwd: this.o.workspace,
      env,
      policyKey: key,
      idleMs: this.o.boxIdleMs ?? 5 * 60_000,
      onDeath: (how, n) => {
        this.boxWarnings.push(
          `sandbox: the session's command server ended (${how}; a command may have killed it), ending ` +
            `${n} running command${n === 1 ? '' : 's'}; the next command starts a new one`,
        );
      },
    });
    this.boxes.add(box);
    void box.ready.then(() => {
      if (!box.failure || this.boxOff) return;
      this.boxOff = box.failure;
      this.boxWarnings.push(
        `sandbox: the session's command server could not start (${box.failure}); each command starts a bwrap ` +
          'of its own instead (as contained, slower)',
      );
    });
    void box.closed.then(() => this.boxes.delete(box));
    this.box = box;
    return box;
  }

  dispose(): void {
    this.disposed = true;
    const closing = [...this.boxes].map((b) => (b.kill(), b.closed));
    this.boxes.clear();
    this.box = undefined;
    // never set up: nothing to undo (and nothing to probe now)
    this.forwarder?.dispose();
    void this.proxy?.close();
    this.set?.net?.dispose();
    const dir = this.set?.dir;
    if (!dir) return;
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // a box still dying wrote into its /tmp meanwhile (bwrap makes mount points there while it starts; ENOTEMPTY
      // was seen under load): removed once the boxes are gone, else by the next start's sweep — never a throw
      void Promise.all(closing).then(() => removeSoon(dir));
    }
  }
}
