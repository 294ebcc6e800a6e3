// Runs the real `git` against a shadow repository: GIT_DIR and GIT_INDEX_FILE under FLOE_HOME, the user's folder
// as GIT_WORK_TREE. The caller's GIT_* variables and the user's git configuration are shut out, so the user's own
// repository (HEAD, index, stash, refs, hooks) is never read or written, and neither the user's nor the project's
// attributes reach it (see ATTRIBUTES). Must not decide what to snapshot.
import { spawn } from 'node:child_process';

export interface ShadowPaths {
  gitDir: string;
  workTree: string;
}

export class GitError extends Error {
  override name = 'GitError';
  constructor(
    message: string,
    readonly exitCode: number | null,
  ) {
    super(message);
  }
}

/** Fixed settings for every call: no hooks, no signing, no line-ending or file-mode guessing. */
const CONFIG = [
  'core.autocrlf=false',
  'core.filemode=true',
  'core.symlinks=true',
  'core.hooksPath=/dev/null',
  'core.quotepath=false',
  'core.untrackedCache=true',
  'core.fsmonitor=false',
  'core.attributesFile=/dev/null',
  'core.excludesFile=/dev/null',
  'commit.gpgsign=false',
  'gc.auto=0',
  'user.name=floe',
  'user.email=checkpoints@floe.invalid',
];

/**
 * The shadow repository's info/attributes (it outranks every .gitattributes of the folder): no end-of-line
 * conversion, no ident expansion, no filter, no working-tree encoding — the bytes of a file are stored and given
 * back as they are, whatever the project's .gitattributes say.
 */
export const ATTRIBUTES = '* -text -ident -filter -working-tree-encoding\n';

function env(paths: ShadowPaths, index?: string): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) out[k] = v;
  return {
    ...out,
    GIT_DIR: paths.gitDir,
    GIT_WORK_TREE: paths.workTree,
    GIT_INDEX_FILE: index ?? `${paths.gitDir}/index`,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    LC_ALL: 'C',
  };
}

/** Runs git; resolves with stdout as a Buffer; rejects with GitError (its stderr) on a non-zero exit. */
export function git(
  paths: ShadowPaths,
  args: string[],
  opts: { input?: string; okCodes?: number[]; index?: string } = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const flags = CONFIG.flatMap((c) => ['-c', c]);
    const child = spawn('git', [...flags, ...args], {
      cwd: paths.workTree,
      env: env(paths, opts.index),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', (e) =>
      reject(new GitError(`could not run git: ${e.message}; install git to use checkpoints`, null)),
    );
    child.on('close', (code) => {
      if (code === 0 || opts.okCodes?.includes(code ?? -1)) resolve(Buffer.concat(out));
      else reject(new GitError(`git ${args[0]} failed (exit ${code}): ${Buffer.concat(err).toString().trim()}`, code));
    });
    child.stdin.on('error', () => {}); // git may exit before reading stdin; its exit code tells what happened
    if (opts.input !== undefined) child.stdin.end(opts.input);
    else child.stdin.end();
  });
}

export const text = async (p: Promise<Buffer>): Promise<string> => (await p).toString('utf8');
/** NUL-separated output → entries (the last empty one dropped). */
export const nulList = (b: Buffer): string[] =>
  b
    .toString('utf8')
    .split('\0')
    .filter((s) => s.length > 0);
