// The login environment of one agent session, captured once (a shell snapshot, as Codex does it): a login shell
// runs with a bounded timeout and reports its exported variables, functions, aliases and options; the snapshot
// script built from that (snapshot-text.ts) is written 0600 under FLOE_HOME, sourced once in a clean shell to
// check it, and renamed into place. Commands then run as `bash -c` sourcing it instead of re-running the profile.
// A profile file that changes (mtime/size) triggers a new capture before the next command. Capture failure: one
// warning, `bash -lc` per command; capture timeout (a hanging profile): one warning, commands run without the
// profile (`bash -lc` would hang each of them). The file goes with the session; stale ones are swept at start.
// Must not run commands or know about tools.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSnapshot, profileFiles, type CapturedShell } from './snapshot-text.js';

export const CAPTURE_TIMEOUT_MS = 10_000;
const VALIDATE_TIMEOUT_MS = 5_000;

/** How a command's bash is started: with the snapshot, as a login shell, or without any profile. */
export type LaunchMode = { kind: 'snapshot'; path: string } | { kind: 'login' } | { kind: 'plain' };

export interface LoginSnapshotOptions {
  /** folder for snapshot files (FLOE_HOME/shell-snapshots) */
  dir: string;
  /** the environment commands run with (also the capture's) */
  env: Record<string, string>;
  /** names the file (with this process's pid, so a later start can tell stale files) */
  sessionId: string;
  timeoutMs?: number;
}

/** The profile files' state: a change means the snapshot may be out of date. */
export function profileSignature(home: string): string {
  const parts: string[] = [];
  for (const f of profileFiles(home)) {
    try {
      const st = statSync(f);
      parts.push(`${f}:${st.mtimeMs}:${st.size}`);
      if (st.isDirectory()) {
        for (const e of readdirSync(f).sort()) {
          const s2 = statSync(join(f, e), { throwIfNoEntry: false });
          parts.push(`${e}:${s2?.mtimeMs}:${s2?.size}`);
        }
      }
    } catch {
      parts.push(`${f}:-`);
    }
  }
  return parts.join('|');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException)?.code === 'EPERM';
  }
}

/** Removes snapshot files whose owning process is gone (a host that crashed left them). */
export function sweepSnapshots(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) {
    const pid = Number(/^(\d+)-/.exec(n)?.[1]);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !alive(pid)) rmSync(join(dir, n), { force: true });
  }
}

interface RunResult {
  code: number | null;
  stderr: string;
  timedOut: boolean;
}

/** Runs bash in a session of its own (no terminal, stdin empty); on timeout its whole group is ended. */
function runBash(args: string[], env: Record<string, string>, cwd: string, timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve) => {
    const p = spawn('bash', args, { env, cwd, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let timedOut = false;
    p.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 4096) stderr += d.toString('utf8');
    });
    const kill = (sig: NodeJS.Signals): void => {
      try {
        if (p.pid) process.kill(-p.pid, sig);
      } catch {
        // gone already
      }
    };
    // SIGTERM first, so a profile's own cleanup (lock files) can run; SIGKILL if it lingers
    const timer = setTimeout(() => {
      timedOut = true;
      kill('SIGTERM');
      setTimeout(() => kill('SIGKILL'), 1000).unref();
    }, timeoutMs);
    p.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: null, stderr: err.message, timedOut: false });
    });
    p.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, timedOut });
    });
  });
}

const CAPTURE_SCRIPT = [
  '__floe_out=$1',
  'env -0 > "$__floe_out.env"',
  'declare -f > "$__floe_out.functions"',
  'alias -p > "$__floe_out.aliases"',
  '{ shopt -p; set +o; } > "$__floe_out.options"',
].join('\n');

export class LoginSnapshot {
  private readonly opts: LoginSnapshotOptions;
  private readonly home: string;
  private mode: LaunchMode = { kind: 'login' };
  private signature: string | undefined;
  private preparing: Promise<void> | undefined;
  private warnings: string[] = [];
  private file: string | undefined;
  private disposed = false;

  constructor(opts: LoginSnapshotOptions) {
    this.opts = opts;
    this.home = opts.env.HOME ?? '/';
  }

  /** How the next command starts. */
  launch(): LaunchMode {
    return this.mode;
  }

  /** Warnings not handed out yet (each capture problem is reported once). */
  takeWarnings(): string[] {
    return this.warnings.splice(0);
  }

  /** Captures (again) when there is no snapshot for the current profile files; resolves when settled. */
  prepare(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (this.preparing) return this.preparing;
    const sig = profileSignature(this.home);
    if (sig === this.signature) return Promise.resolve();
    this.preparing = this.capture(sig).finally(() => {
      this.preparing = undefined;
    });
    return this.preparing;
  }

  dispose(): void {
    this.disposed = true;
    if (this.file) rmSync(this.file, { force: true });
    this.file = undefined;
  }

  private async capture(sig: string): Promise<void> {
    const { dir, env, sessionId } = this.opts;
    const timeoutMs = this.opts.timeoutMs ?? CAPTURE_TIMEOUT_MS;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const base = join(dir, `${process.pid}-${sessionId}`);
    const tmp = `${base}.tmp-${randomBytes(4).toString('hex')}`;
    const parts = ['env', 'functions', 'aliases', 'options'].map((p) => `${tmp}.${p}`);
    const cleanup = (): void => {
      for (const p of [...parts, tmp]) rmSync(p, { force: true });
    };
    try {
      const cwd = statSync(this.home, { throwIfNoEntry: false })?.isDirectory() ? this.home : '/';
      const r = await runBash(['-lc', CAPTURE_SCRIPT, 'floe-snapshot', tmp], env, cwd, timeoutMs);
      if (this.disposed) return;
      this.signature = sig;
      if (r.timedOut) {
        this.fail(
          { kind: 'plain' },
          `the login shell did not finish within ${timeoutMs / 1000} s (a profile file such as ~/.bash_profile or ` +
            '~/.profile hangs or waits for input); commands now run without your login profile — fix the profile ' +
            'and the next command captures it again',
        );
        return;
      }
      let shell: CapturedShell;
      try {
        const [envText, functions, aliases, options] = parts.map((p) => readFileSync(p, 'utf8'));
        shell = { env: envText, functions, aliases, options };
      } catch {
        const why = r.stderr.trim().split('\n').slice(-2).join(' ') || `exit status ${r.code}`;
        this.fail({ kind: 'login' }, `the login shell could not report its environment (${why}); commands run with bash -lc`);
        return;
      }
      writeFileSync(tmp, buildSnapshot(shell, env), { mode: 0o600 });
      const check = await runBash(['--noprofile', '--norc', '-c', '. "$1"', 'floe-snapshot-check', tmp], env, cwd, VALIDATE_TIMEOUT_MS);
      if (this.disposed) return;
      if (check.code !== 0 || check.stderr.trim()) {
        const why = check.stderr.trim().split('\n')[0] || `exit status ${check.code}`;
        this.fail({ kind: 'login' }, `the captured login environment does not load in a clean shell (${why}); commands run with bash -lc`);
        return;
      }
      const file = `${base}.sh`;
      renameSync(tmp, file);
      this.file = file;
      this.mode = { kind: 'snapshot', path: file };
    } finally {
      cleanup();
    }
  }

  private fail(mode: LaunchMode, message: string): void {
    this.mode = mode;
    if (this.file) rmSync(this.file, { force: true });
    this.file = undefined;
    this.warnings.push(`login environment: ${message}`);
  }
}
