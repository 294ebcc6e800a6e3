// Restore in three steps so that it completes or changes nothing. (1) Plan: compare the backup just taken (what
// the folder holds now) with the target checkpoint: files to remove, to write, to chmod. (2) Check the folder:
// a path the restore would overwrite or delete must be held by the backup — an ignored file, a file over the
// size limit, a nested .git, or a file or symlink in the way of a folder is refused by name. (3) Swap: the new
// files were staged beside the folder by the caller; originals are moved aside, new files moved in, and any
// failure moves everything back. Must not run git or decide what a checkpoint holds (shadow.ts does).
import fs from 'node:fs';
import path from 'node:path';
import { impliedMode } from './modes.js';

/** A file of a checkpoint's tree: its git mode (100644, 100755, 120000) and blob id. */
export interface TreeEntry {
  mode: string;
  id: string;
}

export interface RestorePlan {
  /** files (and symlinks) the backup holds that the target does not have */
  remove: string[];
  /** files of the target that are new or differ */
  write: string[];
  /** files to write whose current version is held by the backup (moved aside first) */
  replace: string[];
  /** files whose content is the same but whose exact mode differs */
  chmod: { path: string; mode: number }[];
  /** folders where the target has a file: emptied by `remove`, then deleted (deepest first) */
  clearDirs: string[];
  /** the exact mode of each regular file of `write` */
  modes: Map<string, number>;
}

/** A refusal: names the file, says why and what to do. */
export class RestoreRefused extends Error {}

/** A failure while swapping; `undone` says whether every change was taken back. */
export class SwapFailed extends Error {
  constructor(
    message: string,
    readonly undone: boolean,
  ) {
    super(message);
  }
}

const isFile = (e: TreeEntry) => e.mode === '100644' || e.mode === '100755';
const held = (e: TreeEntry | undefined) => !!e && (isFile(e) || e.mode === '120000');

/** The exact mode of a regular file of a checkpoint: the recorded one, else what git's mode implies. */
const exactMode = (modes: ReadonlyMap<string, number>, p: string, e: TreeEntry): number =>
  modes.get(p) ?? impliedMode(e.mode === '100755');

/** What to change to go from `backup` to `target`. Paths `skip` says are off limits are left out on both sides. */
export function planRestore(
  backup: ReadonlyMap<string, TreeEntry>,
  target: ReadonlyMap<string, TreeEntry>,
  backupModes: ReadonlyMap<string, number>,
  targetModes: ReadonlyMap<string, number>,
  skip: (p: string) => boolean,
): RestorePlan {
  const plan: RestorePlan = { remove: [], write: [], replace: [], chmod: [], clearDirs: [], modes: new Map() };
  // a nested repository an older checkpoint recorded only as a commit id (a gitlink): its files are not in the
  // target, which says nothing about them — they stay
  const gitlinks = [...target].filter(([, t]) => t.mode === '160000').map(([p]) => p + '/');
  const underGitlink = (p: string) => gitlinks.some((g) => p.startsWith(g));
  for (const [p, b] of backup) if (held(b) && !skip(p) && !held(target.get(p)) && !underGitlink(p)) plan.remove.push(p);
  for (const [p, t] of target) {
    if (!held(t) || skip(p)) continue;
    const b = backup.get(p);
    if (isFile(t)) plan.modes.set(p, exactMode(targetModes, p, t));
    if (held(b) && b!.mode === t.mode && b!.id === t.id) {
      if (isFile(t) && exactMode(backupModes, p, b!) !== plan.modes.get(p))
        plan.chmod.push({ path: p, mode: plan.modes.get(p)! });
      plan.modes.delete(p);
      continue;
    }
    plan.write.push(p);
    if (held(b)) plan.replace.push(p);
  }
  plan.remove.sort();
  plan.write.sort();
  return plan;
}

/** lstat, or undefined when there is nothing at `p` (also when a parent is a file: ENOTDIR). */
export function lstatOrNone(p: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(p);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw e;
  }
}

/** The ancestors of a relative path, shortest first: a/b/c → a, a/b. */
const ancestors = (p: string): string[] => {
  const parts = p.split('/');
  return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('/'));
};

