// Public face of the SQLite store (main/store). Re-exports only; no logic.
export { openStore, type Store, type OpenStoreOptions } from './store.js';
export { StoreError } from './errors.js';
export type { Project, ProjectsRepo } from './projects.js';
export {
  SESSION_STATUSES,
  SESSION_SOURCES,
  type Session,
  type NewSession,
  type SessionFilter,
  type SessionStatus,
  type SessionSource,
  type SessionsRepo,
} from './sessions.js';
export type { RulesRepo } from './rules.js';
export type { ApprovalRule, PendingApproval, NewPendingApproval, ApprovalsRepo } from './approvals.js';
export type { TraceRow, EventFilter, EventPage, IndexFileResult, TraceIndex } from './trace-index.js';
export type { ReindexResult } from './reindex.js';
export { sessionIdOfTraceFile, fileNoOfTraceFile, listTraceFiles, type TraceFile } from '../trace/paths.js';
