// Pure flattening of indexed trace records (ApiTraceRow, file order) into timeline rows: requests (tokens,
// duration, retries, status), tool calls (approval wait separate from execution), subagents (collapsible, their
// child rows nested one level deeper), compactions (a span from begin to end, with the records that may hold its
// summary), markers (approvals, aborts, the start of a new trace part, MCP connects) and messages.
// Plus filtering by kind / search matches / collapsed subagents. What a row's record means (a tool's outcome, a
// request's, an approval's decision) was read by the shared interpreter when the record was indexed (its status);
// the key argument comes from shared/omni/call-args.ts. No I/O, no React.
import type { ApiTraceRow } from './api.js';
import { callTarget, keyArgument } from './omni/call-args.js';
import { abortByUser, outcomeOfStatus, requestOutcome, type ToolOutcome } from './omni/interpret.js';

export type RowKind = 'request' | 'tool' | 'subagent' | 'compaction' | 'marker' | 'message';
export const ROW_KINDS: RowKind[] = ['request', 'tool', 'subagent', 'compaction', 'marker', 'message'];
type RowStatus = 'ok' | 'error' | 'denied' | 'running' | 'aborted' | 'info';

export interface TimelineRow {
  id: string;
  kind: RowKind;
  label: string;
  detail: string;
  depth: number;
  start: number;
  end: number;
  /** tool rows: when the approval was decided (wait = start→waitEnd, execution = waitEnd→end) */
  waitEnd?: number;
  status: RowStatus;
  tokens?: number;
  durationMs?: number;
  retries?: number;
  /** byte offsets of the records making the row; the first is shown in the detail pane */
  offsets: number[];
  toolCallId?: string;
  childSessionId?: string;
  markerKind?: 'approval' | 'abort' | 'part' | 'mcp' | 'model';
  /** a part marker: the part that begins here (2 for `<id>_002.jsonl`) */
  part?: number;
  /**
   * a completed compaction: the offsets of the text records of the context that follows it (up to the next
   * request), one of which is its summary (Floe's has sender "compaction"; otherwise the last one)
   */
  summaryOffsets?: number[];
  /** session whose trace holds the records (children differ from the opened one) */
  sessionId: string;
}

const ms = (ts: string): number => {
  const t = Date.parse(ts);
  return Number.isFinite(t) ? t : 0;
};

const firstLine = (s: string, n = 120): string => {
  const l = s.split('\n').find((x) => x.trim()) ?? '';
  return l.length > n ? `${l.slice(0, n)}…` : l;
};

// explicit literals with every field, not `{...base}`: V8's spread path made 100k rows ~15× slower
function mkRow(
  id: string,
  kind: RowKind,
  label: string,
  detail: string,
  status: RowStatus,
  depth: number,
  t: number,
  offset: number,
  sessionId: string,
): TimelineRow {
  return {
    id,
    kind,
    label,
    detail,
    depth,
    start: t,
    end: t,
    status,
    offsets: [offset],
    sessionId,
    waitEnd: undefined,
    tokens: undefined,
    durationMs: undefined,
    retries: undefined,
    toolCallId: undefined,
    childSessionId: undefined,
    markerKind: undefined,
    part: undefined,
    summaryOffsets: undefined,
  };
}

/** `<session-id>_<NNN>.jsonl`, the name of a part. */
export const partFileName = (sessionId: string, part: number): string =>
  `${sessionId}_${String(part).padStart(3, '0')}.jsonl`;

const COMPACTION_STATUS: Record<string, RowStatus> = { completed: 'ok', failed: 'error', aborted: 'aborted' };

function marker(r: TimelineRow, k: NonNullable<TimelineRow['markerKind']>): TimelineRow {
  r.markerKind = k;
  return r;
}

/** A call's key argument as text (the command, the file, the prompt …), from its possibly cut JSON excerpt. */
export function readableArgs(toolName: string, excerpt: string): string {
  const key = keyArgument(toolName, excerpt);
  const target = callTarget(toolName, excerpt);
  const text = target !== toolName ? `${target} ${key ?? ''}`.trim() : key;
  return firstLine(text ?? excerpt);
}

/** The timeline's status word for a tool outcome: a crash's interruption shows as an error. */
const TOOL_ROW_STATUS: Record<ToolOutcome, RowStatus> = {
  ok: 'ok',
  error: 'error',
  denied: 'denied',
  aborted: 'aborted',
  interrupted: 'error',
};

/** Flatten one session's records. `depthBase` places a child trace under its subagent row. */
export function flattenTrace(records: readonly ApiTraceRow[], sessionId: string, depthBase = 0): TimelineRow[] {
  const f = createFlattener(sessionId, depthBase);
  f.push(records);
  return f.rows;
}

export interface Flattener {
  /** the rows so far (a row may still change while later records come: a request's end, a tool's output) */
  readonly rows: TimelineRow[];
  /** the next records in file order */
  push(records: readonly ApiTraceRow[]): void;
}

