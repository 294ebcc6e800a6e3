// Which setup commands a new worktree runs, read from the project's own files (pure: the caller reads them):
// `.floe/worktree-setup.sh` (Floe's), else `conductor.json` `scripts.setup`, else `.cursor/worktrees.json`
// `setup-worktree-unix` / `setup-worktree`. The first present wins, so one install is not run twice. A file that
// is there but malformed is an error naming the file and the field, never silently skipped.
import { WorktreeError } from './errors.js';

export const FLOE_SETUP = '.floe/worktree-setup.sh';
export const CONDUCTOR_FILE = 'conductor.json';
export const CURSOR_FILE = '.cursor/worktrees.json';
export const INCLUDE_FILE = '.worktreeinclude';

export interface SetupPlan {
  /** the file the commands come from; null when the project has none */
  source: string | null;
  commands: string[];
}

/** The text of each candidate file, or undefined when it does not exist. */
export interface SetupFiles {
  floe?: string;
  conductor?: string;
  cursor?: string;
}

function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new WorktreeError(
      'bad_request',
      `${file} is not valid JSON (${(e as Error).message}); fix it or remove it, then create the session again`,
    );
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function commandsOf(file: string, field: string, v: unknown): string[] {
  if (typeof v === 'string') return v.trim() ? [v] : [];
  if (Array.isArray(v) && v.every((c) => typeof c === 'string')) return v.filter((c) => c.trim());
  throw new WorktreeError(
    'bad_request',
    `${file}: "${field}" must be a command (string) or a list of commands; fix it or remove it`,
  );
}

export function setupPlan(files: SetupFiles): SetupPlan {
  if (files.floe !== undefined) return { source: FLOE_SETUP, commands: [`bash ./${FLOE_SETUP}`] };
  if (files.conductor !== undefined) {
    const j = parseJson(CONDUCTOR_FILE, files.conductor);
    if (!isObject(j)) throw new WorktreeError('bad_request', `${CONDUCTOR_FILE} must hold a JSON object; fix it`);
    if (j.scripts !== undefined && !isObject(j.scripts))
      throw new WorktreeError('bad_request', `${CONDUCTOR_FILE}: "scripts" must be an object; fix it`);
    const setup = isObject(j.scripts) ? j.scripts.setup : undefined;
    if (setup !== undefined)
      return { source: CONDUCTOR_FILE, commands: commandsOf(CONDUCTOR_FILE, 'scripts.setup', setup) };
  }
  if (files.cursor !== undefined) {
    const j = parseJson(CURSOR_FILE, files.cursor);
    if (!isObject(j)) throw new WorktreeError('bad_request', `${CURSOR_FILE} must hold a JSON object; fix it`);
    const field = j['setup-worktree-unix'] !== undefined ? 'setup-worktree-unix' : 'setup-worktree';
    if (j[field] !== undefined) return { source: CURSOR_FILE, commands: commandsOf(CURSOR_FILE, field, j[field]) };
  }
  return { source: null, commands: [] };
}

/** The variables a setup command sees: Floe's, and the names the file's own tool documents. */
export function setupEnv(source: string | null, root: string, worktree: string, portBase: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    FLOE_ROOT_PATH: root,
    FLOE_WORKTREE_PATH: worktree,
    FLOE_PORT_BASE: String(portBase),
  };
  if (source === CONDUCTOR_FILE) {
    env.CONDUCTOR_ROOT_PATH = root;
    env.CONDUCTOR_WORKSPACE_PATH = worktree;
    env.CONDUCTOR_PORT = String(portBase);
  }
  if (source === CURSOR_FILE) env.ROOT_WORKTREE_PATH = root;
  return env;
}
