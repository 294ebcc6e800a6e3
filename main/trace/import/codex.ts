// Codex rollout files (`~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<uuid>.jsonl`) as a session's OmniMessages.
// Each line is `{timestamp, type, payload}` with type `session_meta` (id, cwd, instructions…), `turn_context`
// (the model), `response_item` (a Responses API item: message, reasoning, function_call, function_call_output,
// custom_tool_call(_output), local_shell_call) or `event_msg` (token_count, turn_aborted, and UI events that repeat
// the items). Mapping: the model's items after a non-model item open a request (request_begin at that item's time);
// the `token_count` after them gives token_usage and closes it (request_end); outputs → tool_call_output (a
// shell call's exit code when the output carries one); user messages → user text, minus Codex's injected context
// blocks (`<environment_context>`, `<user_instructions>`). Pure: text in, messages out.
import type { OmniMessage, TokenCounts } from '../../../shared/omni/types.js';

interface Line {
  timestamp?: string;
  type?: string;
  payload?: Record<string, unknown>;
}
type P = Record<string, unknown>;

const CODEX_TYPES = new Set(['session_meta', 'response_item', 'turn_context', 'event_msg', 'compacted']);

/** True when the lines look like a Codex rollout: a session_meta with `id` (not `session_id`), or Codex items. */
export function looksLikeCodex(lines: readonly unknown[]): boolean {
  const first = lines[0] as Line | undefined;
  if (!first || typeof first !== 'object' || !CODEX_TYPES.has(String(first.type))) return false;
  if (first.type === 'session_meta') return typeof first.payload?.id === 'string' && !('session_id' in first.payload);
  return first.type !== 'event_msg';
}

const n = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
const INJECTED = /^\s*<(environment_context|user_instructions)>/;

function tokens(u: unknown): TokenCounts | undefined {
  if (!u || typeof u !== 'object') return undefined;
  const o = u as P;
  const input = n(o.input_tokens);
  const output = n(o.output_tokens);
  return { cache_read: n(o.cached_input_tokens), cache_write: 0, output, total: input + output };
}

/** A function_call_output's text and exit code: a JSON `{output, metadata: {exit_code}}` string, plain text, or
 *  `{content, success}`. */
function outputOf(o: unknown): { text: string; exit?: number; ok: boolean } {
  if (typeof o === 'string') {
    try {
      const v = JSON.parse(o) as { output?: unknown; metadata?: { exit_code?: unknown } };
      if (v && typeof v === 'object' && typeof v.output === 'string') {
        const exit = typeof v.metadata?.exit_code === 'number' ? v.metadata.exit_code : undefined;
        return { text: v.output, exit, ok: exit === undefined || exit === 0 };
      }
    } catch {
      /* plain text */
    }
    return { text: o, ok: true };
  }
  if (o && typeof o === 'object') {
    const v = o as { content?: unknown; success?: unknown };
    return { text: typeof v.content === 'string' ? v.content : JSON.stringify(o), ok: v.success !== false };
  }
  return { text: '', ok: true };
}

const textOf = (content: unknown): string =>
  Array.isArray(content)
    ? content
        .map((c: { text?: unknown }) => (typeof c?.text === 'string' ? c.text : ''))
        .filter(Boolean)
        .join('\n')
    : typeof content === 'string'
      ? content
      : '';

