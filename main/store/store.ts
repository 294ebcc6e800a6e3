// The Store: floe.db opened once, composing the table-group modules (projects, sessions, approvals, trace
// index) behind one object. Must not hold business rules of the engine or the hosts.
import { dirname } from 'node:path';
import { sessionHolder } from './claims.js';
import { closeDb, openDb, type Db } from './db.js';
import type { StoreError } from './errors.js';
import { isoNow, type Clock } from './ids.js';
import { createApprovalsRepo, type ApprovalsRepo } from './approvals.js';
import { createProjectsRepo, type ProjectsRepo } from './projects.js';
import { createRulesRepo, type RulesRepo } from './rules.js';
import { reindexAll, type ReindexResult } from './reindex.js';
import { createSessionsRepo, type SessionsRepo } from './sessions.js';
import { createTraceIndex, type TraceIndex } from './trace-index.js';

export interface OpenStoreOptions {
  /** better-sqlite3 native binary to load instead of the default (e.g. an Electron build). Used only when given. */
  nativeBinding?: string;
  /** Receives errors of incremental trace indexing (default: console.warn). */
  onIndexError?: (err: StoreError) => void;
  /** Clock for created/updated stamps (tests). */
  now?: Clock;
  /**
   * FLOE_HOME whose session claims tell which "running" sessions really run (default: the folder of floe.db;
   * none for an in-memory database). A "running" row nobody holds reads as `failed` (its process died).
   */
  claimsHome?: string;
}

export interface Store {
  readonly file: string;
  readonly db: Db;
  readonly projects: ProjectsRepo;
  readonly sessions: SessionsRepo;
  readonly approvals: ApprovalsRepo;
  /** approval rules by tool and command (issue 13) */
  readonly rules: RulesRepo;
  readonly traces: TraceIndex;
  /** Rebuilds the trace index from the trace files under FLOE_HOME. */
  reindexAll(home: string): ReindexResult;
  /** Deletes a session row with its approval rules, pending approvals and trace index rows (not its files). */
  removeSession(sessionId: string): boolean;
  /** Flushes the trace index and closes the database. Idempotent. */
  close(): void;
}

/** Opens (creating and migrating) floe.db. Throws StoreError with a clear message when it cannot. */
export function openStore(file: string, opts: OpenStoreOptions = {}): Store {
  const db = openDb(file, opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {});
  const now = opts.now ?? isoNow;
  const projects = createProjectsRepo(db, now);
  const claimsHome = opts.claimsHome ?? (file === ':memory:' ? undefined : dirname(file));
  const sessions = createSessionsRepo(db, now, claimsHome ? (id) => !!sessionHolder(claimsHome, id) : undefined);
  const approvals = createApprovalsRepo(db, now);
  const rules = createRulesRepo(db, now);
  const traces = createTraceIndex(db, opts.onIndexError ? { onError: opts.onIndexError } : {});

  const removeTx = db.transaction((id: string): boolean => {
    approvals.clearRules(id);
    rules.clearSession(id);
    approvals.takePending(id);
    traces.clearSession(id);
    return sessions.remove(id);
  });

  return {
    file,
    db,
    projects,
    sessions,
    approvals,
    rules,
    traces,
    reindexAll: (home) => reindexAll({ traces, sessions, projects }, home),
    removeSession: (id) => removeTx(id),
    close() {
      if (!db.open) return;
      traces.close();
      closeDb(db);
    },
  };
}
