// Runs the real `git` in the user's repository for worktree work: GIT_* variables of the caller are dropped (so
// an outer repository never leaks in), prompts are off, hooks are not run, and a commit gets an identity only
// when the repository has none. Must not decide what to create, diff or merge: the other files of this folder do.
import { spawn } from 'node:child_process';
import { WorktreeError } from './errors.js';

export class GitFailed extends Error {
  override name = 'GitFailed';
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stdout: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

/** Fixed settings for every call: no hooks of the user's repository, no pager, no colour, literal paths. */
const CONFIG = ['core.hooksPath=/dev/null', 'core.quotepath=false', 'color.ui=false', 'commit.gpgsign=false'];

function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) out[k] = v;
  return { ...out, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...extra };
}

export interface GitOptions {
  /** exit codes that count as success besides 0 */
  okCodes?: number[];
  /** variables added for this call (e.g. GIT_INDEX_FILE) */
  env?: NodeJS.ProcessEnv;
  input?: string;
}

/** Runs `git -C cwd args`; resolves with stdout (and the exit code); rejects with GitFailed on another exit. */
export function gitRun(cwd: string, args: string[], o: GitOptions = {}): Promise<{ stdout: string; code: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...CONFIG.flatMap((c) => ['-c', c]), ...args], {
      cwd,
      env: env(o.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', (e) =>
      reject(new WorktreeError('unavailable', `could not run git: ${e.message}; install git to use worktrees`)),
    );
    child.on('close', (code) => {
      const stdout = Buffer.concat(out).toString('utf8');
      const stderr = Buffer.concat(err).toString('utf8').trim();
      if (code === 0 || o.okCodes?.includes(code ?? -1)) resolve({ stdout, code: code ?? 0 });
      else reject(new GitFailed(`git ${args[0]} failed (exit ${code}): ${stderr}`, code, stdout, stderr));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(o.input ?? '');
  });
}

/** stdout of a git call, trailing newline removed. */
export const gitOut = async (cwd: string, args: string[], o?: GitOptions): Promise<string> =>
  (await gitRun(cwd, args, o)).stdout.replace(/\n$/, '');

/** NUL-separated output → entries (the last empty one dropped). */
export const nul = (s: string): string[] => s.split('\0').filter((x) => x.length > 0);

/** `-c user.name/-c user.email` for a commit when the repository's configuration has no identity. */
export async function identityArgs(cwd: string): Promise<string[]> {
  const email = await gitRun(cwd, ['config', 'user.email'], { okCodes: [1] });
  const name = await gitRun(cwd, ['config', 'user.name'], { okCodes: [1] });
  const args: string[] = [];
  if (!name.stdout.trim()) args.push('-c', 'user.name=Floe');
  if (!email.stdout.trim()) args.push('-c', 'user.email=floe@localhost');
  return args;
}
