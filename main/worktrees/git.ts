// Runs the real `git` in the user's repository for worktree work, through the shared runner (main/os/git.ts: GIT_*
// variables of the caller dropped, prompts off): hooks are not run, and a commit gets an identity only when the
// repository has none. Must not decide what to create, diff or merge: the other files of this folder do.
import { GitFailed, runGit } from '../os/git.js';
import { WorktreeError } from './errors.js';

export { GitFailed, nulList as nul } from '../os/git.js';

/** Fixed settings for every call: no hooks of the user's repository, no pager, no colour, literal paths. */
const CONFIG = ['core.hooksPath=/dev/null', 'core.quotepath=false', 'color.ui=false', 'commit.gpgsign=false'];

export interface GitOptions {
  /** exit codes that count as success besides 0 */
  okCodes?: number[];
  /** variables added for this call (e.g. GIT_INDEX_FILE) */
  env?: NodeJS.ProcessEnv;
  input?: string;
}

/** Runs `git -C cwd args`; resolves with stdout (and the exit code); rejects with GitFailed on another exit. */
export async function gitRun(
  cwd: string,
  args: string[],
  o: GitOptions = {},
): Promise<{ stdout: string; code: number }> {
  try {
    const r = await runGit(args, { cwd, config: CONFIG, env: o.env, okCodes: o.okCodes, input: o.input });
    return { stdout: r.stdout.toString('utf8'), code: r.code };
  } catch (e) {
    if (e instanceof GitFailed && e.exitCode === null)
      throw new WorktreeError('unavailable', `${e.message}; install git to use worktrees`);
    throw e;
  }
}

/** stdout of a git call, trailing newline removed. */
export const gitOut = async (cwd: string, args: string[], o?: GitOptions): Promise<string> =>
  (await gitRun(cwd, args, o)).stdout.replace(/\n$/, '');

/** `-c user.name/-c user.email` for a commit when the repository's configuration has no identity. */
export async function identityArgs(cwd: string): Promise<string[]> {
  const email = await gitRun(cwd, ['config', 'user.email'], { okCodes: [1] });
  const name = await gitRun(cwd, ['config', 'user.name'], { okCodes: [1] });
  const args: string[] = [];
  if (!name.stdout.trim()) args.push('-c', 'user.name=Floe');
  if (!email.stdout.trim()) args.push('-c', 'user.email=floe@localhost');
  return args;
}
