// Runs the real `git` against a shadow repository: GIT_DIR and GIT_INDEX_FILE under FLOE_HOME, the user's folder
// as GIT_WORK_TREE. The caller's GIT_* variables and the user's git configuration are shut out, so the user's own
// repository (HEAD, index, stash, refs, hooks) is never read or written, and neither the user's nor the project's
// attributes reach it (see ATTRIBUTES). The process itself is the shared runner's (main/os/git.ts). Must not decide
// what to snapshot.
import { GitFailed, runGit } from '../os/git.js';

export { GitFailed } from '../os/git.js';

export interface ShadowPaths {
  gitDir: string;
  workTree: string;
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

/** The shadow repository's variables; with no global or system configuration read. */
function env(paths: ShadowPaths, index?: string): NodeJS.ProcessEnv {
  return {
    GIT_DIR: paths.gitDir,
    GIT_WORK_TREE: paths.workTree,
    GIT_INDEX_FILE: index ?? `${paths.gitDir}/index`,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_OPTIONAL_LOCKS: '0',
  };
}

/** Runs git (the shared runner); resolves with stdout as a Buffer; rejects with GitFailed on a non-zero exit. */
export async function git(
  paths: ShadowPaths,
  args: string[],
  opts: { input?: string; okCodes?: number[]; index?: string } = {},
): Promise<Buffer> {
  try {
    const call = { cwd: paths.workTree, config: CONFIG, env: env(paths, opts.index) };
    return (await runGit(args, { ...call, okCodes: opts.okCodes, input: opts.input })).stdout;
  } catch (e) {
    if (e instanceof GitFailed && e.exitCode === null)
      throw new GitFailed(`${e.message}; install git to use checkpoints`, null, '', '');
    throw e;
  }
}

export const text = async (p: Promise<Buffer>): Promise<string> => (await p).toString('utf8');
export { nulList } from '../os/git.js';
