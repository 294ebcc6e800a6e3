// The ordered list of schema migrations of floe.db. Index i upgrades the schema from version i to i+1
// (PRAGMA user_version). Append only: never edit or reorder a migration that has shipped.
// Must not open databases, read user_version or manage transactions — db.ts does that.
import type Database from 'better-sqlite3';
import { rulesMigration } from './migration-rules.js';

export type Migration = (db: Database.Database) => void;

const v1: Migration = (db) => {
  db.exec(`
    CREATE TABLE projects (
      id             TEXT PRIMARY KEY,
      path           TEXT NOT NULL UNIQUE,
      name           TEXT NOT NULL,
      created_at     TEXT NOT NULL,
      last_opened_at TEXT NOT NULL
    );

    CREATE TABLE sessions (
      id                 TEXT PRIMARY KEY,
      project_id         TEXT REFERENCES projects(id) ON DELETE SET NULL,
      agent              TEXT NOT NULL,
      model              TEXT NOT NULL,
      title              TEXT NOT NULL DEFAULT '',
      approval_mode      TEXT NOT NULL,
      status             TEXT NOT NULL DEFAULT 'idle',
      source             TEXT NOT NULL,
      parent_session_id  TEXT,
      created_at         TEXT NOT NULL,
      updated_at         TEXT NOT NULL,
      tokens_cache_read  INTEGER NOT NULL DEFAULT 0,
      tokens_cache_write INTEGER NOT NULL DEFAULT 0,
      tokens_output      INTEGER NOT NULL DEFAULT 0,
      tokens_total       INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX sessions_by_project ON sessions(project_id, updated_at);
    CREATE INDEX sessions_by_parent ON sessions(parent_session_id);

    CREATE TABLE approval_rules (
      session_id TEXT NOT NULL,
      tool_name  TEXT NOT NULL,
      created_at TEXT NOT NULL,
      PRIMARY KEY (session_id, tool_name)
    ) WITHOUT ROWID;

    CREATE TABLE pending_approvals (
      id           TEXT PRIMARY KEY,
      session_id   TEXT NOT NULL,
      tool_call_id TEXT NOT NULL,
      tool_name    TEXT NOT NULL,
      permission   TEXT NOT NULL,
      arguments    TEXT NOT NULL,
      origin       TEXT,
      created_at   TEXT NOT NULL
    );
    CREATE INDEX pending_by_session ON pending_approvals(session_id, created_at);

    CREATE TABLE trace_events (
      id           INTEGER PRIMARY KEY,
      session_id   TEXT NOT NULL,
      file         TEXT NOT NULL,
      file_no      INTEGER NOT NULL,
      byte_offset  INTEGER NOT NULL,
      byte_length  INTEGER NOT NULL,
      timestamp    TEXT NOT NULL,
      kind         TEXT NOT NULL,
      status       TEXT,
      tool_name    TEXT,
      tool_call_id TEXT,
      duration_ms  INTEGER,
      tokens       INTEGER,
      origin       TEXT,
      excerpt      TEXT NOT NULL DEFAULT ''
    );
    CREATE UNIQUE INDEX trace_events_by_position ON trace_events(session_id, file_no, file, byte_offset);
    CREATE INDEX trace_events_by_kind ON trace_events(session_id, kind, file_no, file, byte_offset);
    CREATE INDEX trace_events_by_call ON trace_events(session_id, tool_call_id, file_no, file, byte_offset)
      WHERE tool_call_id IS NOT NULL;
  `);
};

/** All migrations, oldest first. The schema version of a fully migrated database is MIGRATIONS.length. */
export const MIGRATIONS: readonly Migration[] = [v1, rulesMigration];
