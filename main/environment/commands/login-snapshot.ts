// The login environment of one agent session, captured once (a shell snapshot, as Codex does it): a login shell
// runs with a bounded timeout and reports its exported variables, functions, aliases and options; the snapshot
// script built from that (snapshot-text.ts) is written 0600 under FLOE_HOME, sourced once in a clean shell to
// check it, and renamed into place. Commands then run as `bash -c` sourcing it instead of re-running the profile.
// A profile file that changes (mtime/size) triggers a new capture before the next command. Capture failure: one
// warning, `bash -lc` per command; capture timeout (a hanging profile): one warning, commands run without the
// profile (`bash -lc` would hang each of them). The file goes with the session; stale ones are swept at start.
// One login shell serves every session of this process with the same environment and profile files (subagents,
// many sessions in `floe web`): a capture in flight or done is shared; a failed one is tried again by the next
// session. A capture is never SIGKILLed while a profile's clean-up may still run: on timeout it gets SIGTERM, so
// an EXIT trap (pyenv's rehash lock, say) removes what it made; SIGKILL only if it still lives 30 s later. A
// session closed mid-capture leaves it running to its end or its timeout.
// Must not run commands or know about tools.
import { createHash, randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pidExists } from '../../os/procs.js';
import type { StartedChild } from '../../os/remote-child.js';
import { spawner } from '../../os/spawner.js';
import { TAG_VAR } from './containment.js';
import { describeChanges, snapshotChanges } from './snapshot-diff.js';
import { buildSnapshot, profileFiles, type CapturedShell } from './snapshot-text.js';

const CAPTURE_TIMEOUT_MS = 10_000;
const VALIDATE_TIMEOUT_MS = 5_000;
/** how long a timed-out login shell may take over its clean-up (EXIT traps) before it is SIGKILLed */
const CAPTURE_TERM_GRACE_MS = 30_000;

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
function profileSignature(home: string): string {
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

/** the prefix of a capture's scratch folder in the OS temp folder, followed by the capturing process's pid */
const SCRATCH_PREFIX = 'floe-login-';

/**
 * Removes snapshot files whose owning process is gone (a host that crashed left them), and the scratch folders of
 * captures such a process left in the OS temp folder.
 */
export function sweepSnapshots(dir: string): void {
  const sweep = (folder: string, pattern: RegExp) => {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return;
    }
    for (const n of names) {
      const pid = Number(pattern.exec(n)?.[1]);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !pidExists(pid))
        rmSync(join(folder, n), { recursive: true, force: true });
    }
  };
  sweep(dir, /^(\d+)-/);
  sweep(tmpdir(), new RegExp(`^${SCRATCH_PREFIX}(\\d+)-`));
}

interface RunResult {
  code: number | null;
  stderr: string;
  timedOut: boolean;
}

/**
 * Runs bash in a session of its own (no terminal, stdin empty). On timeout its whole group gets SIGTERM and the
 * result is reported at once; SIGKILL follows after `graceMs` only if the group is still there.
 */
function runBash(
  args: string[],
  env: Record<string, string>,
  cwd: string,
  timeoutMs: number,
  graceMs: number,
): Promise<RunResult> {
  return new Promise((resolve) => {
    let p: StartedChild | undefined;
    let stderr = '';
    let timedOut = false;
    let settled = false;
    const done = (r: RunResult): void => {
      if (settled) return;
      settled = true;
      resolve(r);
    };
    const kill = (sig: NodeJS.Signals): void => {
      try {
        if (p?.pid) process.kill(-p.pid, sig);
      } catch {
        // gone already
      }
    };
    // SIGTERM, so a profile's own clean-up (an EXIT trap removing a lock file) runs to its end; a SIGKILL soon
    // after would cut it and leave the lock behind, hanging every later login shell
    let lastResort: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      kill('SIGTERM');
      lastResort = setTimeout(() => kill('SIGKILL'), graceMs);
      lastResort.unref();
      done({ code: null, stderr, timedOut });
    }, timeoutMs);
    // started by the spawner: a fork of the host stopped its event loop (main/os/spawner.ts)
    spawner.start('bash', args, { env, cwd, detached: true, stdio: ['ignore', 'ignore', 'pipe'] }).then(
      (child) => {
        p = child;
        if (timedOut) kill('SIGTERM');
        child.stderr?.on('data', (d: Buffer) => {
          if (stderr.length < 4096) stderr += d.toString('utf8');
        });
        child.on('error', (err) => {
          clearTimeout(timer);
          done({ code: null, stderr: err.message, timedOut: false });
        });
        child.on('close', (code) => {
          clearTimeout(timer);
          if (lastResort) clearTimeout(lastResort);
          done({ code, stderr, timedOut });
        });
      },
      (err: Error) => {
        clearTimeout(timer);
        done({ code: null, stderr: err.message, timedOut: false });
      },
    );
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
    const outcome = await sharedCapture({ dir, env, home: this.home, sig, timeoutMs });
    if (this.disposed) return;
    this.signature = sig;
    if (!outcome.ok) {
      this.fail(outcome.mode, outcome.message);
      return;
    }
    // each session keeps a file of its own (it goes with the session), written 0600 and renamed into place
    const file = join(dir, `${process.pid}-${sessionId}.sh`);
    const tmp = `${file}.tmp-${randomBytes(4).toString('hex')}`;
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeFileSync(tmp, outcome.text, { mode: 0o600 });
      renameSync(tmp, file);
    } catch (err) {
      rmSync(tmp, { force: true });
      const why = (err as Error).message;
      this.fail({ kind: 'login' }, `the snapshot file could not be written in ${dir} (${why}); commands use bash -lc`);
      return;
    }
    this.file = file;
    this.mode = { kind: 'snapshot', path: file };
    this.noteChanges(outcome.text);
  }

  /**
   * Compares this capture with the last one taken for the same HOME (kept as `last-<hash>.sh` beside the session
   * files) and, when they differ, says what changed: a profile edit reaches every later session's commands.
   */
  private noteChanges(text: string): void {
    const last = join(this.opts.dir, `last-${createHash('sha256').update(this.home).digest('hex').slice(0, 16)}.sh`);
    let before: string | undefined;
    try {
      before = readFileSync(last, 'utf8');
    } catch {
      before = undefined; // the first capture for this HOME: nothing to compare with
    }
    if (before !== undefined && before !== text) {
      const changes = snapshotChanges(before, text);
      if (changes.length)
        this.warnings.push(
          `login environment: changed since the last session's capture (${describeChanges(changes)}); ` +
            `every command of this session runs with it — if you did not make this change, check ${this.home}/.profile, ` +
            '.bash_profile and .bashrc',
        );
    }
    if (before === text) return;
    const tmp = `${last}.tmp-${randomBytes(4).toString('hex')}`;
    try {
      writeFileSync(tmp, text, { mode: 0o600 });
      renameSync(tmp, last);
    } catch {
      rmSync(tmp, { force: true }); // only the next comparison is lost
    }
  }

  private fail(mode: LaunchMode, message: string): void {
    this.mode = mode;
    if (this.file) rmSync(this.file, { force: true });
    this.file = undefined;
    this.warnings.push(`login environment: ${message}`);
  }
}

