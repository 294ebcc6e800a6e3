// Public face of the SQLite store (main/store). Re-exports only; no logic.
export { openStore, type Store } from './store.js';
export { StoreError } from './errors.js';
export type { Project } from './projects.js';
export { type Session, type NewSession } from './sessions.js';
export type { PendingApproval } from './approvals.js';
export type { TraceRow } from './trace-index.js';
