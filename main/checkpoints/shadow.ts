// A workspace's shadow git repository under FLOE_HOME/checkpoints/<hash of the folder>: snapshots (commits of the
// whole folder, .gitignore respected, nested repositories included, FLOE_HOME left out, files over a size limit
// skipped and listed, exact modes recorded), changes and diffs between them, and restore (itself snapshotted
// first, so it can be undone; see restore.ts). One operation at a time per repository, across processes too.
// Never touches the folder's own .git (see git.ts). Must not decide when to snapshot: turn.ts does.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ATTRIBUTES, git, GitFailed, nulList, text, type ShadowPaths } from './git.js';
import { beginTurn, withRepoLock, type OwnerFiles, type TurnMarker } from './lock.js';
import { formatMeta, parseMeta, type CheckpointMeta } from './meta.js';
import {
  fileDiffs,
  hunkRanges,
  revertHunk,
  sameRange,
  type ChangedFile,
  type ChangeStatus,
  type FileDiff,
  type HunkRange,
} from './hunks.js';
import { blobId, formatModes, modeToRecord, parseModes } from './modes.js';
import {
  checkFolder,
  lstatOrNone,
  planRestore,
  RestoreRefused,
  SwapFailed,
  swapIn,
  type TreeEntry,
} from './restore.js';

const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;

export interface Checkpoint {
  /** the commit id in the shadow repository */
  id: string;
  createdAt: string;
  meta: CheckpointMeta;
}

class CheckpointError extends Error {
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

/** Top-level folders where a restore stages its files (same file system as the folder, so renames are atomic). */
const STAGE_PREFIX = '.floe-restore-';
/** git's id of the empty blob: an index entry that marks a nested repository's folder as an ordinary one. */
const EMPTY_BLOB = 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391';
const SEED = '.floe-nested-seed';

const realOr = (p: string): string => {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
};

/** `git ls-tree -r -z` output → path → entry. */
function parseTree(out: Buffer): Map<string, TreeEntry> {
  const tree = new Map<string, TreeEntry>();
  for (const rec of nulList(out)) {
    const m = /^(\d{6}) \w+ ([0-9a-f]+)\t([\s\S]*)$/.exec(rec);
    if (m) tree.set(m[3], { mode: m[1], id: m[2] });
  }
  return tree;
}

/** A path inside the folder as git names it: relative, `/`-separated, no `.` or `..` part. */
function checkRelative(p: string): void {
  if (!p || p.startsWith('/') || p.split('/').some((x) => x === '' || x === '.' || x === '..') || p.includes('\0')) {
    throw new CheckpointError(
      `"${p}" is not a file of the project as the changed files list it (a relative path inside the folder)`,
    );
  }
}

/** Paths a checkpoint never holds and a restore never touches: FLOE_HOME (when inside) and restore staging. */
interface OffLimits {
  patterns: string[];
  skip: (rel: string) => boolean;
}

export class ShadowRepo {
  readonly paths: ShadowPaths;
  private readonly dir: string;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    readonly home: string,
    readonly workspace: string,
    private readonly owners: OwnerFiles,
    private readonly maxFileBytes = DEFAULT_MAX_FILE_BYTES,
  ) {
    this.dir = shadowDir(home, workspace);
    this.paths = { gitDir: path.join(this.dir, 'git'), workTree: path.resolve(workspace) };
  }

