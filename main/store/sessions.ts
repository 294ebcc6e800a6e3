// The sessions table: one row per conversation (agent, model, workspace project, approval mode, status, token
// totals, source, parent). The approval mode is read fresh on every call (SPEC §7: re-read before each decision).
// Must not touch approvals or the trace index; the Store composes deletes across tables.
import type { TokenCounts } from '../../shared/omni/types.js';
import { APPROVAL_MODES, type ApprovalMode } from '../approval/types.js';
import type { Db } from './db.js';
import { StoreError } from './errors.js';
import type { Clock } from './ids.js';

type SessionStatus = 'idle' | 'running' | 'failed' | 'completed' | 'aborted';
const SESSION_STATUSES: readonly SessionStatus[] = ['idle', 'running', 'failed', 'completed', 'aborted'];
type SessionSource = 'desktop' | 'cli' | 'import' | 'subagent';
const SESSION_SOURCES: readonly SessionSource[] = ['desktop', 'cli', 'import', 'subagent'];

export interface Session {
  id: string;
  projectId: string | null;
  agent: string;
  /** `provider/model_id` */
  model: string;
  title: string;
  approvalMode: ApprovalMode;
  status: SessionStatus;
  source: SessionSource;
  parentSessionId: string | null;
  createdAt: string;
  updatedAt: string;
  tokens: TokenCounts;
}

export interface NewSession {
  id: string;
  projectId?: string | null;
  agent: string;
  model: string;
  title?: string;
  approvalMode: ApprovalMode;
  status?: SessionStatus;
  source: SessionSource;
  parentSessionId?: string | null;
  createdAt?: string;
  updatedAt?: string;
  tokens?: TokenCounts;
}

interface SessionFilter {
  projectId?: string;
  parentSessionId?: string;
  source?: SessionSource;
}

export interface SessionsRepo {
  create(s: NewSession): Session;
  get(id: string): Session | undefined;
  /** Most recently updated first. */
  list(filter?: SessionFilter): Session[];
  /** The current approval mode, read from the database now; undefined for an unknown session. */
  getApprovalMode(id: string): ApprovalMode | undefined;
  setApprovalMode(id: string, mode: ApprovalMode): Session;
  setStatus(id: string, status: SessionStatus): Session;
  setTitle(id: string, title: string): Session;
  /** The model ("provider/id") the session's next request uses (after a switch). */
  setModel(id: string, model: string): Session;
  /** Stores the session's running totals (token_usage.session). */
  setTokens(id: string, tokens: TokenCounts): Session;
  /** Removes only the session row. Prefer Store.removeSession, which also clears its approvals and index. */
  remove(id: string): boolean;
}

interface SessionRow {
  id: string;
  project_id: string | null;
  agent: string;
  model: string;
  title: string;
  approval_mode: string;
  status: string;
  source: string;
  parent_session_id: string | null;
  created_at: string;
  updated_at: string;
  tokens_cache_read: number;
  tokens_cache_write: number;
  tokens_output: number;
  tokens_total: number;
}

/** Whether a live process holds the claim of a session (store/claims.ts). */
export type ClaimCheck = (sessionId: string) => boolean;

const rowToSession = (r: SessionRow, held?: ClaimCheck): Session => ({
  id: r.id,
  projectId: r.project_id,
  agent: r.agent,
  model: r.model,
  title: r.title,
  approvalMode: r.approval_mode as ApprovalMode,
  // status after a crash comes from liveness: "running" holds only while a process holds the claim (a subagent's
  // run is held by its parent's claim)
  status: r.status === 'running' && held && !held(r.parent_session_id ?? r.id) ? 'failed' : (r.status as SessionStatus),
  source: r.source as SessionSource,
  parentSessionId: r.parent_session_id,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  tokens: {
    cache_read: r.tokens_cache_read,
    cache_write: r.tokens_cache_write,
    output: r.tokens_output,
    total: r.tokens_total,
  },
});

function checkOneOf<T extends string>(what: string, value: unknown, allowed: readonly T[], id: string): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new StoreError(`Session ${id}: ${what} "${String(value)}" is not one of ${allowed.join(', ')}.`);
}

function checkTokens(id: string, t: TokenCounts): TokenCounts {
  for (const k of ['cache_read', 'cache_write', 'output', 'total'] as const) {
    if (!Number.isFinite(t[k]) || t[k] < 0) {
      throw new StoreError(`Session ${id}: token count ${k} must be a non-negative number, got ${String(t[k])}.`);
    }
  }
  return t;
}

