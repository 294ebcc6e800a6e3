// Opens floe.db with better-sqlite3: creates the folder, sets the pragmas (WAL, foreign keys), brings the
// schema up to date (PRAGMA user_version + the ordered MIGRATIONS, each in its own transaction) and closes it.
// Must not contain table-specific queries; those live in one module per table group.
import Database from 'better-sqlite3';
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS, type Migration } from './migrations.js';
import { StoreError, reasonOf } from './errors.js';

export type Db = Database.Database;

export interface OpenDbOptions {
  /** Path of a better-sqlite3 `.node` binary (e.g. an Electron build). Used only when given. */
  nativeBinding?: string;
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Runs the migrations the database lacks, oldest first, each with its version bump in one transaction. */
export function migrate(db: Db, file: string, migrations: readonly Migration[] = MIGRATIONS): number {
  const current = schemaVersion(db);
  if (current > migrations.length) {
    throw new StoreError(
      `The database ${file} has schema version ${current}, but this build of Floe knows only up to ` +
        `${migrations.length}. It was written by a newer Floe: upgrade Floe, or point FLOE_HOME elsewhere.`,
    );
  }
  for (let v = current; v < migrations.length; v++) {
    const step = migrations[v]!;
    try {
      db.transaction(() => {
        step(db);
        db.pragma(`user_version = ${v + 1}`);
      })();
    } catch (err) {
      throw new StoreError(
        `Upgrading the database ${file} from schema version ${v} to ${v + 1} failed: ${reasonOf(err)}. ` +
          `Nothing of this step was applied; keep a copy of the file and report the problem.`,
        { cause: err },
      );
    }
  }
  return schemaVersion(db);
}

function openRaw(file: string, opts: OpenDbOptions): Db {
  const options: Database.Options = {};
  if (opts.nativeBinding) options.nativeBinding = opts.nativeBinding;
  try {
    if (file !== ':memory:') {
      // FLOE_HOME is private (0700) when we create it; floe.db holds trace excerpts: 0600, like its -wal/-shm files,
      // which SQLite creates with the database file's mode
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      closeSync(openSync(file, 'a', 0o600));
      if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    }
    return new Database(file, options);
  } catch (err) {
    const reason = reasonOf(err);
    if (opts.nativeBinding && /binding|module|dlopen|NODE_MODULE_VERSION|\.node/i.test(reason)) {
      throw new StoreError(
        `Cannot load the SQLite native module ${opts.nativeBinding}: ${reason}. ` +
          `Rebuild better-sqlite3 for this runtime (Node or Electron) and put the binary at that path.`,
        { cause: err },
      );
    }
    throw new StoreError(`Cannot open the database ${file}: ${reason}. Check that the folder exists and is writable.`, {
      cause: err,
    });
  }
}

/** Opens (creating if needed) and migrates the database. Throws StoreError with a clear message. */
export function openDb(file: string, opts: OpenDbOptions = {}): Db {
  const db = openRaw(file, opts);
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db, file);
    return db;
  } catch (err) {
    db.close();
    if (err instanceof StoreError) throw err;
    const reason = reasonOf(err);
    if (/not a database|malformed|corrupt/i.test(reason)) {
      throw new StoreError(
        `The file ${file} is not a usable Floe database (${reason}). Move it aside and start Floe again ` +
          `to create a new one; traces are kept in files and can be re-indexed.`,
        { cause: err },
      );
    }
    throw new StoreError(`Cannot prepare the database ${file}: ${reason}.`, { cause: err });
  }
}

/** Closes the database; closing twice is harmless. */
export function closeDb(db: Db): void {
  if (db.open) db.close();
}
