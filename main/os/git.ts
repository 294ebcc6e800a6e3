// Runs the real `git` as a child process, for every part of Floe that does git work (the checkpoints' shadow
// repository, sessions' worktrees): the caller's GIT_* variables are dropped (an outer repository never leaks in),
// prompts are off, LC_ALL=C, and the caller's fixed `-c` settings come before the arguments; stdout is collected as
// bytes. A non-zero exit (outside okCodes), or a git that cannot start, rejects with GitFailed. git is started by
// the spawner (spawner.ts), so that the host's event loop does not stand still while it forks. Must not know what
// the calls are for: the callers choose the settings, variables and arguments.
import { spawner } from './spawner.js';

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

/** Runs `git [-c …] args` in `call.cwd` (through the spawner, spawner.ts); resolves with stdout (bytes) and the
 * exit code. */
export async function runGit(args: readonly string[], call: GitCall): Promise<{ stdout: Buffer; code: number }> {
  const argv = [...(call.config ?? []).flatMap((c) => ['-c', c]), ...args];
  const r = await spawner.run('git', argv, { cwd: call.cwd, env: gitEnv(call.env), input: call.input ?? '' });
  if (r.error !== undefined) throw new GitFailed(`could not run git: ${r.error}`, null, '', '');
  const { code, stdout } = r;
  if (code === 0 || (code !== null && call.okCodes?.includes(code))) return { stdout, code: code ?? 0 };
  const stderr = r.stderr.toString('utf8').trim();
  const how = code === null ? `killed by ${r.signal}` : `exit ${code}`;
  throw new GitFailed(`git ${args[0]} failed (${how}): ${stderr}`, code, stdout.toString('utf8'), stderr);
}

/** NUL-separated output → entries (the last empty one dropped). */
export const nulList = (s: string | Buffer): string[] =>
  s
    .toString('utf8')
    .split('\0')
    .filter((x) => x.length > 0);
