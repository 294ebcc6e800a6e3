// The setup step of a new worktree: copy the untracked files the project names in `.worktreeinclude` (gitignore
// syntax, e.g. `.env`), link the checkout's `node_modules` instead of copying it, and run the project's setup
// commands (setup-config.ts) in the worktree with its port block, output to a log. Must not create or remove
// worktrees (create.ts does).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { WorktreeError } from './errors.js';
import { gitRun, nul } from './git.js';
import {
  CONDUCTOR_FILE,
  CURSOR_FILE,
  FLOE_SETUP,
  INCLUDE_FILE,
  setupEnv,
  setupPlan,
  type SetupPlan,
} from './setup-config.js';

/** Longest a setup command may run. */
const SETUP_TIMEOUT_MS = 10 * 60_000;
/** Folders linked from the user's checkout rather than copied or installed again. */
const LINKED_DIRS = ['node_modules'];

const readIf = (file: string): string | undefined => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** The setup commands the worktree's own files ask for. */
export function readSetupPlan(worktree: string): SetupPlan {
  return setupPlan({
    floe: readIf(path.join(worktree, FLOE_SETUP)),
    conductor: readIf(path.join(worktree, CONDUCTOR_FILE)),
    cursor: readIf(path.join(worktree, CURSOR_FILE)),
  });
}

/**
 * Copies the untracked files of `repo` matching its `.worktreeinclude` into `worktree`; returns their paths. The
 * folders in `linked` (already linked into the worktree, so their files are there) are not searched: git would
 * otherwise read every file of node_modules.
 */
export async function copyIncluded(repo: string, worktree: string, linked: readonly string[] = []): Promise<string[]> {
  const include = path.join(repo, INCLUDE_FILE);
  if (!fs.existsSync(include)) return [];
  const skip = linked.map((d) => `:(exclude,literal)${d}`);
  const { stdout } = await gitRun(repo, [
    'ls-files',
    '-z',
    '--others',
    '--ignored',
    `--exclude-from=${include}`,
    '--',
    '.',
    ...skip,
  ]);
  const copied: string[] = [];
  for (const rel of nul(stdout)) {
    const to = path.join(worktree, rel);
    if (fs.existsSync(to)) continue;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.cpSync(path.join(repo, rel), to, { preserveTimestamps: true, verbatimSymlinks: true });
    copied.push(rel);
  }
  return copied;
}

/**
 * Links the checkout's dependency folders (node_modules) into the worktree when it has none: a real folder whose
 * entries are links to the checkout's, so an ignore rule written for a folder (`node_modules/`) still matches and
 * nothing is copied or installed again.
 */
export function linkDependencies(repo: string, worktree: string): string[] {
  const linked: string[] = [];
  for (const dir of LINKED_DIRS) {
    const from = path.join(repo, dir);
    const to = path.join(worktree, dir);
    if (!fs.existsSync(from) || !fs.statSync(from).isDirectory() || fs.existsSync(to)) continue;
    fs.mkdirSync(to);
    for (const entry of fs.readdirSync(from)) fs.symlinkSync(path.join(from, entry), path.join(to, entry));
    linked.push(dir);
  }
  return linked;
}

/** Runs each command with bash in the worktree; the first failure is an error naming it and the log. */
export async function runSetup(
  plan: SetupPlan,
  o: { repo: string; worktree: string; portBase: number; log: string },
): Promise<void> {
  if (!plan.commands.length) return;
  fs.mkdirSync(path.dirname(o.log), { recursive: true });
  const fd = fs.openSync(o.log, 'a', 0o600);
  try {
    const env = { ...process.env, ...setupEnv(plan.source, o.repo, o.worktree, o.portBase) };
    for (const command of plan.commands) {
      fs.writeSync(fd, `$ ${command}\n`);
      const code = await new Promise<number | string>((resolve) => {
        const child = spawn('bash', ['-c', command], {
          cwd: o.worktree,
          env,
          stdio: ['ignore', fd, fd],
          detached: true,
        });
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            /* already gone */
          }
          resolve(`timed out after ${SETUP_TIMEOUT_MS / 1000} s`);
        }, SETUP_TIMEOUT_MS);
        child.on('error', (e) => {
          clearTimeout(timer);
          resolve(e.message);
        });
        child.on('close', (c, sig) => {
          clearTimeout(timer);
          resolve(c ?? `killed by ${sig}`);
        });
      });
      if (code !== 0) {
        const why = typeof code === 'number' ? `exit ${code}` : code;
        throw new WorktreeError(
          'bad_request',
          `the worktree setup command "${command}" from ${plan.source} failed (${why}) in ${o.worktree}; ` +
            `its output is in ${o.log}. Fix the command, or create the session without a worktree`,
        );
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}
