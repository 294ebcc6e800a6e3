// Runs the real `git` as a child process, for every part of Floe that does git work (the checkpoints' shadow
// repository, sessions' worktrees): the caller's GIT_* variables are dropped (an outer repository never leaks in),
// prompts are off, LC_ALL=C, and the caller's fixed `-c` settings come before the arguments; stdout is collected as
// bytes. A non-zero exit (outside okCodes), or a git that cannot start, rejects with GitFailed. Must not know what
// the calls are for: the callers choose the settings, variables and arguments.
import { spawn } from 'node:child_process';

export class GitFailed extends Error {
  override name = 'GitFailed';
  constructor(
    message: string,
    /** null when git could not be started at all */
    readonly exitCode: number | null,
    readonly stdout: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

export interface GitCall {
  cwd: string;
  /** `-c name=value` settings for this call */
  config?: readonly string[];
  /** variables added after the caller's GIT_* ones are dropped (e.g. GIT_DIR, GIT_INDEX_FILE) */
  env?: NodeJS.ProcessEnv;
  /** exit codes that count as success besides 0 */
  okCodes?: readonly number[];
  input?: string;
}

/** The process environment without GIT_*, prompts off, C locale, then `extra`. */
function gitEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) out[k] = v;
  return { ...out, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...extra };
}

/** Runs `git [-c …] args` in `call.cwd`; resolves with stdout (bytes) and the exit code. */
export function runGit(args: readonly string[], call: GitCall): Promise<{ stdout: Buffer; code: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...(call.config ?? []).flatMap((c) => ['-c', c]), ...args], {
      cwd: call.cwd,
      env: gitEnv(call.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', (e) => reject(new GitFailed(`could not run git: ${e.message}`, null, '', '')));
    child.on('close', (code) => {
      const stdout = Buffer.concat(out);
      if (code === 0 || (code !== null && call.okCodes?.includes(code))) return resolve({ stdout, code: code ?? 0 });
      const stderr = Buffer.concat(err).toString('utf8').trim();
      reject(new GitFailed(`git ${args[0]} failed (exit ${code}): ${stderr}`, code, stdout.toString('utf8'), stderr));
    });
    child.stdin.on('error', () => {}); // git may exit before reading stdin; its exit code tells what happened
    child.stdin.end(call.input ?? '');
  });
}

/** NUL-separated output → entries (the last empty one dropped). */
export const nulList = (s: string | Buffer): string[] =>
  s
    .toString('utf8')
    .split('\0')
    .filter((x) => x.length > 0);