/** Flattens a session's records given in chunks (file order), so a large trace is never held whole. */
export function createFlattener(sessionId: string, depthBase = 0): Flattener {
  const out: TimelineRow[] = [];
  let openRequest: TimelineRow | null = null;
  let lastRequest: TimelineRow | null = null;
  let contentSinceRequest = false;
  const tools = new Map<string, TimelineRow>();
  let openCompaction: TimelineRow | null = null;
  /** the completed compaction whose summary may be among the next text records (until the next request) */
  let summaryOf: TimelineRow | null = null;
  let part: number | null = null;

  const push = (records: readonly ApiTraceRow[]): void => {
    for (const r of records) {
      const t = ms(r.timestamp);
      const depth = depthBase + (r.origin?.length ?? 0);
      const row = (id: string, kind: RowKind, label: string, detail: string, status: RowStatus): TimelineRow =>
        mkRow(id, kind, label, detail, status, depth, t, r.offset, sessionId);
      if (r.part !== part && !r.origin?.length) {
        // the trace continues in a new file (after a compaction): mark where
        if (part !== null && r.part > part) {
          const mk = marker(
            row(`${sessionId}:part:${r.part}`, 'marker', `part ${r.part}`, partFileName(sessionId, r.part), 'info'),
            'part',
          );
          mk.part = r.part;
          out.push(mk);
        }
        part = r.part;
      }
      switch (r.kind) {
        case 'request_begin': {
          if (!r.origin?.length) summaryOf = null;
          const retried = lastRequest && lastRequest.status === 'error' && !contentSinceRequest;
          const req = row(`${sessionId}:req:${r.offset}`, 'request', 'request', '', 'running');
          req.retries = retried ? (lastRequest!.retries ?? 0) + 1 : 0;
          out.push(req);
          openRequest = req;
          lastRequest = req;
          contentSinceRequest = false;
          break;
        }
        case 'request_end': {
          const req = openRequest ?? lastRequest;
          if (req) {
            req.end = t;
            req.durationMs = r.durationMs ?? Math.max(0, t - req.start);
            req.status = requestOutcome(r.status, r.excerpt);
            if (r.excerpt) req.detail = r.excerpt;
            req.offsets.push(r.offset);
          }
          openRequest = null;
          break;
        }
        case 'token_usage': {
          const req = openRequest ?? lastRequest;
          if (req && r.tokens !== null) {
            req.tokens = (req.tokens ?? 0) + r.tokens;
            req.offsets.push(r.offset);
          }
          break;
        }
        case 'tool_call': {
          contentSinceRequest = true;
          const tool = row(
            `${sessionId}:tool:${r.toolCallId ?? r.offset}`,
            'tool',
            r.toolName ?? 'tool',
            readableArgs(r.toolName ?? '', r.excerpt),
            'running',
          );
          tool.toolCallId = r.toolCallId ?? undefined;
          out.push(tool);
          if (r.toolCallId) tools.set(r.toolCallId, tool);
          break;
        }
        case 'approval_decision': {
          const tool = r.toolCallId ? tools.get(r.toolCallId) : undefined;
          // indexed before the decision was the row's status: the excerpt held it
          const decision = r.status || r.excerpt || 'allow';
          if (tool) {
            tool.waitEnd = t;
            if (r.toolName && r.toolName !== tool.label) tool.label = `${tool.label} → ${r.toolName}`;
            if (decision !== 'allow') tool.status = 'denied';
            tool.offsets.push(r.offset);
          }
          const mk = row(
            `${sessionId}:appr:${r.offset}`,
            'marker',
            `approval: ${decision}`,
            r.toolName ?? tool?.label ?? '',
            decision === 'allow' ? 'ok' : 'denied',
          );
          mk.markerKind = 'approval';
          out.push(mk);
          break;
        }
        case 'tool_call_output': {
          const tool = r.toolCallId ? tools.get(r.toolCallId) : undefined;
          if (tool) {
            tool.end = Math.max(t, tool.waitEnd ?? tool.start);
            tool.durationMs = r.durationMs ?? Math.max(0, t - tool.start);
            const outcome = outcomeOfStatus(r.status) ?? 'ok';
            if (tool.status !== 'denied') tool.status = TOOL_ROW_STATUS[outcome];
            tool.offsets.push(r.offset);
            tool.detail = tool.detail || firstLine(r.excerpt);
          } else {
            out.push(
              row(
                `${sessionId}:out:${r.offset}`,
                'tool',
                r.toolName ?? 'tool output',
                firstLine(r.excerpt),
                TOOL_ROW_STATUS[outcomeOfStatus(r.status) ?? 'ok'],
              ),
            );
          }
          break;
        }
        case 'subagent':
          contentSinceRequest = true;
          {
            const sub = row(`${sessionId}:sub:${r.excerpt || r.offset}`, 'subagent', 'subagent', r.excerpt, 'info');
            sub.childSessionId = r.excerpt || undefined;
            out.push(sub);
          }
          break;
        case 'abort': {
          // status: who aborted; rows indexed before it have only the reason (the excerpt)
          const byUser = abortByUser(r.status, r.excerpt);
          const label = byUser ? 'stopped by you' : 'aborted by the host';
          const status: RowStatus = byUser ? 'aborted' : 'error';
          out.push(marker(row(`${sessionId}:abort:${r.offset}`, 'marker', label, r.excerpt, status), 'abort'));
          break;
        }
        case 'host_died':
          out.push(marker(row(`${sessionId}:died:${r.offset}`, 'marker', 'host died', r.excerpt, 'error'), 'abort'));
          break;
        case 'model_switch':
          out.push(marker(row(`${sessionId}:model:${r.offset}`, 'marker', 'model switch', r.excerpt, 'info'), 'model'));
          break;
        case 'compaction_begin': {
          const c = row(`${sessionId}:cmp:${r.offset}`, 'compaction', 'compaction', r.excerpt, 'running');
          c.tokens = r.tokens ?? undefined;
          out.push(c);
          openCompaction = c;
          summaryOf = null;
          break;
        }
        case 'compaction_end': {
          let c = openCompaction;
          if (!c) {
            // an end without its begin (a trace cut before it): a span of no length
            c = row(`${sessionId}:cmp:${r.offset}`, 'compaction', 'compaction', '', 'info');
            out.push(c);
          }
          c.end = Math.max(t, c.start);
          c.durationMs = Math.max(0, c.end - c.start);
          c.status = (r.status && COMPACTION_STATUS[r.status]) || 'info';
          if (r.status) c.label = `compaction ${r.status}`;
          const after = r.tokens !== null && c.tokens !== undefined ? `${c.tokens} → ${r.tokens} tokens` : '';
          c.detail = [c.detail, after, c.status === 'ok' ? '' : r.excerpt].filter(Boolean).join(' · ');
          c.offsets.push(r.offset);
          openCompaction = null;
          summaryOf = c.status === 'ok' ? c : null;
          break;
        }
        case 'mcp_connect_begin':
        case 'mcp_connect_end':
          out.push(
            marker(
              row(
                `${sessionId}:mcp:${r.offset}`,
                'marker',
                r.kind === 'mcp_connect_begin' ? 'MCP connect' : 'MCP connected',
                r.excerpt,
                'info',
              ),
              'mcp',
            ),
          );
          break;
        case 'text':
        case 'thinking':
        case 'image_url':
        case 'inline_data':
          contentSinceRequest = true;
          if (summaryOf && r.kind === 'text' && !r.origin?.length) (summaryOf.summaryOffsets ??= []).push(r.offset);
          out.push(row(`${sessionId}:msg:${r.offset}`, 'message', r.kind, firstLine(r.excerpt), 'info'));
          break;
        default:
          break; // session_meta, tool_list_ready, unknown kinds: not rows
      }
    }
  };
  return { rows: out, push };
}

