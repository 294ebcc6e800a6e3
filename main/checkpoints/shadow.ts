// A workspace's shadow git repository under FLOE_HOME/checkpoints/<hash of the folder>: snapshots (commits of the
// whole folder, .gitignore respected, files over a size limit skipped and listed), changes and diffs between
// them, and restore (itself snapshotted first, so it can be undone). One operation at a time per repository.
// Never touches the folder's own .git (see git.ts). Must not decide when to snapshot: turn.ts does.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { git, GitError, nulList, text, type ShadowPaths } from './git.js';
import { formatMeta, parseMeta, type CheckpointMeta } from './meta.js';

export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;

export interface Checkpoint {
  /** the commit id in the shadow repository */
  id: string;
  createdAt: string;
  meta: CheckpointMeta;
}

export type ChangeStatus = 'added' | 'modified' | 'deleted' | 'type-changed';
export interface ChangedFile {
  path: string;
  status: ChangeStatus;
}

export class CheckpointError extends Error {
  override name = 'UserError';
  readonly userError = true;
  readonly code = 'bad_request' as const;
}

/** Where the shadow repository of a folder lives. */
export function shadowDir(home: string, workspace: string): string {
  const key = createHash('sha256').update(path.resolve(workspace)).digest('hex').slice(0, 16);
  return path.join(home, 'checkpoints', key);
}

const STATUS: Record<string, ChangeStatus> = { A: 'added', M: 'modified', D: 'deleted', T: 'type-changed' };

