// Pure mappers from store rows (and a live session's context) to the API shapes of shared/api.ts. No database
// access, no I/O.
import type {
  ApiPendingApproval,
  ApiProject,
  ApiSession,
  ApiSessionContext,
  ApiTraceRow,
  ApiTraceSummary,
} from '../../shared/api.js';
import type { PendingApproval, Project, Session, TraceRow } from '../store/index.js';
import type { AgentSession } from '../sdk/index.js';

export const PREVIEW_TOOLS = new Set(['read_image', 'describe_image']);

export function projectView(p: Project, sessionCount: number): ApiProject {
  return { id: p.id, path: p.path, name: p.name, lastOpenedAt: p.lastOpenedAt, missing: p.missing, sessionCount };
}

export function sessionView(s: Session, workspace: string): ApiSession {
  return {
    id: s.id,
    projectId: s.projectId,
    agent: s.agent,
    model: s.model,
    title: s.title,
    approvalMode: s.approvalMode,
    status: s.status,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    tokens: { ...s.tokens },
    source: s.source,
    parentSessionId: s.parentSessionId,
    workspace,
  };
}

export function pendingView(
  p: PendingApproval,
  calledName?: string,
  uncovered?: ApiPendingApproval['uncovered'],
): ApiPendingApproval {
  return {
    id: p.id,
    sessionId: p.sessionId,
    toolCallId: p.toolCallId,
    calledName: calledName ?? p.toolName,
    toolName: p.toolName,
    permission: p.permission,
    arguments: p.arguments,
    origin: p.origin ?? [],
    createdAt: p.createdAt,
    hasPreview: PREVIEW_TOOLS.has(p.toolName),
    ...(uncovered?.length ? { uncovered } : {}),
  };
}

/** `partStart`: where the row's part begins in the session's whole trace (0 for the first part). */
export function traceRowView(r: TraceRow, seq: number, partStart = 0): ApiTraceRow {
  return {
    seq,
    offset: partStart + r.offset,
    part: r.fileNo,
    length: r.length,
    timestamp: r.timestamp,
    kind: r.kind,
    status: r.status,
    toolName: r.toolName,
    toolCallId: r.toolCallId,
    durationMs: r.durationMs,
    tokens: r.tokens,
    origin: r.origin ?? [],
    excerpt: r.excerpt,
  };
}

export function traceSummaryView(s: Session, projectName: string | null, events: number): ApiTraceSummary {
  return {
    sessionId: s.id,
    projectId: s.projectId,
    projectName,
    agent: s.agent,
    model: s.model,
    title: s.title,
    status: s.status,
    source: s.source,
    parentSessionId: s.parentSessionId,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    events,
  };
}

export interface TraceFilter {
  text?: string;
  projectId?: string;
  agent?: string;
  model?: string;
  status?: string;
  from?: string;
  to?: string;
}

/** Whether a session passes the trace list filters (text: id or title, case-insensitive; from/to: createdAt). */
export function matchesTraceFilter(s: Session, f: TraceFilter): boolean {
  if (f.projectId !== undefined && s.projectId !== f.projectId) return false;
  if (f.agent && s.agent !== f.agent) return false;
  if (f.model && s.model !== f.model) return false;
  if (f.status && s.status !== f.status) return false;
  if (f.from && s.createdAt < f.from) return false;
  if (f.to && s.createdAt > f.to) return false;
  if (f.text) {
    const t = f.text.toLowerCase();
    if (!s.id.toLowerCase().includes(t) && !s.title.toLowerCase().includes(t)) return false;
  }
  return true;
}

/** Engine task outcome → session status column. */
export function statusOfResult(stop: string): Session['status'] {
  if (stop === 'completed') return 'completed';
  if (stop === 'aborted') return 'aborted';
  return 'failed';
}

/** The `source` argument of an image call's JSON arguments, or an error text. Pure. */
export function imageSourceOf(args: string): string | { error: string } {
  let v: unknown;
  try {
    v = JSON.parse(args);
  } catch {
    return { error: 'its arguments are not valid JSON' };
  }
  const src = v && typeof v === 'object' ? (v as { source?: unknown }).source : undefined;
  if (typeof src !== 'string' || !src.trim()) return { error: 'it has no "source" argument' };
  return src;
}

/** What a live session says of its context. `afterCompaction`: a compaction just completed (nothing in context). */
export function liveContext(s: AgentSession, afterCompaction = false): ApiSessionContext {
  const u = s.contextUsage();
  return {
    sessionId: s.id,
    tokens: afterCompaction ? 0 : u.tokens,
    window: u.window,
    threshold: u.threshold,
    instructions: s.instructions.map((i) => ({ file: i.file, tokens: i.tokens })),
  };
}