export function createSessionsRepo(db: Db, now: Clock, held?: ClaimCheck): SessionsRepo {
  const toSession = (r: SessionRow): Session => rowToSession(r, held);
  const byId = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?');
  const modeOf = db.prepare<[string], { approval_mode: string }>('SELECT approval_mode FROM sessions WHERE id = ?');
  const insert = db.prepare(`
    INSERT INTO sessions (id, project_id, agent, model, title, approval_mode, status, source, parent_session_id,
      created_at, updated_at, tokens_cache_read, tokens_cache_write, tokens_output, tokens_total)
    VALUES (@id, @project_id, @agent, @model, @title, @approval_mode, @status, @source, @parent_session_id,
      @created_at, @updated_at, @cache_read, @cache_write, @output, @total)`);
  const upd = {
    mode: db.prepare('UPDATE sessions SET approval_mode = ?, updated_at = ? WHERE id = ?'),
    status: db.prepare('UPDATE sessions SET status = ?, updated_at = ? WHERE id = ?'),
    title: db.prepare('UPDATE sessions SET title = ?, updated_at = ? WHERE id = ?'),
    model: db.prepare('UPDATE sessions SET model = ?, updated_at = ? WHERE id = ?'),
    tokens: db.prepare(`UPDATE sessions SET tokens_cache_read = ?, tokens_cache_write = ?, tokens_output = ?,
      tokens_total = ?, updated_at = ? WHERE id = ?`),
  };
  const del = db.prepare('DELETE FROM sessions WHERE id = ?');

  const mustGet = (id: string): Session => {
    const r = byId.get(id);
    if (!r)
      throw new StoreError(`There is no session with id ${id}; it may have been deleted. Reload the list.`, {
        code: 'not_found',
      });
    return toSession(r);
  };
  const changed = (id: string, changes: number): Session => {
    if (changes === 0)
      throw new StoreError(`There is no session with id ${id}; it may have been deleted. Reload the list.`, {
        code: 'not_found',
      });
    return mustGet(id);
  };

  return {
    create(s) {
      if (!s.id || typeof s.id !== 'string') throw new StoreError('A session needs an id; none was given.');
      const id = s.id;
      const created = s.createdAt ?? now();
      const tokens = checkTokens(id, s.tokens ?? { cache_read: 0, cache_write: 0, output: 0, total: 0 });
      const row = {
        id,
        project_id: s.projectId ?? null,
        agent: s.agent,
        model: s.model,
        title: s.title ?? '',
        approval_mode: checkOneOf('approval mode', s.approvalMode, APPROVAL_MODES, id),
        status: checkOneOf('status', s.status ?? 'idle', SESSION_STATUSES, id),
        source: checkOneOf('source', s.source, SESSION_SOURCES, id),
        parent_session_id: s.parentSessionId ?? null,
        created_at: created,
        updated_at: s.updatedAt ?? created,
        ...tokens,
      };
      if (byId.get(id))
        throw new StoreError(`A session with id ${id} already exists; session ids must be unique.`, {
          code: 'conflict',
        });
      try {
        insert.run(row);
      } catch (err) {
        if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
          throw new StoreError(`Session ${id}: project ${String(s.projectId)} does not exist; open the project first.`);
        }
        throw err;
      }
      return mustGet(id);
    },
    get(id) {
      const r = byId.get(id);
      return r ? toSession(r) : undefined;
    },
    list(filter = {}) {
      const where: string[] = [];
      const args: string[] = [];
      const add = (clause: string, value: string | undefined): void => {
        if (value === undefined) return;
        where.push(clause);
        args.push(value);
      };
      add('project_id = ?', filter.projectId);
      add('parent_session_id = ?', filter.parentSessionId);
      add('source = ?', filter.source);
      const sql =
        'SELECT * FROM sessions' +
        (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
        ' ORDER BY updated_at DESC, rowid DESC';
      return db
        .prepare<string[], SessionRow>(sql)
        .all(...args)
        .map(toSession);
    },
    getApprovalMode(id) {
      return modeOf.get(id)?.approval_mode as ApprovalMode | undefined;
    },
    setApprovalMode(id, mode) {
      return changed(id, upd.mode.run(checkOneOf('approval mode', mode, APPROVAL_MODES, id), now(), id).changes);
    },
    setStatus(id, status) {
      return changed(id, upd.status.run(checkOneOf('status', status, SESSION_STATUSES, id), now(), id).changes);
    },
    setTitle(id, title) {
      return changed(id, upd.title.run(String(title), now(), id).changes);
    },
    setModel(id, model) {
      return changed(id, upd.model.run(String(model), now(), id).changes);
    },
    setTokens(id, tokens) {
      const t = checkTokens(id, tokens);
      return changed(id, upd.tokens.run(t.cache_read, t.cache_write, t.output, t.total, now(), id).changes);
    },
    remove(id) {
      return del.run(id).changes > 0;
    },
  };
}
