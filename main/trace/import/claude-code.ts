// Claude Code session files (`~/.claude/projects/<project>/<session-uuid>.jsonl`) as a session's OmniMessages.
// Each line there is one record: `user` / `assistant` (with an Anthropic Messages API `message`), `system`,
// `summary`, `file-history-snapshot`…; an assistant reply is split over several lines (one per content block)
// sharing `message.id`, each repeating the reply's `usage`. Mapping: a reply → request_begin (at the record before
// it), its thinking / text / tool_use blocks → thinking / text / tool_call, token_usage and request_end (at its last
// line); a user's `tool_result` block → tool_call_output; user text → user text; a `system` line with text → a
// warning. Side chains (a Task subagent's lines) and meta lines are left out. Pure: text in, messages out.
import type { OmniMessage, TokenCounts } from '../../../shared/omni/types.js';

interface Block {
  type?: string;
  text?: string;
  thinking?: string;
  signature?: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
  source?: { type?: string; media_type?: string; data?: string };
}
interface Line {
  type?: string;
  sessionId?: string;
  timestamp?: string;
  cwd?: string;
  isSidechain?: boolean;
  isMeta?: boolean;
  content?: unknown;
  message?: {
    id?: string;
    role?: string;
    model?: string;
    content?: string | Block[];
    stop_reason?: string | null;
    usage?: {
      input_tokens?: number;
      output_tokens?: number;
      cache_read_input_tokens?: number;
      cache_creation_input_tokens?: number;
    };
  };
}

/** True when the text's lines look like a Claude Code session (records with `sessionId` and `uuid`). */
export function looksLikeClaudeCode(lines: readonly unknown[]): boolean {
  return lines.some((l) => {
    const o = l as { sessionId?: unknown; uuid?: unknown; type?: unknown };
    return typeof o?.sessionId === 'string' && typeof o.uuid === 'string' && typeof o.type === 'string';
  });
}

const n = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);

function toolResultText(c: unknown): string {
  if (typeof c === 'string') return c;
  if (Array.isArray(c))
    return c
      .map((b: Block) => (b?.type === 'text' ? (b.text ?? '') : b?.type === 'image' ? '[image]' : ''))
      .filter(Boolean)
      .join('\n');
  return c === undefined || c === null ? '' : JSON.stringify(c);
}

/** Converts the parsed lines of one Claude Code session. */
export function claudeCodeToMessages(lines: readonly unknown[]): { messages: OmniMessage[] } | { error: string } {
  const recs = (lines as Line[]).filter(
    (l) => l && typeof l === 'object' && typeof l.timestamp === 'string' && !l.isSidechain && !l.isMeta,
  );
  const first = recs.find((l) => typeof l.sessionId === 'string');
  if (!first) return { error: 'line 1: no record with a sessionId and a timestamp; not a Claude Code session file.' };
  const model = recs.find((l) => l.type === 'assistant' && l.message?.model)?.message?.model ?? 'unknown';
  const out: OmniMessage[] = [];
  const add = (timestamp: string, type: OmniMessage['type'], payload: Record<string, unknown>) =>
    out.push({ timestamp, type, payload } as unknown as OmniMessage);
  add(first.timestamp!, 'session_meta', {
    session_id: `claude-code-${first.sessionId}`,
    provider: 'anthropic',
    model_id: model,
    model_context_window: 0,
    system_prompt: '',
    agent_state: { imported_from: 'claude-code', model: `anthropic/${model}` },
    workspace: first.cwd ?? '',
    source: 'claude-code',
  });
  const session: TokenCounts = { cache_read: 0, cache_write: 0, output: 0, total: 0 };
  let reply: { id: string; last: Line; calls: number } | undefined;
  let prevAt = first.timestamp!;
  const endReply = () => {
    if (!reply) return;
    const u = reply.last.message?.usage ?? {};
    const request: TokenCounts = {
      cache_read: n(u.cache_read_input_tokens),
      cache_write: n(u.cache_creation_input_tokens),
      output: n(u.output_tokens),
      total: n(u.input_tokens) + n(u.cache_read_input_tokens) + n(u.cache_creation_input_tokens) + n(u.output_tokens),
    };
    for (const k of ['cache_read', 'cache_write', 'output', 'total'] as const) session[k] += request[k];
    add(reply.last.timestamp!, 'event_msg', { type: 'token_usage', session: { ...session }, request });
    add(reply.last.timestamp!, 'event_msg', { type: 'request_end', status: 'completed' });
    reply = undefined;
  };

  for (const l of recs) {
    const content = l.message?.content;
    if (l.type === 'assistant' && l.message) {
      const id = l.message.id ?? `${l.timestamp}`;
      if (reply && reply.id !== id) endReply();
      if (!reply) {
        add(prevAt, 'event_msg', { type: 'request_begin' });
        reply = { id, last: l, calls: 0 };
      }
      reply.last = l;
      for (const b of typeof content === 'string' ? [{ type: 'text', text: content }] : (content ?? [])) {
        if (b.type === 'text' && b.text)
          add(l.timestamp!, 'model_msg', { type: 'text', role: 'assistant', text: b.text });
        else if (b.type === 'thinking' || b.type === 'redacted_thinking')
          add(l.timestamp!, 'model_msg', {
            type: 'thinking',
            thinking: b.thinking ?? '',
            ...(b.signature ? { fidelity: { signature: b.signature } } : {}),
          });
        else if (b.type === 'tool_use') {
          reply.calls++;
          add(l.timestamp!, 'model_msg', {
            type: 'tool_call',
            name: b.name ?? '',
            arguments: JSON.stringify(b.input ?? {}),
            tool_call_id: b.id ?? '',
          });
        }
      }
    } else if (l.type === 'user' && l.message) {
      endReply();
      for (const b of typeof content === 'string' ? [{ type: 'text', text: content }] : (content ?? [])) {
        if (b.type === 'text' && b.text) add(l.timestamp!, 'model_msg', { type: 'text', role: 'user', text: b.text });
        else if (b.type === 'tool_result')
          add(l.timestamp!, 'model_msg', {
            type: 'tool_call_output',
            output: toolResultText(b.content),
            tool_call_id: b.tool_use_id ?? '',
            stop_reason: b.is_error ? 'failed' : 'completed',
          });
        else if (b.type === 'image' && b.source?.type === 'base64' && b.source.data)
          add(l.timestamp!, 'model_msg', {
            type: 'inline_data',
            data: b.source.data,
            mime_type: b.source.media_type ?? 'application/octet-stream',
          });
      }
    } else if (l.type === 'system' && typeof l.content === 'string' && l.content) {
      endReply();
      add(l.timestamp!, 'event_msg', { type: 'warning', source: 'claude-code', message: l.content });
    }
    prevAt = l.timestamp!;
  }
  endReply();
  return { messages: out };
}
