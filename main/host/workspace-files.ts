// The files of a workspace for the composer's @-mention list: `git ls-files` (tracked and untracked, .gitignore
// respected) when the folder is inside a git work tree, otherwise a bounded walk that skips .git and honours the
// folder's own .gitignore (the `ignore` library); node_modules is left out of both. Paths are relative, with "/" separators, sorted.
// Reads only; never writes.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import ignore, { type Ignore } from 'ignore';

const run = promisify(execFile);

/** At most this many paths are returned (the list says when it was cut). */
const MAX_WORKSPACE_FILES = 20_000;
/** The walk gives up below this depth (deep trees are rarely what a person mentions). */
const MAX_DEPTH = 12;
const ALWAYS_SKIPPED = new Set(['.git', 'node_modules']);

export interface WorkspaceFiles {
  files: string[];
  truncated: boolean;
  /** how the list was made */
  source: 'git' | 'walk';
}

export async function listWorkspaceFiles(dir: string, limit = MAX_WORKSPACE_FILES): Promise<WorkspaceFiles> {
  const fromGit = await gitFiles(dir);
  const all = fromGit ?? (await walk(dir, limit + 1));
  // dependencies are never what a person mentions, even in a repository that does not ignore them
  const files = [...new Set(all)].filter((p) => !/(^|\/)node_modules\//.test(p)).sort();
  return { files: files.slice(0, limit), truncated: files.length > limit, source: fromGit ? 'git' : 'walk' };
}

/** null when `dir` is not inside a git work tree (or git is missing). */
async function gitFiles(dir: string): Promise<string[] | null> {
  try {
    const probe = await run('git', ['-C', dir, 'rev-parse', '--is-inside-work-tree'], { timeout: 10_000 });
    if (probe.stdout.trim() !== 'true') return null;
    const { stdout } = await run(
      'git',
      ['-C', dir, 'ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', '.'],
      { timeout: 30_000, maxBuffer: 64 * 1024 * 1024 },
    );
    return stdout.split('\0').filter(Boolean);
  } catch {
    return null;
  }
}

async function walk(root: string, cap: number): Promise<string[]> {
  const out: string[] = [];
  const ig = await rootIgnore(root);
  const visit = async (rel: string, depth: number): Promise<void> => {
    if (out.length >= cap || depth > MAX_DEPTH) return;
    let entries;
    try {
      entries = await readdir(path.join(root, rel), { withFileTypes: true });
    } catch {
      return; // unreadable folders are left out
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      if (out.length >= cap) return;
      if (ALWAYS_SKIPPED.has(e.name)) continue;
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!ig.ignores(`${p}/`)) await visit(p, depth + 1);
      } else if (e.isFile() && !ig.ignores(p)) out.push(p);
    }
  };
  await visit('', 0);
  return out;
}

async function rootIgnore(root: string): Promise<Ignore> {
  const ig = ignore();
  try {
    ig.add(await readFile(path.join(root, '.gitignore'), 'utf8'));
  } catch {
    /* no .gitignore */
  }
  return ig;
}