/** Every entry under a folder, relative to `root`: files (and symlinks, and anything else) and folders. */
function walk(root: string, rel: string, files: string[], dirs: string[]): void {
  for (const d of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const r = `${rel}/${d.name}`;
    if (d.isDirectory()) {
      walk(root, r, files, dirs);
      dirs.push(r);
    } else files.push(r);
  }
}

/**
 * Checks the folder against the plan: the restore may only overwrite or delete what the backup holds. Fills in
 * `clearDirs`; throws RestoreRefused naming the first path it would lose.
 */
export function checkFolder(workTree: string, plan: RestorePlan, why: (p: string) => string): void {
  const removed = new Set(plan.remove);
  const replaced = new Set(plan.replace);
  const refuse = (p: string, verb: string) =>
    new RestoreRefused(
      `restore refused: it would ${verb} ${p}, which no checkpoint holds (${why(p)}); ` +
        `move it out of ${workTree} and restore again. Nothing was changed.`,
    );
  for (const p of plan.write) {
    for (const a of ancestors(p)) {
      const st = lstatOrNone(path.join(workTree, a));
      if (!st || removed.has(a)) break; // missing, or moved aside before anything is written
      if (!st.isDirectory()) throw refuse(a, 'replace with a folder');
    }
    if (replaced.has(p)) continue;
    const st = lstatOrNone(path.join(workTree, p));
    if (!st) continue;
    if (!st.isDirectory()) throw refuse(p, 'overwrite');
    const files: string[] = [];
    const dirs: string[] = [];
    walk(workTree, p, files, dirs);
    const lost = files.find((f) => !removed.has(f));
    if (lost) throw refuse(lost, 'delete');
    plan.clearDirs.push(...dirs, p);
  }
  plan.clearDirs.sort((a, b) => b.split('/').length - a.split('/').length);
}

/**
 * Moves the staged files into the folder: originals of removed and replaced files go to `aside` first; on any
 * failure every step is undone in reverse. `staged` holds the new files under their relative paths.
 */
export function swapIn(workTree: string, plan: RestorePlan, staged: string, aside: string): void {
  const undo: (() => void)[] = [];
  const at = (p: string) => path.join(workTree, p);
  let step = '';
  try {
    fs.mkdirSync(aside, { recursive: true, mode: 0o700 });
    [...plan.remove, ...plan.replace].forEach((p, i) => {
      step = p;
      const to = path.join(aside, String(i));
      fs.renameSync(at(p), to);
      undo.push(() => fs.renameSync(to, at(p)));
    });
    for (const d of plan.clearDirs) {
      step = d;
      const mode = fs.statSync(at(d)).mode & 0o7777;
      fs.rmdirSync(at(d));
      undo.push(() => fs.mkdirSync(at(d), { mode }));
    }
    for (const p of plan.write) {
      step = p;
      for (const a of ancestors(p)) {
        if (lstatOrNone(at(a))) continue;
        fs.mkdirSync(at(a));
        undo.push(() => fs.rmdirSync(at(a)));
      }
      fs.renameSync(path.join(staged, p), at(p));
      undo.push(() => fs.renameSync(at(p), path.join(staged, p)));
    }
    for (const c of plan.chmod) {
      step = c.path;
      const before = fs.statSync(at(c.path)).mode & 0o7777;
      fs.chmodSync(at(c.path), c.mode);
      undo.push(() => fs.chmodSync(at(c.path), before));
    }
  } catch (e) {
    const failed: string[] = [];
    for (const u of undo.reverse()) {
      try {
        u();
      } catch (ue) {
        failed.push((ue as Error).message);
      }
    }
    const msg = `restore failed at ${step}: ${(e as Error).message}`;
    if (failed.length) {
      throw new SwapFailed(
        `${msg}; undoing it failed too (${failed[0]}): the original files are kept in ${aside}`,
        false,
      );
    }
    throw new SwapFailed(`${msg}; nothing was changed`, true);
  }
  // folders left empty by removed files go too (as git does); a folder that is not empty stays
  for (const p of plan.remove) {
    for (const a of ancestors(p).reverse()) {
      try {
        fs.rmdirSync(at(a));
      } catch {
        break;
      }
    }
  }
}
