// The timeline and transcript of a session for the single-file HTML export, read from its messages through the one
// interpreter (shared/omni/interpret.ts): spans for model requests (begin → end, tokens), tool calls (call → output,
// with the approval and outcome) and compactions; points for aborts, warnings, subagents and other events; and the
// transcript entries in file order. Pure.
import { interpret, toolOutcome, type ToolOutcome } from '../../../shared/omni/interpret.js';
import type { OmniMessage, TokenCounts } from '../../../shared/omni/types.js';

export interface HtmlRow {
  kind: 'request' | 'tool' | 'compaction' | 'event';
  label: string;
  start: number;
  end: number;
  status: 'ok' | 'error' | 'denied' | 'aborted' | 'interrupted' | 'running';
  detail: string;
  tokens?: TokenCounts;
}

export type Entry =
  | { kind: 'user' | 'assistant' | 'thinking'; at: string; text: string }
  | { kind: 'image'; at: string; src: string }
  | { kind: 'call'; at: string; id: string; name: string; args: string; output?: string; outcome?: ToolOutcome }
  | { kind: 'note'; at: string; text: string };

export interface SessionView {
  sessionId: string;
  model: string;
  workspace: string;
  start: number;
  end: number;
  rows: HtmlRow[];
  entries: Entry[];
  tokens?: TokenCounts;
}

export function sessionView(messages: readonly OmniMessage[]): SessionView {
  const meta = messages.find((m) => m.type === 'session_meta')?.payload as
    { session_id?: string; provider?: string; model_id?: string; workspace?: string } | undefined;
  const rows: HtmlRow[] = [];
  const entries: Entry[] = [];
  const calls = new Map<string, { row: HtmlRow; entry: Extract<Entry, { kind: 'call' }>; decision?: string }>();
  let request: HtmlRow | undefined;
  let compaction: HtmlRow | undefined;
  let tokens: TokenCounts | undefined;
  let requests = 0;
  const times = messages.map((m) => Date.parse(m.timestamp)).filter(Number.isFinite);
  const start = times.length ? Math.min(...times) : 0;
  const end = times.length ? Math.max(...times) : 0;

  for (const m of messages) {
    if (m.origin?.length) continue;
    const at = Date.parse(m.timestamp);
    if (!Number.isFinite(at)) continue;
    const f = interpret(m);
    switch (f.kind) {
      case 'user':
      case 'assistant':
      case 'thinking':
        entries.push({ kind: f.kind, at: m.timestamp, text: f.text });
        break;
      case 'image':
        entries.push({ kind: 'image', at: m.timestamp, src: f.src });
        break;
      case 'request_begin':
        request = {
          kind: 'request',
          label: `request ${++requests}`,
          start: at,
          end: at,
          status: 'running',
          detail: '',
        };
        rows.push(request);
        break;
      case 'usage':
        if (f.session) tokens = f.session;
        if (request && f.request) request.tokens = f.request;
        break;
      case 'request_end':
        if (!request) break;
        request.end = at;
        request.status = f.outcome === 'ok' ? 'ok' : f.outcome === 'aborted' ? 'aborted' : 'error';
        request.detail = f.error ?? f.status ?? '';
        request = undefined;
        break;
      case 'tool_call': {
        const entry = { kind: 'call' as const, at: m.timestamp, id: f.toolCallId, name: f.name, args: f.args };
        const row: HtmlRow = {
          kind: 'tool',
          label: f.name,
          start: at,
          end: at,
          status: 'running',
          detail: f.toolCallId,
        };
        entries.push(entry);
        rows.push(row);
        calls.set(f.toolCallId, { row, entry });
        break;
      }
      case 'approval': {
        const c = calls.get(f.toolCallId);
        if (c) {
          c.decision = f.decision;
          c.row.detail = `${f.decision}${f.by ? ` by ${f.by}` : ''}${f.mode ? ` (${f.mode})` : ''}`;
          if (f.target && f.target !== c.row.label) c.row.label = `${c.row.label} → ${f.target}`;
        }
        break;
      }
      case 'tool_output': {
        const c = calls.get(f.toolCallId);
        if (!c) {
          entries.push({ kind: 'note', at: m.timestamp, text: `output of an unknown call ${f.toolCallId}` });
          break;
        }
        const outcome = toolOutcome(
          { stopReason: f.stopReason, abortedBy: f.abortedBy, exitCode: f.exitCode },
          c.decision as never,
        );
        c.row.end = at;
        c.row.status = outcome;
        c.entry.output = f.output;
        c.entry.outcome = outcome;
        break;
      }
      case 'compaction_begin':
        compaction = {
          kind: 'compaction',
          label: 'compaction',
          start: at,
          end: at,
          status: 'running',
          detail: f.reason ?? '',
        };
        rows.push(compaction);
        break;
      case 'compaction_end':
        if (compaction) {
          compaction.end = at;
          compaction.status = f.ok ? 'ok' : 'error';
          compaction.label = `compaction ${f.ok ? 'completed' : 'failed'}`;
          compaction = undefined;
        }
        break;
      case 'abort':
      case 'warning':
      case 'violation':
      case 'subagent':
      case 'host_died':
      case 'model_switch': {
        const text =
          f.kind === 'abort'
            ? `abort${f.reason ? `: ${f.reason}` : ''}`
            : f.kind === 'warning'
              ? `warning: ${f.message}`
              : f.kind === 'violation'
                ? `sandbox: ${f.what === 'network' ? 'blocked domain' : 'write refused'} ${f.target}`
                : f.kind === 'subagent'
                  ? `subagent ${f.sessionId}`
                  : f.text;
        rows.push({
          kind: 'event',
          label: f.kind,
          start: at,
          end: at,
          status: f.kind === 'abort' ? 'aborted' : 'ok',
          detail: text,
        });
        entries.push({ kind: 'note', at: m.timestamp, text });
        break;
      }
      default:
        break;
    }
  }
  return {
    sessionId: meta?.session_id ?? 'unknown session',
    model: meta?.provider && meta.model_id ? `${meta.provider}/${meta.model_id}` : (meta?.model_id ?? ''),
    workspace: meta?.workspace ?? '',
    start,
    end,
    rows,
    entries,
    ...(tokens ? { tokens } : {}),
  };
}