  /**
   * Runs one operation after the previous one of this object finished, holding the repository's lock (git's
   * index allows one writer; another process on the same folder waits).
   */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const locked = () =>
      withRepoLock(
        this.owners,
        this.dir,
        fn,
        (h) =>
          new CheckpointError(
            `the checkpoints of ${this.workspace} stay busy (${h.kind}, pid ${h.pid}); wait for that process and retry`,
          ),
      );
    const p = this.chain.then(locked, locked);
    this.chain = p.catch(() => {});
    return p;
  }

  /** Marks a turn of `sessionId` as changing the folder; `others` are the turns doing so at the same time. */
  beginTurn(sessionId: string): TurnMarker {
    return beginTurn(this.owners, this.dir, sessionId);
  }

  private async init(): Promise<void> {
    if (!fs.existsSync(path.join(this.paths.gitDir, 'HEAD'))) {
      if (!fs.statSync(this.paths.workTree, { throwIfNoEntry: false })?.isDirectory()) {
        throw new CheckpointError(`${this.paths.workTree} is not a folder; checkpoints need the project folder`);
      }
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      fs.writeFileSync(path.join(this.dir, 'workspace'), this.paths.workTree + '\n');
      await git(this.paths, ['init', '--quiet']);
    }
    // written every time: repositories made before it existed get it too
    const attrs = path.join(this.paths.gitDir, 'info', 'attributes');
    if (fs.readFileSync(attrs, { encoding: 'utf8', flag: 'a+' }) !== ATTRIBUTES) {
      fs.mkdirSync(path.dirname(attrs), { recursive: true });
      fs.writeFileSync(attrs, ATTRIBUTES);
    }
  }

  private offLimits(): OffLimits {
    const rel = path.relative(realOr(this.paths.workTree), realOr(this.home));
    if (rel === '') {
      throw new CheckpointError(
        `FLOE_HOME (${this.home}) is the project folder itself; set FLOE_HOME to another folder to use checkpoints`,
      );
    }
    const inside = !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : undefined;
    const patterns = [`/${STAGE_PREFIX}*/`, ...(inside ? [excludeLine(inside)] : [])];
    const skip = (p: string) =>
      p.startsWith(STAGE_PREFIX) || (inside !== undefined && (p === inside || p.startsWith(inside + '/')));
    return { patterns, skip };
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

  /**
   * Every file a snapshot would hold: tracked and untracked, .gitignore respected. A nested repository (a folder
   * with its own .git: a clone or a submodule) shows as `dir/`; git would store it as a bare commit id, so it is
   * first marked as an ordinary folder (a placeholder index entry under it, dropped by the next `add`), and then
   * its files are listed like any others (its own .git never is).
   */
  private async listFiles(off: OffLimits): Promise<string[]> {
    const list = async () =>
      nulList(
        await git(this.paths, [
          'ls-files',
          '-z',
          '-c',
          '-o',
          '--exclude-per-directory=.gitignore',
          ...off.patterns.map((x) => `--exclude=${x}`),
        ]),
      );
    let entries = await list();
    for (let depth = 0; depth < 32; depth++) {
      const nested = entries.filter((e) => e.endsWith('/') && !off.skip(e));
      if (!nested.length) break;
      const input = nested.map((d) => `100644 ${EMPTY_BLOB}\t${d}${SEED}\0`).join('');
      await git(this.paths, ['update-index', '-z', '--add', '--index-info'], { input });
      entries = await list();
    }
    return entries.filter((e) => !e.endsWith('/'));
  }

  /** Commits the folder as it is now. Files over the size limit are left out and listed in the checkpoint. */
  snapshot(meta: Omit<CheckpointMeta, 'skipped'>): Promise<Checkpoint> {
    return this.serial(() => this.snapshotNow(meta));
  }

  private async snapshotNow(given: Omit<CheckpointMeta, 'skipped' | 'modes'>): Promise<Checkpoint> {
    await this.init();
    const meta = { ...given, at: new Date().toISOString() };
    const off = this.offLimits();
    const skipped: string[] = [];
    const dropped: string[] = [];
    const modes = new Map<string, number>();
    for (const rel of await this.listFiles(off)) {
      if (off.skip(rel)) {
        dropped.push(rel); // held by an older checkpoint (FLOE_HOME inside the folder): no longer
        continue;
      }
      const st = lstatOrNone(path.join(this.paths.workTree, rel));
      if (!st?.isFile()) continue;
      if (st.size > this.maxFileBytes) skipped.push(rel);
      else {
        const m = modeToRecord(st.mode);
        if (m !== undefined) modes.set(rel, m);
      }
    }
    skipped.sort();
    fs.writeFileSync(
      path.join(this.paths.gitDir, 'info', 'exclude'),
      [...off.patterns, ...skipped.map(excludeLine)].map((l) => l + '\n').join(''),
    );
    const unstage = [...skipped, ...dropped];
    if (unstage.length) {
      await git(this.paths, [
        'rm',
        '--cached',
        '-q',
        '--ignore-unmatch',
        '--',
        ...unstage.map((p) => `:(literal)${p}`),
      ]);
    }
    await git(this.paths, ['add', '-A', '--ignore-errors', '--', '.'], { okCodes: [1] });
    const full: CheckpointMeta = { ...meta, skipped, ...(modes.size ? { modes: await this.writeModes(modes) } : {}) };
    // one process writes the tree, the commit and the ref (git spawns are the cost on a busy machine)
    await git(this.paths, ['commit', '-q', '--allow-empty', '--no-verify', '--cleanup=verbatim', '-F', '-'], {
      input: formatMeta(full),
    });
    const id = this.head();
    if (!id)
      throw new CheckpointError(
        `the checkpoint of ${this.workspace} was not recorded (no HEAD in ${this.paths.gitDir})`,
      );
    return { id, createdAt: meta.at, meta: full };
  }

  /** Stores the mode list as a blob (unless the same list is stored already: it usually is); returns its id. */
  private async writeModes(modes: ReadonlyMap<string, number>): Promise<string> {
    const body = formatModes(modes);
    const id = blobId(Buffer.from(body));
    if (fs.existsSync(path.join(this.paths.gitDir, 'objects', id.slice(0, 2), id.slice(2)))) return id;
    const written = (await text(git(this.paths, ['hash-object', '-w', '--stdin'], { input: body }))).trim();
    if (written !== id) throw new CheckpointError(`the mode list of ${this.workspace} was stored as ${written}`);
    return id;
  }

  private async modesOf(meta: CheckpointMeta): Promise<Map<string, number>> {
    return meta.modes ? parseModes(await text(git(this.paths, ['cat-file', 'blob', meta.modes]))) : new Map();
  }

  private async metaOf(id: string): Promise<CheckpointMeta> {
    const meta = parseMeta(await text(git(this.paths, ['log', '-1', '--format=%B', id])));
    if (!meta) throw new CheckpointError(`${id} is not a checkpoint of ${this.workspace}`);
    return meta;
  }

  private async tree(id: string): Promise<Map<string, TreeEntry>> {
    return parseTree(await git(this.paths, ['ls-tree', '-r', '-z', '--full-tree', id]));
  }

  /** Every checkpoint, newest first (empty when none was taken). */
  async list(): Promise<Checkpoint[]> {
    if (!this.head()) return [];
    const out = await text(git(this.paths, ['log', '--format=%H%x00%cI%x00%B%x1e', 'HEAD']));
    const list: Checkpoint[] = [];
    for (const rec of out.split('\x1e')) {
      const [id, createdAt, body] = rec.replace(/^\n/, '').split('\0');
      const meta = body ? parseMeta(body) : null;
      if (id && createdAt && meta) list.push({ id, createdAt: meta.at ?? createdAt, meta });
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

  /** The diff of each changed file, hunk by hunk (hunks.ts); hunks left out past the limits (characters). */
  async fileDiffs(from: string, to: string, limits: { file: number; total: number }): Promise<FileDiff[]> {
    const [files, patch] = await Promise.all([this.changes(from, to), this.diff(from, to)]);
    return fileDiffs(patch, files, limits);
  }

  /**
   * Makes the folder what it was at checkpoint `target` — or only the files `only.paths` — first snapshotting it
   * as it is now (kind 'restore', so this can be undone by restoring that one), then checks and swaps
   * (restore.ts). Either every file is restored or none is: a refusal or a failure leaves the folder as it was
   * (and drops that snapshot again). A restore of some files also snapshots its result, so its entry shows what
   * it changed.
   */
  restore(target: string, sessionId: string, only?: { paths: string[]; title: string }): Promise<Checkpoint> {
    only?.paths.forEach(checkRelative);
    return this.serial(async () => {
      const prev = this.head();
      const backup = await this.snapshotNow({
        kind: 'restore',
        sessionId,
        restored: target,
        ...(only ? { title: only.title } : {}),
      });
      try {
        await this.restoreTo(backup, target, only && new Set(only.paths));
      } catch (e) {
        const kept = e instanceof SwapFailed && !e.undone;
        if (prev && !kept) await git(this.paths, ['update-ref', 'HEAD', prev]).catch(() => {});
        if (e instanceof RestoreRefused || e instanceof SwapFailed) throw new CheckpointError(e.message);
        if (e instanceof GitFailed) throw new CheckpointError(`restore failed, nothing was changed: ${e.message}`);
        throw e;
      }
      if (only) await this.snapshotNow({ kind: 'after', sessionId, turnOf: backup.id });
      return backup;
    });
  }

  /**
   * Takes back hunk `index` of `file`'s diff from checkpoint `from` to `to` in the file as it is now (found by its
   * context: lines added or removed elsewhere since do not matter), and nothing else. `range` must be that hunk's
   * (the diff the person looked at). Snapshotted before and after like a restore of some files, so it can be
   * undone. Refused, with nothing changed, when the hunk's lines changed since.
   */
  revertHunk(
    from: string,
    to: string,
    file: string,
    index: number,
    range: HunkRange,
    sessionId: string,
    title: string,
  ): Promise<Checkpoint> {
    checkRelative(file);
    return this.serial(async () => {
      const [fTree, tTree] = await Promise.all([this.tree(from), this.tree(to)]);
      const regular = (e: TreeEntry | undefined) => e?.mode === '100644' || e?.mode === '100755';
      if (!regular(fTree.get(file)) || !regular(tTree.get(file))) {
        throw new CheckpointError(
          `${file} was added, deleted or is not a regular file in that turn, so it has no hunk to take back alone; restore the whole file instead`,
        );
      }
      // bytes as latin1 (one character per byte): any encoding and line ending comes back exactly
      const patch = (
        await git(this.paths, ['diff', '--no-renames', '--no-color', from, to, '--', `:(literal)${file}`])
      ).toString('latin1');
      const ranges = hunkRanges(patch);
      if (!ranges[index] || !sameRange(ranges[index], range)) {
        throw new CheckpointError(
          `${file} has no hunk ${index + 1} with those lines in that turn; show the turn's changes again and retry`,
        );
      }
      const abs = path.join(this.paths.workTree, file);
      const st = lstatOrNone(abs);
      if (!st?.isFile()) {
        throw new CheckpointError(
          `${file} is no longer a file in ${this.workspace}; restore the whole file instead. Nothing was changed.`,
        );
      }
      if (st.size > this.maxFileBytes) {
        throw new CheckpointError(
          `${file} is now larger than ${Math.round(this.maxFileBytes / 1024 / 1024)} MB, so no checkpoint could undo this; nothing was changed`,
        );
      }
      const current = fs.readFileSync(abs);
      const next = revertHunk(current.toString('latin1'), patch, index);
      if (next === null) {
        throw new CheckpointError(
          `hunk ${index + 1} of ${file} no longer matches the file: its lines changed after that turn. Restore the whole file instead. Nothing was changed.`,
        );
      }
      const prev = this.head();
      const backup = await this.snapshotNow({ kind: 'restore', sessionId, restored: from, title });
      const stage = path.join(this.paths.workTree, `${STAGE_PREFIX}${randomBytes(6).toString('hex')}`);
      try {
        // the backup must hold the file as it is, or this could not be undone (an ignored file, say)
        if ((await this.tree(backup.id)).get(file)?.id !== blobId(current)) {
          throw new CheckpointError(
            `${file} is not saved in checkpoints (${this.whyNotHeld(backup, file)}), so taking the hunk back could not be undone; nothing was changed`,
          );
        }
        fs.mkdirSync(stage, { mode: 0o700 });
        const staged = path.join(stage, 'file');
        fs.writeFileSync(staged, Buffer.from(next, 'latin1'), { mode: st.mode & 0o7777 });
        fs.chmodSync(staged, st.mode & 0o7777);
        fs.renameSync(staged, abs);
      } catch (e) {
        if (prev) await git(this.paths, ['update-ref', 'HEAD', prev]).catch(() => {});
        if (e instanceof CheckpointError) throw e;
        throw new CheckpointError(
          `taking back hunk ${index + 1} of ${file} failed, nothing was changed: ${(e as Error).message}`,
        );
      } finally {
        fs.rmSync(stage, { recursive: true, force: true });
      }
      await this.snapshotNow({ kind: 'after', sessionId, turnOf: backup.id });
      return backup;
    });
  }

  /** Why a file is not in the backup, for a refusal. */
  private whyNotHeld(backup: Checkpoint, p: string): string {
    if (backup.meta.skipped.includes(p)) return `larger than ${Math.round(this.maxFileBytes / 1024 / 1024)} MB`;
    if (p.split('/').includes('.git')) return "a git repository's own data";
    return 'it is ignored';
  }

  private async restoreTo(backup: Checkpoint, target: string, only?: ReadonlySet<string>): Promise<void> {
    const off = this.offLimits();
    const [bTree, tTree, bModes, tModes] = await Promise.all([
      this.tree(backup.id),
      this.tree(target),
      this.modesOf(backup.meta),
      this.metaOf(target).then((m) => this.modesOf(m)),
    ]);
    const plan = planRestore(bTree, tTree, bModes, tModes, (p) => off.skip(p) || (!!only && !only.has(p)));
    if (only && !plan.remove.length && !plan.write.length && !plan.chmod.length) {
      throw new RestoreRefused(`nothing to restore: ${[...only].join(', ')} already as in that checkpoint`);
    }
    const rand = randomBytes(6).toString('hex');
    const stageRel = `${STAGE_PREFIX}${rand}`;
    const stage = path.join(this.paths.workTree, stageRel);
    const index = path.join(this.dir, `restore-index-${rand}`);
    let keepStage = false;
    try {
      await git(this.paths, ['read-tree', target], { index });
      if (plan.remove.length) {
        const ignored = await this.ignoredByTarget(tTree, plan.remove, index, `${stageRel}/rules/`, off);
        plan.remove = plan.remove.filter((p) => !ignored.has(p));
      }
      checkFolder(this.paths.workTree, plan, (p) => this.whyNotHeld(backup, p));
      if (plan.write.length) {
        await git(this.paths, ['checkout-index', '-z', '--stdin', `--prefix=${stageRel}/new/`], {
          index,
          input: plan.write.join('\0'),
        });
        for (const [p, mode] of plan.modes) fs.chmodSync(path.join(stage, 'new', p), mode);
      }
      try {
        swapIn(this.paths.workTree, plan, path.join(stage, 'new'), path.join(stage, 'old'));
      } catch (e) {
        keepStage = e instanceof SwapFailed && !e.undone;
        throw e;
      }
    } finally {
      fs.rmSync(index, { force: true });
      if (!keepStage) fs.rmSync(stage, { recursive: true, force: true });
    }
  }

  /**
   * Which of `paths` the target's own .gitignore files ignore. A restore never deletes those: they were ignored
   * (not saved) when the target was taken, e.g. before a turn removed the pattern that ignored them.
   */
  private async ignoredByTarget(
    tTree: ReadonlyMap<string, TreeEntry>,
    paths: string[],
    index: string,
    prefix: string,
    off: OffLimits,
  ): Promise<Set<string>> {
    const rules = [...tTree.keys()].filter(
      (p) => (p === '.gitignore' || p.endsWith('/.gitignore')) && tTree.get(p)!.mode !== '120000' && !off.skip(p),
    );
    if (!rules.length) return new Set();
    await git(this.paths, ['checkout-index', '-z', '--stdin', `--prefix=${prefix}`], {
      index,
      input: rules.join('\0'),
    });
    const rulesTree = { gitDir: this.paths.gitDir, workTree: path.join(this.paths.workTree, prefix) };
    const out = await git(rulesTree, ['check-ignore', '-z', '--stdin', '--no-index'], {
      input: paths.join('\0'),
      okCodes: [1],
    });
    return new Set(nulList(out));
  }
}
