// The record of each worktree Floe made: one JSON file per worktree under FLOE_HOME/worktrees/<name>.json (the
// checkout itself is FLOE_HOME/worktrees/<name>/). Written whole through a temp file and a rename; read back
// tolerantly (a file that does not parse is left out of lists and reported by name on a direct read).
// Must not run git.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { WorktreeError } from './errors.js';

type WorktreeState = 'active' | 'merged' | 'abandoned';

export interface WorktreeRecord {
  /** the folder and branch suffix: `<repo name>-<6 hex>` */
  name: string;
  /** the session working in it (set right after the session is created) */
  sessionId: string | null;
  /** the user's checkout (top level of the repository the worktree belongs to) */
  repo: string;
  /** the worktree folder */
  path: string;
  /** the project's folder relative to the repository's top ('' at the top): the session works there */
  subdir: string;
  /** the session's branch, `floe/<name>` */
  branch: string;
  /** the branch it started from and merges into */
  base: string;
  /** the commit the branch started at */
  baseCommit: string;
  /** the worktree's own git dir (`<repo>/.git/worktrees/<name>`) */
  gitDir: string;
  /** the repository's shared git dir (objects, refs) */
  commonDir: string;
  /** FLOE_PORT_BASE of its commands */
  portBase: number;
  state: WorktreeState;
  createdAt: string;
  /** what the setup step did */
  setup: { copied: string[]; linked: string[]; source: string | null; commands: string[] };
  mergedAt?: string;
  mergeCommit?: string;
  /** when its folder and branch were removed */
  removedAt?: string;
}

export const worktreesDir = (home: string): string => path.join(home, 'worktrees');
const recordPath = (home: string, name: string): string => path.join(worktreesDir(home), `${name}.json`);
export const setupLogPath = (home: string, name: string): string => path.join(worktreesDir(home), `${name}.setup.log`);

/** A new worktree name from the repository's folder name: letters, digits, `-`, at most 24 of them, + 6 hex. */
export function newName(repo: string): string {
  const slug =
    path
      .basename(repo)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 24) || 'repo';
  return `${slug}-${randomBytes(3).toString('hex')}`;
}

export function writeRecord(home: string, r: WorktreeRecord): void {
  fs.mkdirSync(worktreesDir(home), { recursive: true });
  const file = recordPath(home, r.name);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(r, null, 2) + '\n', { mode: 0o600 });
  fs.renameSync(tmp, file);
}

export function readRecord(home: string, name: string): WorktreeRecord | undefined {
  const file = recordPath(home, name);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    return JSON.parse(text) as WorktreeRecord;
  } catch (e) {
    throw new WorktreeError('internal', `${file} is not valid JSON (${(e as Error).message}); remove the file`);
  }
}

/** Every readable record, oldest first. */
export function listRecords(home: string): WorktreeRecord[] {
  let names: string[];
  try {
    names = fs.readdirSync(worktreesDir(home)).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  const out: WorktreeRecord[] = [];
  for (const f of names) {
    try {
      const r = readRecord(home, f.slice(0, -'.json'.length));
      if (r) out.push(r);
    } catch {
      /* a torn record is reported when it is read by name */
    }
  }
  return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export function recordOfSession(home: string, sessionId: string): WorktreeRecord | undefined {
  return listRecords(home).find((r) => r.sessionId === sessionId);
}

export function deleteRecord(home: string, name: string, keepLog = false): void {
  fs.rmSync(recordPath(home, name), { force: true });
  if (!keepLog) fs.rmSync(setupLogPath(home, name), { force: true });
}