/** Converts the parsed lines of one Codex rollout. */
export function codexToMessages(lines: readonly unknown[]): { messages: OmniMessage[] } | { error: string } {
  const recs = (lines as Line[]).filter(
    (l) => l && typeof l === 'object' && typeof l.timestamp === 'string' && l.payload && typeof l.payload === 'object',
  );
  const metaLine = recs.find((l) => l.type === 'session_meta');
  const meta = (metaLine?.payload ?? {}) as P;
  if (typeof meta.id !== 'string' || !meta.id)
    return { error: 'line 1: no session_meta with an "id"; not a Codex rollout file.' };
  const model = String(recs.find((l) => l.type === 'turn_context' && l.payload?.model)?.payload?.model ?? 'unknown');
  const provider = typeof meta.model_provider === 'string' ? meta.model_provider : 'openai';
  const base = meta.base_instructions as { text?: unknown } | undefined;
  const out: OmniMessage[] = [];
  const add = (timestamp: string, type: OmniMessage['type'], payload: P) =>
    out.push({ timestamp, type, payload } as unknown as OmniMessage);
  add(metaLine!.timestamp!, 'session_meta', {
    session_id: `codex-${meta.id}`,
    provider,
    model_id: model,
    model_context_window: 0,
    system_prompt:
      typeof base?.text === 'string' ? base.text : typeof meta.instructions === 'string' ? meta.instructions : '',
    agent_state: { imported_from: 'codex', model: `${provider}/${model}` },
    workspace: typeof meta.cwd === 'string' ? meta.cwd : '',
    source: 'codex',
  });
  let open = false;
  let prevAt = metaLine!.timestamp!;
  let lastUsage: { at: string; request: TokenCounts; session: TokenCounts } | undefined;
  const begin = () => {
    if (open) return;
    add(prevAt, 'event_msg', { type: 'request_begin' });
    open = true;
  };
  const end = (at: string) => {
    if (!open) return;
    open = false;
    if (lastUsage)
      add(lastUsage.at, 'event_msg', { type: 'token_usage', session: lastUsage.session, request: lastUsage.request });
    add(lastUsage?.at ?? at, 'event_msg', { type: 'request_end', status: 'completed' });
    lastUsage = undefined;
  };

  for (const l of recs) {
    const p = l.payload!;
    const at = l.timestamp!;
    if (l.type === 'response_item') {
      switch (p.type) {
        case 'message': {
          const text = textOf(p.content);
          if (p.role === 'assistant') {
            begin();
            if (text) add(at, 'model_msg', { type: 'text', role: 'assistant', text });
          } else if (p.role === 'user') {
            end(at);
            if (text && !INJECTED.test(text)) add(at, 'model_msg', { type: 'text', role: 'user', text });
          }
          break;
        }
        case 'reasoning': {
          begin();
          const thinking = textOf(p.summary) || textOf(p.content);
          add(at, 'model_msg', { type: 'thinking', thinking });
          break;
        }
        case 'function_call':
        case 'custom_tool_call':
        case 'local_shell_call': {
          begin();
          const args =
            p.type === 'function_call'
              ? String(p.arguments ?? '{}')
              : JSON.stringify(p.type === 'custom_tool_call' ? { input: p.input ?? '' } : (p.action ?? {}));
          add(at, 'model_msg', {
            type: 'tool_call',
            name: String(p.name ?? (p.type === 'local_shell_call' ? 'local_shell' : '')),
            arguments: args,
            tool_call_id: String(p.call_id ?? p.id ?? ''),
          });
          break;
        }
        case 'function_call_output':
        case 'custom_tool_call_output': {
          end(at);
          const o = outputOf(p.output);
          add(at, 'model_msg', {
            type: 'tool_call_output',
            output: o.text,
            tool_call_id: String(p.call_id ?? ''),
            stop_reason: o.ok ? 'completed' : 'failed',
            ...(o.exit !== undefined ? { exit_code: o.exit } : {}),
          });
          break;
        }
        default:
          break;
      }
    } else if (l.type === 'event_msg' && p.type === 'token_count') {
      const info = p.info as { last_token_usage?: unknown; total_token_usage?: unknown } | null | undefined;
      const request = tokens(info?.last_token_usage);
      const session = tokens(info?.total_token_usage);
      if (request && session && open) lastUsage = { at, request, session };
      if (open && lastUsage) end(at);
    } else if (l.type === 'event_msg' && p.type === 'turn_aborted') {
      end(at);
      add(at, 'event_msg', { type: 'abort', reason: String(p.reason ?? 'interrupted'), by: 'user' });
    }
    prevAt = at;
  }
  end(prevAt);
  return { messages: out };
}
