import { describe, it, expect, afterEach } from 'vitest';
import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { migrate, openDb, schemaVersion } from '../../../main/store/db.js';
import { MIGRATIONS } from '../../../main/store/migrations.js';
import { openStore, StoreError } from '../../../main/store/index.js';
import { tempDir } from './helpers.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});
function tmp(): string {
  const t = tempDir();
  cleanups.push(t.cleanup);
  return t.dir;
}
const tables = (db: Database.Database): string[] =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map(
    (r) => r.name,
  );

describe('openDb: migrations', () => {
  it('migrates an empty file to the latest schema, in WAL mode with foreign keys on', () => {
    const file = join(tmp(), 'nested', 'floe.db');
    const db = openDb(file);
    try {
      expect(schemaVersion(db)).toBe(MIGRATIONS.length);
      expect(MIGRATIONS.length).toBeGreaterThan(0);
      expect(tables(db)).toEqual([
        'approval_rules',
        'pending_approvals',
        'projects',
        'rules',
        'sessions',
        'trace_events',
      ]);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      db.close();
    }
  });

  it('reopening is idempotent and keeps the data', () => {
    const file = join(tmp(), 'floe.db');
    const a = openStore(file);
    const p = a.projects.open(tmp());
    a.close();
    a.close(); // twice is harmless
    const b = openStore(file);
    try {
      expect(schemaVersion(b.db)).toBe(MIGRATIONS.length);
      expect(b.projects.list().map((x) => x.id)).toEqual([p.id]);
    } finally {
      b.close();
    }
  });

  it('runs each missing migration once, in order, and rolls a failing step back', () => {
    const db = new Database(':memory:');
    try {
      const calls: number[] = [];
      const list = [
        (d: Database.Database) => (calls.push(1), d.exec('CREATE TABLE a (x)')),
        (d: Database.Database) => {
          calls.push(2);
          d.exec('CREATE TABLE b (x)');
          throw new Error('boom');
        },
      ];
      expect(() => migrate(db, 'mem.db', list)).toThrow(/from schema version 1 to 2 failed: boom/);
      expect(schemaVersion(db)).toBe(1);
      expect(tables(db)).toEqual(['a']);
      expect(migrate(db, 'mem.db', list.slice(0, 1))).toBe(1);
      expect(calls).toEqual([1, 2]);
    } finally {
      db.close();
    }
  });

  it('refuses a database written by a newer Floe with a clear message', () => {
    const file = join(tmp(), 'floe.db');
    const raw = new Database(file);
    raw.pragma(`user_version = ${MIGRATIONS.length + 5}`);
    raw.close();
    expect(() => openStore(file)).toThrow(StoreError);
    expect(() => openStore(file)).toThrow(/newer Floe: upgrade Floe, or point FLOE_HOME elsewhere/);
  });

  it('reports a file that is not a database', () => {
    const file = join(tmp(), 'floe.db');
    writeFileSync(file, 'this is not sqlite at all, just some text that is long enough to be a header........');
    expect(() => openStore(file)).toThrow(/is not a usable Floe database .*Move it aside/);
  });

  it('uses nativeBinding only when given: a real binary works, a missing one is a clear error', () => {
    const require = createRequire(import.meta.url);
    const binding = join(
      require.resolve('better-sqlite3/package.json'),
      '..',
      'build',
      'Release',
      'better_sqlite3.node',
    );
    const dir = tmp();
    const s = openStore(join(dir, 'a.db'), { nativeBinding: binding });
    expect(schemaVersion(s.db)).toBe(MIGRATIONS.length);
    s.close();
    const bogus = join(dir, 'nope', 'better_sqlite3.node');
    expect(() => openStore(join(dir, 'b.db'), { nativeBinding: bogus })).toThrow(
      new RegExp(`Cannot load the SQLite native module ${bogus.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`),
    );
  });
});