/** `path` literal in .gitignore syntax: anchored, glob characters and a leading # or ! escaped. */
const excludeLine = (p: string): string => '/' + p.replace(/[\\*?[\]]/g, '\\$&').replace(/^([#!])/, '\\$1');

export class ShadowRepo {
  readonly paths: ShadowPaths;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    readonly home: string,
    readonly workspace: string,
    private readonly maxFileBytes = DEFAULT_MAX_FILE_BYTES,
  ) {
    const dir = shadowDir(home, workspace);
    this.paths = { gitDir: path.join(dir, 'git'), workTree: path.resolve(workspace) };
  }

  /** Runs one operation after the previous one finished (git's index lock allows one writer). */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const p = this.chain.then(fn, fn);
    this.chain = p.catch(() => {});
    return p;
  }

  private async init(): Promise<void> {
    if (fs.existsSync(path.join(this.paths.gitDir, 'HEAD'))) return;
    if (!fs.statSync(this.paths.workTree, { throwIfNoEntry: false })?.isDirectory()) {
      throw new CheckpointError(`${this.paths.workTree} is not a folder; checkpoints need the project folder`);
    }
    fs.mkdirSync(path.dirname(this.paths.gitDir), { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(path.dirname(this.paths.gitDir), 'workspace'), this.paths.workTree + '\n');
    await git(this.paths, ['init', '--quiet']);
  }

  /** The newest checkpoint's id, read from the ref file (refs are never packed here: gc is off). */
  private head(): string | null {
    try {
      const ref = fs.readFileSync(path.join(this.paths.gitDir, 'HEAD'), 'utf8').trim();
      const m = /^ref: (refs\/[^\s]+)$/.exec(ref);
      const id = m ? fs.readFileSync(path.join(this.paths.gitDir, m[1]), 'utf8').trim() : ref;
      return /^[0-9a-f]{40,64}$/.test(id) ? id : null;
    } catch {
      return null;
    }
  }

  /** Files that would be snapshotted but are larger than the limit (untracked or changed since the last one). */
  private async largeFiles(): Promise<string[]> {
    const candidates = nulList(
      await git(this.paths, ['ls-files', '-z', '-o', '-m', '--exclude-per-directory=.gitignore']),
    );
    const large: string[] = [];
    for (const rel of candidates) {
      const st = fs.lstatSync(path.join(this.paths.workTree, rel), { throwIfNoEntry: false });
      if (st?.isFile() && st.size > this.maxFileBytes) large.push(rel);
    }
    return large.sort();
  }

  /** Commits the folder as it is now. Files over the size limit are left out and listed in the checkpoint. */
  snapshot(meta: Omit<CheckpointMeta, 'skipped'>): Promise<Checkpoint> {
    return this.serial(() => this.snapshotNow(meta));
  }

  private async snapshotNow(meta: Omit<CheckpointMeta, 'skipped'>): Promise<Checkpoint> {
    await this.init();
    const skipped = await this.largeFiles();
    fs.mkdirSync(path.join(this.paths.gitDir, 'info'), { recursive: true });
    fs.writeFileSync(
      path.join(this.paths.gitDir, 'info', 'exclude'),
      skipped.map((p) => excludeLine(p) + '\n').join(''),
    );
    if (skipped.length) {
      await git(this.paths, [
        'rm',
        '--cached',
        '-q',
        '--ignore-unmatch',
        '--',
        ...skipped.map((p) => `:(literal)${p}`),
      ]);
    }
    await git(this.paths, ['add', '-A', '--ignore-errors', '--', '.'], { okCodes: [1] });
    const full: CheckpointMeta = { ...meta, skipped };
    // one process writes the tree, the commit and the ref (git spawns are the cost on a busy machine)
    await git(this.paths, ['commit', '-q', '--allow-empty', '--no-verify', '--cleanup=verbatim', '-F', '-'], {
      input: formatMeta(full),
    });
    const id = this.head();
    if (!id)
      throw new CheckpointError(
        `the checkpoint of ${this.workspace} was not recorded (no HEAD in ${this.paths.gitDir})`,
      );
    return { id, createdAt: new Date().toISOString(), meta: full };
  }

  /** Every checkpoint, newest first (empty when none was taken). */
  async list(): Promise<Checkpoint[]> {
    if (!this.head()) return [];
    const out = await text(git(this.paths, ['log', '--format=%H%x00%cI%x00%B%x1e', 'HEAD']));
    const list: Checkpoint[] = [];
    for (const rec of out.split('\x1e')) {
      const [id, createdAt, body] = rec.replace(/^\n/, '').split('\0');
      const meta = body ? parseMeta(body) : null;
      if (id && createdAt && meta) list.push({ id, createdAt, meta });
    }
    return list;
  }

  /** Full id of a checkpoint named by its id or a unique prefix (at least 7 hex digits). */
  async resolve(idOrPrefix: string): Promise<string> {
    if (!/^[0-9a-f]{7,40}$/i.test(idOrPrefix)) {
      throw new CheckpointError(
        `"${idOrPrefix}" is not a checkpoint id (7 to 40 hex digits; see floe checkpoints list)`,
      );
    }
    const found = (await this.list()).filter((c) => c.id.startsWith(idOrPrefix.toLowerCase()));
    if (found.length !== 1) {
      throw new CheckpointError(
        found.length
          ? `checkpoint id ${idOrPrefix} is ambiguous; give more digits`
          : `there is no checkpoint ${idOrPrefix} for ${this.workspace}`,
      );
    }
    return found[0].id;
  }

  /** Files that differ between two checkpoints. */
  async changes(from: string, to: string): Promise<ChangedFile[]> {
    const out = nulList(await git(this.paths, ['diff', '--name-status', '-z', '--no-renames', from, to]));
    const files: ChangedFile[] = [];
    for (let i = 0; i + 1 < out.length; i += 2)
      files.push({ path: out[i + 1], status: STATUS[out[i][0]] ?? 'modified' });
    return files;
  }

  /** A unified diff between two checkpoints (one file, or all); binary files are named, not printed. */
  async diff(from: string, to: string, file?: string): Promise<string> {
    return text(
      git(this.paths, ['diff', '--no-renames', '--no-color', from, to, '--', ...(file ? [`:(literal)${file}`] : [])]),
    );
  }

  /**
   * Makes the folder what it was at checkpoint `target`: first snapshots it as it is now (kind 'restore', so this
   * can be undone by restoring that one), then rewrites changed files and removes files the target did not have.
   * Ignored files and files skipped for size are not touched.
   */
  restore(target: string, sessionId: string): Promise<Checkpoint> {
    return this.serial(async () => {
      const backup = await this.snapshotNow({ kind: 'restore', sessionId, restored: target });
      try {
        await git(this.paths, ['read-tree', '-u', '--reset', target]);
      } catch (e) {
        if (e instanceof GitError) throw new CheckpointError(`restore failed: ${e.message}`);
        throw e;
      }
      return backup;
    });
  }
}
