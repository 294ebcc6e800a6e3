// Rebuilds the trace index from every agents/*/traces/*/*.jsonl under FLOE_HOME, and adds a session row
// (and its workspace project) for traces whose session the database does not know. Existing session rows are
// left as they are. Must not modify trace files; a bad file is reported and skipped, never fatal.
import type { SessionMetaPayload } from '../../shared/omni/types.js';
import { titleOf } from '../../shared/printable.js';
import { reasonOf } from './errors.js';
import type { ProjectsRepo } from './projects.js';
import type { SessionsRepo } from './sessions.js';
import { listTraceFiles, type TraceFile } from '../trace/paths.js';
import type { IndexFileResult, TraceIndex } from './trace-index.js';

export interface ReindexResult {
  files: number;
  sessions: number;
  events: number;
  skippedLines: number;
  /** session rows created for traces the database did not know */
  sessionsAdded: number;
  errors: { file: string; message: string }[];
}

interface Deps {
  traces: TraceIndex;
  sessions: SessionsRepo;
  projects: ProjectsRepo;
}

/** The parent of a subagent's trace (session_meta.source "subagent", agent_state.parent_session_id), if any. */
export function parentOfMeta(meta: SessionMetaPayload | null | undefined): string | undefined {
  if (meta?.source !== 'subagent') return undefined;
  const p = (meta.agent_state as { parent_session_id?: unknown } | undefined)?.parent_session_id;
  return typeof p === 'string' && p ? p : undefined;
}

function ensureSession(deps: Deps, agent: string, results: IndexFileResult[]): boolean {
  const first = results[0]!;
  if (deps.sessions.get(first.sessionId)) return false;
  const meta: SessionMetaPayload | null = results.find((r) => r.meta)?.meta ?? null;
  const created = first.firstTimestamp ?? new Date(0).toISOString();
  const last = [...results].reverse().find((r) => r.lastTimestamp)?.lastTimestamp ?? created;
  const tokens = [...results].reverse().find((r) => r.sessionTokens)?.sessionTokens ?? undefined;
  const project = meta?.workspace ? deps.projects.ensure(meta.workspace, last) : undefined;
  deps.sessions.create({
    id: first.sessionId,
    projectId: project?.id ?? null,
    agent,
    model: meta ? `${meta.provider}/${meta.model_id}` : 'unknown',
    title: titleOf(results.find((r) => r.firstUserText)?.firstUserText ?? null),
    approvalMode: 'always-ask',
    status: 'idle',
    source: meta?.source === 'subagent' ? 'subagent' : 'import',
    parentSessionId: parentOfMeta(meta) ?? null,
    createdAt: created,
    updatedAt: last,
    tokens: tokens && Object.values(tokens).every((n) => Number.isFinite(n) && n >= 0) ? tokens : undefined,
  });
  return true;
}

export function reindexAll(deps: Deps, home: string): ReindexResult {
  const res: ReindexResult = { files: 0, sessions: 0, events: 0, skippedLines: 0, sessionsAdded: 0, errors: [] };
  deps.traces.clearAll();
  const files = listTraceFiles(home);
  const bySession = new Map<string, TraceFile[]>();
  for (const f of files) {
    const list = bySession.get(f.sessionId) ?? [];
    list.push(f);
    bySession.set(f.sessionId, list);
  }
  for (const [sessionId, list] of bySession) {
    const results: IndexFileResult[] = [];
    for (const f of list) {
      try {
        const r = deps.traces.indexFile(sessionId, f.path);
        results.push(r);
        res.files++;
        res.events += r.indexed;
        res.skippedLines += r.skipped;
      } catch (err) {
        res.errors.push({ file: f.path, message: reasonOf(err) });
      }
    }
    if (!results.length) continue;
    res.sessions++;
    try {
      if (ensureSession(deps, list[0]!.agent, results)) res.sessionsAdded++;
    } catch (err) {
      res.errors.push({ file: list[0]!.path, message: `session row not created: ${reasonOf(err)}` });
    }
  }
  return res;
}