type CaptureOutcome = { ok: true; text: string } | { ok: false; mode: LaunchMode; message: string };

interface CaptureRequest {
  dir: string;
  env: Record<string, string>;
  home: string;
  /** profile files' signature when the capture was asked for */
  sig: string;
  timeoutMs: number;
}

/**
 * The capture in flight or done per environment (without the per-registry process tag), with the profile
 * signature it was taken for: one login shell serves every session with the same environment and profile files. A
 * new signature replaces the entry; a failed capture is forgotten once it settles, so the next session tries again
 * (a timeout may have come from a busy machine).
 */
const captures = new Map<string, { sig: string; outcome: Promise<CaptureOutcome> }>();

function envKey(r: CaptureRequest): string {
  const vars = Object.entries(r.env)
    .filter(([k]) => k !== TAG_VAR)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([r.dir, r.home, r.timeoutMs, vars]);
}

function sharedCapture(r: CaptureRequest): Promise<CaptureOutcome> {
  const key = envKey(r);
  const known = captures.get(key);
  if (known && known.sig === r.sig) return known.outcome;
  const entry = { sig: r.sig, outcome: captureOnce(r) };
  captures.set(key, entry);
  void entry.outcome.then((o) => {
    if (!o.ok && captures.get(key) === entry) captures.delete(key);
  });
  return entry.outcome;
}

/**
 * Runs the login shell once, builds the snapshot text and checks that it loads in a clean shell. Its scratch files
 * live in a private folder (0700) of the OS temp folder, not in the snapshot folder: a capture outlives the session
 * that asked for it, and must not write under a FLOE_HOME being removed (it recreated the folder: ENOTEMPTY).
 */
async function captureOnce(r: CaptureRequest): Promise<CaptureOutcome> {
  const { env, home, timeoutMs } = r;
  const scratch = mkdtempSync(join(tmpdir(), `${SCRATCH_PREFIX}${process.pid}-`));
  const tmp = join(scratch, 'snapshot.sh');
  const parts = ['env', 'functions', 'aliases', 'options'].map((p) => `${tmp}.${p}`);
  try {
    const cwd = statSync(home, { throwIfNoEntry: false })?.isDirectory() ? home : '/';
    const args = ['-lc', CAPTURE_SCRIPT, 'floe-snapshot', tmp];
    const run = await runBash(args, env, cwd, timeoutMs, CAPTURE_TERM_GRACE_MS);
    if (run.timedOut) {
      return {
        ok: false,
        mode: { kind: 'plain' },
        message:
          `the login shell did not finish within ${timeoutMs / 1000} s (a profile file such as ~/.bash_profile or ` +
          '~/.profile hangs or waits for input); commands now run without your login profile — fix the profile ' +
          'and the next command captures it again',
      };
    }
    let shell: CapturedShell;
    try {
      const [envText, functions, aliases, options] = parts.map((p) => readFileSync(p, 'utf8'));
      shell = { env: envText, functions, aliases, options };
    } catch {
      const why = run.stderr.trim().split('\n').slice(-2).join(' ') || `exit status ${run.code}`;
      const message = `the login shell could not report its environment (${why}); commands run with bash -lc`;
      return { ok: false, mode: { kind: 'login' }, message };
    }
    const text = buildSnapshot(shell, env);
    writeFileSync(tmp, text, { mode: 0o600 });
    const checkArgs = ['--noprofile', '--norc', '-c', '. "$1"', 'floe-snapshot-check', tmp];
    // no profile runs here, so a quick SIGKILL after the timeout is safe
    const check = await runBash(checkArgs, env, cwd, VALIDATE_TIMEOUT_MS, 1000);
    if (check.code !== 0 || check.stderr.trim()) {
      const why = check.stderr.trim().split('\n')[0] || `exit status ${check.code}`;
      return {
        ok: false,
        mode: { kind: 'login' },
        message: `the captured login environment does not load in a clean shell (${why}); commands run with bash -lc`,
      };
    }
    return { ok: true, text };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