export interface ViewOptions {
  /** the kinds shown (absent or empty: all) */
  kinds?: ReadonlySet<RowKind>;
  /** the kinds the person unchecked: never shown, whatever `kinds` says */
  hidden?: ReadonlySet<RowKind>;
  /** byte offsets that matched a text search (null = no search) */
  matches?: ReadonlySet<number> | null;
  /** subagent row id → expanded */
  expanded?: Readonly<Record<string, boolean>>;
  /** child session id → its flattened rows (depth already +1) */
  children?: Readonly<Record<string, TimelineRow[]>>;
}

/** The rows to show: nested children of expanded subagents spliced in, then kind and search filters. */
export function visibleRows(rows: readonly TimelineRow[], o: ViewOptions = {}): TimelineRow[] {
  const out: TimelineRow[] = [];
  const add = (r: TimelineRow) => {
    const kindOk = (!o.kinds || o.kinds.size === 0 || o.kinds.has(r.kind)) && !o.hidden?.has(r.kind);
    const matchOk = !o.matches || r.offsets.some((x) => o.matches!.has(x));
    if (kindOk && matchOk) out.push(r);
    if (r.kind === 'subagent' && r.childSessionId && o.expanded?.[r.id]) {
      for (const c of o.children?.[r.childSessionId] ?? []) add(c);
    }
  };
  for (const r of rows) add(r);
  return out;
}

/** Time span covered by rows (ms), for the axis. */
export function extent(rows: readonly TimelineRow[]): { t0: number; t1: number } {
  let t0 = Infinity;
  let t1 = -Infinity;
  for (const r of rows) {
    if (r.start && r.start < t0) t0 = r.start;
    if (r.end > t1) t1 = r.end;
  }
  if (!Number.isFinite(t0)) return { t0: 0, t1: 1 };
  return { t0, t1: Math.max(t1, t0 + 1) };
}

/** Index of the timeline row holding a record (for jump transcript → timeline). */
export function rowOfToolCall(rows: readonly TimelineRow[], toolCallId: string): number {
  return rows.findIndex((r) => r.toolCallId === toolCallId);
}
