// Records CLI sessions in floe.db like the desktop does (source `cli`): the session row, its project, status and
// token totals, and the trace index built as records are written — so `floe traces` and the trace browser see
// CLI runs without a reindex. A store that cannot be opened only costs the index, never the run.
import path from 'node:path';
import type { OmniMessage, TokenCounts } from '../../shared/omni/types.js';
import type { Rule } from '../approval/rules.js';
import type { ApprovalMode } from '../approval/types.js';
import { dbPath } from '../config/home.js';
import { ensureDefaults } from '../config/load.js';
import type { TraceListener } from '../sdk/index.js';
import type { AgentSession, TaskResult } from '../sdk/index.js';
import { claimSession, type SessionClaim } from '../store/claims.js';
import { openStore, type Store } from '../store/index.js';
import { titleOf } from '../../shared/printable.js';
import { recordHostDied } from '../trace/crash.js';

export interface CliRecorder {
  onTraceRecord: TraceListener;
  /**
   * Claims the session for this process (refused with a clear error while another process runs it). A claim left
   * by a process that died is taken over, and the crash is recorded in the trace (host_died).
   */
  claim(sessionId: string, kind: string): void;
  register(
    session: AgentSession,
    o: {
      agent: string;
      model: string;
      mode: ApprovalMode;
      title: string;
      resumed: boolean;
      /** the project the session belongs to when it works elsewhere (its own worktree); default its workspace */
      projectFolder?: string;
    },
  ): void;
  finish(session: AgentSession, result: TaskResult | undefined): void;
  /** Titles an untitled session from a prompt (its first line), as the app titles one from its first prompt. */
  titleFrom(sessionId: string, prompt: string): void;
  /** The approval rules for a call of `sessionId` in `workspace` (session, project, global), re-read per call. */
  rules(sessionId: string, workspace: string): Rule[];
  close(): void;
}

export function cliRecorder(home: string): CliRecorder {
  let store: Store | undefined;
  let claim: SessionClaim | undefined;
  try {
    ensureDefaults(home); // creates FLOE_HOME with its private modes before floe.db lands in it
    store = openStore(dbPath(home), { onIndexError: () => {} });
  } catch (e) {
    process.stderr.write(
      `floe: warning: the session index ${dbPath(home)} could not be opened (${(e as Error).message}); the run goes on without it and without approval rules\n`,
    );
  }
  const onTraceRecord = (sessionId: string, file: string, offset: number, length: number, msg: OmniMessage): void =>
    store?.traces.indexRecord(sessionId, file, offset, length, msg);
  return {
    onTraceRecord,
    claim(sessionId, kind) {
      claim?.release();
      claim = claimSession(home, sessionId, kind);
      if (claim.died) {
        recordHostDied(
          home,
          sessionId,
          claim.died,
          (file) => (offset, length, msg) => onTraceRecord(sessionId, file, offset, length - 1, msg),
        );
        process.stderr.write(
          `floe: note: the last task of ${sessionId} ended when ${claim.died.kind} (pid ${claim.died.pid}) died; recorded in its trace\n`,
        );
      }
    },
    register(session, o) {
      if (!store) return;
      try {
        if (o.resumed && store.sessions.get(session.id)) {
          store.sessions.setStatus(session.id, 'running');
          return;
        }
        const project = store.projects.open(o.projectFolder ?? session.workspace);
        store.sessions.create({
          id: session.id,
          projectId: project.id,
          agent: o.agent,
          model: o.model,
          title: o.title.slice(0, 80),
          approvalMode: o.mode,
          status: 'running',
          source: 'cli',
        });
      } catch {
        /* the index is a convenience; `floe traces reindex` rebuilds it */
      }
    },
    finish(session, result) {
      if (!store) return;
      try {
        if (!store.sessions.get(session.id)) return;
        const status = !result
          ? 'failed'
          : result.status === 'completed'
            ? 'completed'
            : result.status === 'aborted'
              ? 'aborted'
              : 'failed';
        store.sessions.setStatus(session.id, status);
        const t: TokenCounts = session.tokenTotals();
        store.sessions.setTokens(session.id, t);
      } catch {
        /* see register */
      }
    },
    titleFrom(sessionId, prompt) {
      if (!store) return;
      try {
        const row = store.sessions.get(sessionId);
        if (row && !row.title) store.sessions.setTitle(sessionId, titleOf(prompt));
      } catch {
        /* see register */
      }
    },
    rules(sessionId, workspace) {
      return store ? store.rules.applicable(sessionId, path.resolve(workspace)) : [];
    },
    close() {
      claim?.release();
      claim = undefined;
      store?.close();
    },
  };
}
