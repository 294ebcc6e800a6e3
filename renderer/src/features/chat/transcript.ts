// The chat transcript as a pure, incremental reducer: OmniMessages (partials included, from the live stream or
// a trace) → display items (user/assistant text, thinking, tool-call cards with live output, subagent cards
// holding the child's own transcript by `origin`, request badges, markers). What each message means is read by
// the shared interpreter (shared/omni/interpret.ts); this file only folds the facts into items. No I/O, no React,
// no timers.
import { callTarget, keyArgument } from '../../../../shared/omni/call-args.js';
import { SUMMARY_SENDER, stripSummaryHeader } from '../../../../shared/omni/summary.js';
import { interpret, toolOutcome, type FactOf } from '../../../../shared/omni/interpret.js';
import { formatDuration } from '../../../../shared/time-format.js';
import type {
  AbortedBy,
  Decision,
  DecidedBy,
  OmniMessage,
  StopReason,
  TokenCounts,
} from '../../../../shared/omni/types.js';

interface BaseItem {
  key: string;
  ts: string;
}
export interface UserItem extends BaseItem {
  kind: 'user';
  text: string;
}
export interface AssistantItem extends BaseItem {
  kind: 'assistant';
  text: string;
  streaming: boolean;
  stopReason?: StopReason;
}
interface ThinkingItem extends BaseItem {
  kind: 'thinking';
  text: string;
  streaming: boolean;
}
export interface ToolItem extends BaseItem {
  kind: 'tool';
  toolCallId: string;
  name: string;
  /** argument JSON as the model produced it (grows while streaming) */
  args: string;
  argsComplete: boolean;
  output: string;
  /** output complete (a tool_call_output arrived) */
  done: boolean;
  stopReason?: StopReason;
  /** from the output: the command's exit code, who ended an aborted call */
  exitCode?: number;
  abortedBy?: AbortedBy;
  images?: string[];
  endedAt?: string;
  decision?: Decision;
  decidedBy?: DecidedBy;
  /** the approval rule(s) that decided */
  rule?: string;
  decidedAt?: string;
  /** resolved target tool (execute_extra_tool → its target), from approval_decision.tool_name */
  target?: string;
  /** what the sandbox refused this call's command (sandbox_violation events), each target once */
  violations?: Violation[];
}
export interface Violation {
  what: 'network' | 'write';
  /** the domain or the path */
  target: string;
  /** a refused write: the folder "Allow writing <folder> in this project" would open */
  folder?: string;
  message: string;
  /** known exactly (the proxy refused it), not read from the output */
  exact: boolean;
}
export interface SubagentItem extends BaseItem {
  kind: 'subagent';
  sessionId: string;
  child: Transcript;
}
export interface RequestItem extends BaseItem {
  kind: 'request';
  n: number;
  status?: StopReason;
  error?: string;
  attempt?: number;
  retryInMs?: number;
  endedAt?: string;
  durationMs?: number;
  tokens?: TokenCounts;
}
interface MarkerItem extends BaseItem {
  kind: 'marker';
  tone: 'info' | 'warn' | 'error';
  label: string;
}
interface ImageItem extends BaseItem {
  kind: 'image';
  src: string;
}
export type Item =
  UserItem | AssistantItem | ThinkingItem | ToolItem | SubagentItem | RequestItem | MarkerItem | ImageItem;

/**
 * One session's reduced transcript. It is incremental and single-owner: `reduceMessage` grows `items`, `view` and
 * their position maps in place and returns a new Transcript object (so React and zustand see a change), which makes
 * appending a message O(1) whatever the length. The previous Transcript's arrays are that same storage: keep only the
 * newest one (the store does). Items themselves are never mutated: a changed item is a new object, so a memoized
 * item view re-renders only when its own item changed.
 */
export interface Transcript {
  /** items in the order they were made */
  items: Item[];
  /** item key → position in `items` */
  pos: Map<string, number>;
  /** display order: each request's metadata as a footer after what it produced (the same as withFooters(items)) */
  view: Item[];
  /** item key → position in `view` */
  viewPos: Map<string, number>;
  /** the request item kept last in `view` until the next request or user message */
  held?: string;
  /** open streaming drafts: 'text' | 'thinking' → item key */
  drafts: { text?: string; thinking?: string };
  requests: number;
  lastRequest?: string;
  seq: number;
  sessionTokens?: TokenCounts;
  /** context meter: the last request's prompt tokens (0 after a compaction) and the model's window */
  contextTokens?: number;
  contextWindow?: number;
  /** error message of the latest request_end when its status is auth (any later request_end clears it) */
  auth?: string;
  lastTs?: string;
  /** session_meta records seen: more than one means the trace went on in a new part after a compaction */
  parts?: number;
  /**
   * between a later part's session_meta and its first request: the compacted context copied into the part, whose
   * messages are already shown (only the summary is new)
   */
  opening?: boolean;
  /**
   * during the opening: shown user/assistant/thinking items by kind and text, in order, that no copy has stood for
   * yet (each shown item stands for one copy)
   */
  uncopied?: Map<string, string[]>;
}

// every field present from the start: one object shape, so the per-message copy stays a fast copy
export const emptyTranscript = (): Transcript => ({
  items: [],
  pos: new Map(),
  view: [],
  viewPos: new Map(),
  held: undefined,
  drafts: {},
  requests: 0,
  lastRequest: undefined,
  seq: 0,
  sessionTokens: undefined,
  contextTokens: undefined,
  contextWindow: undefined,
  auth: undefined,
  lastTs: undefined,
  parts: undefined,
  opening: undefined,
  uncopied: undefined,
});

// The helpers below change the Transcript they are given: reduceMessage hands them only the copy it made for this
// message, never the caller's object.

/** Adds an item at the end: O(1). In the view it goes before a held request footer (see withFooters). */
function append(t: Transcript, item: Item): Transcript {
  t.pos.set(item.key, t.items.length);
  t.items.push(item);
  const { view, viewPos } = t;
  if (item.kind === 'request' || item.kind === 'user' || t.held === undefined) {
    viewPos.set(item.key, view.length);
    view.push(item);
    if (item.kind === 'request') t.held = item.key;
    else if (item.kind === 'user') t.held = undefined;
    return t;
  }
  // the held request is the view's last item: the new item takes its place and the request moves after it
  const footer = view[view.length - 1]!;
  view[view.length - 1] = item;
  viewPos.set(item.key, view.length - 1);
  viewPos.set(footer.key, view.length);
  view.push(footer);
  return t;
}

/** Replaces one item by key: O(1). */
function update<I extends Item>(t: Transcript, key: string, f: (i: I) => I): Transcript {
  const at = t.pos.get(key);
  if (at === undefined) return t;
  const next = f(t.items[at] as I);
  t.items[at] = next;
  const v = t.viewPos.get(key);
  if (v !== undefined) t.view[v] = next;
  return t;
}

const toolKey = (id: string): string => `tool:${id}`;
const subKey = (id: string): string => `sub:${id}`;
const copyKey = (kind: string, text: string): string => `${kind}\u0000${text}`;

/** The shown items a later part's copied context may stand for, by kind and text (built once per part). */
function uncopiedIndex(items: readonly Item[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const i of items) {
    if (i.kind !== 'user' && i.kind !== 'assistant' && i.kind !== 'thinking') continue;
    const k = copyKey(i.kind, i.text);
    const keys = index.get(k);
    if (keys) keys.push(i.key);
    else index.set(k, [i.key]);
  }
  return index;
}

function nextKey(t: Transcript, prefix: string): [Transcript, string] {
  t.seq += 1;
  return [t, `${prefix}${t.seq}`];
}

function ensureTool(t: Transcript, id: string, ts: string, name = ''): Transcript {
  if (t.pos.has(toolKey(id))) return t;
  return append(t, {
    kind: 'tool',
    key: toolKey(id),
    ts,
    toolCallId: id,
    name,
    args: '',
    argsComplete: false,
    output: '',
    done: false,
  });
}

function marker(t: Transcript, ts: string, tone: MarkerItem['tone'], label: string): Transcript {
  const [t2, key] = nextKey(t, 'm');
  return append(t2, { kind: 'marker', key, ts, tone, label });
}

/** Folds one message into the transcript. Messages with `origin` go into the child's nested transcript. */
export function reduceMessage(t0: Transcript, m: OmniMessage): Transcript {
  if (!m || typeof m !== 'object' || !m.payload) return t0;
  const origin = Array.isArray(m.origin) ? m.origin : [];
  const t: Transcript = { ...t0, lastTs: m.timestamp };
  if (origin.length) {
    const child = origin[0]!;
    let t2 = t;
    if (!t2.pos.has(subKey(child))) {
      t2 = append(t2, {
        kind: 'subagent',
        key: subKey(child),
        ts: m.timestamp,
        sessionId: child,
        child: emptyTranscript(),
      });
    }
    const rest = origin.slice(1);
    const inner: OmniMessage = rest.length ? { ...m, origin: rest } : { ...m, origin: undefined };
    return update<SubagentItem>(t2, subKey(child), (s) => ({ ...s, child: reduceMessage(s.child, inner) }));
  }
  const f = interpret(m);
  const ts = m.timestamp;
  if (t.opening && f.kind !== 'request_begin') {
    if (f.kind === 'user' && f.sender === SUMMARY_SENDER) {
      const [t2, key] = nextKey(t, 'a');
      return append(t2, { kind: 'assistant', key, ts, text: stripSummaryHeader(f.text), streaming: false });
    }
    // a copy of a message shown from the earlier part stands for it; the same words once more are a new message
    if (f.kind === 'user' || f.kind === 'assistant' || f.kind === 'thinking') {
      const shown = t.uncopied?.get(copyKey(f.kind, f.text));
      if (shown?.length) {
        shown.shift();
        return t;
      }
    }
  }
  switch (f.kind) {
    case 'session': {
      const parts = (t.parts ?? 0) + 1;
      const t2 = { ...t, parts, opening: parts > 1, uncopied: parts > 1 ? uncopiedIndex(t.items) : undefined };
      return f.contextWindow !== undefined ? { ...t2, contextWindow: f.contextWindow } : t2;
    }
    case 'stream': {
      const draft = t.drafts[f.stream];
      if (f.event === 'start' || !draft) {
        const [t2, key] = nextKey(t, f.stream === 'text' ? 'a' : 'k');
        const t3 = append(t2, {
          kind: f.stream === 'text' ? 'assistant' : 'thinking',
          key,
          ts,
          text: f.text,
          streaming: true,
        });
        return { ...t3, drafts: { ...t3.drafts, [f.stream]: key } };
      }
      return update<AssistantItem | ThinkingItem>(t, draft, (i) => ({ ...i, text: i.text + f.text }));
    }
    case 'call_stream': {
      const t2 = ensureTool(t, f.toolCallId, ts, f.name);
      return update<ToolItem>(t2, toolKey(f.toolCallId), (i) =>
        i.argsComplete ? i : { ...i, name: f.name || i.name, args: i.args + f.args },
      );
    }
    case 'output_stream': {
      const t2 = ensureTool(t, f.toolCallId, ts);
      return update<ToolItem>(t2, toolKey(f.toolCallId), (i) => (i.done ? i : { ...i, output: i.output + f.text }));
    }
    case 'user': {
      const [t2, key] = nextKey(t, 'u');
      return append(t2, { kind: 'user', key, ts, text: f.text });
    }
    case 'assistant': {
      const stop = f.stopReason;
      if (t.drafts.text) {
        const key = t.drafts.text;
        const t2 = update<AssistantItem>(t, key, (i) => ({ ...i, text: f.text, streaming: false, stopReason: stop }));
        return { ...t2, drafts: { ...t2.drafts, text: undefined } };
      }
      const [t2, key] = nextKey(t, 'a');
      return append(t2, { kind: 'assistant', key, ts, text: f.text, streaming: false, stopReason: stop });
    }
    case 'thinking': {
      if (t.drafts.thinking) {
        const key = t.drafts.thinking;
        const t2 = update<ThinkingItem>(t, key, (i) => ({ ...i, text: f.text, streaming: false }));
        return { ...t2, drafts: { ...t2.drafts, thinking: undefined } };
      }
      const [t2, key] = nextKey(t, 'k');
      return append(t2, { kind: 'thinking', key, ts, text: f.text, streaming: false });
    }
    case 'tool_call': {
      const t2 = ensureTool(t, f.toolCallId, ts, f.name);
      return update<ToolItem>(t2, toolKey(f.toolCallId), (i) => ({
        ...i,
        name: f.name || i.name,
        args: f.args,
        argsComplete: true,
      }));
    }
    case 'tool_output': {
      const t2 = ensureTool(t, f.toolCallId, ts);
      return update<ToolItem>(t2, toolKey(f.toolCallId), (i) => ({
        ...i,
        output: f.output,
        done: true,
        stopReason: f.stopReason,
        exitCode: f.exitCode,
        abortedBy: f.abortedBy,
        images: f.images,
        endedAt: ts,
      }));
    }
    case 'image': {
      const [t2, key] = nextKey(t, 'i');
      return append(t2, { kind: 'image', key, ts, src: f.src });
    }
    case 'approval': {
      const t2 = ensureTool(t, f.toolCallId, ts);
      return update<ToolItem>(t2, toolKey(f.toolCallId), (i) => ({
        ...i,
        decision: f.decision,
        decidedBy: f.by,
        rule: f.rule,
        decidedAt: ts,
        target: f.target ?? i.target,
      }));
    }
    case 'violation': {
      const t2 = ensureTool(t, f.toolCallId, ts);
      const v: Violation = {
        what: f.what,
        target: f.target,
        ...(f.folder ? { folder: f.folder } : {}),
        message: f.message,
        exact: f.exact,
      };
      return update<ToolItem>(t2, toolKey(f.toolCallId), (i) =>
        i.violations?.some((o) => o.what === v.what && o.target === v.target)
          ? i
          : { ...i, violations: [...(i.violations ?? []), v] },
      );
    }
    case 'request_begin': {
      const n = t.requests + 1;
      // a retry of a request that produced nothing: the same line again (one retry line, not one block per attempt)
      const prev = t.items[t.items.length - 1];
      if (prev?.kind === 'request' && prev.key === t.lastRequest && prev.retryInMs !== undefined) {
        const t2 = update<RequestItem>({ ...t, requests: n, opening: false, uncopied: undefined }, prev.key, (i) => ({
          kind: 'request',
          key: i.key,
          ts,
          n,
          attempt: i.attempt,
          error: i.error, // the latest attempt's until this one ends
        }));
        return { ...t2, drafts: {} };
      }
      const key = `req${n}`;
      const t2 = append(
        { ...t, requests: n, lastRequest: key, opening: false, uncopied: undefined },
        { kind: 'request', key, ts, n },
      );
      return { ...t2, drafts: {} };
    }
    case 'request_end': {
      const fields = (i: RequestItem): RequestItem => ({
        ...i,
        status: f.status,
        error: f.error,
        attempt: f.attempt,
        retryInMs: f.retryInMs,
        endedAt: ts,
        durationMs: Math.max(0, Date.parse(ts) - Date.parse(i.ts)) || 0,
      });
      let t2 = t.lastRequest ? update<RequestItem>(t, t.lastRequest, fields) : t;
      if (f.status === 'auth') t2 = { ...t2, auth: f.error ?? 'The provider refused the credentials.' };
      else if (f.status) t2 = { ...t2, auth: undefined }; // the banner is the latest attempt's: a later end replaces it
      return t2;
    }
    case 'usage': {
      const { request, session } = f;
      const t2 =
        t.lastRequest && request ? update<RequestItem>(t, t.lastRequest, (i) => ({ ...i, tokens: request })) : t;
      const t3 = request ? { ...t2, contextTokens: Math.max(0, request.total - request.output) } : t2;
      return session ? { ...t3, sessionTokens: session } : t3;
    }
    case 'abort':
      return marker(t, ts, 'warn', abortLabel(f));
    case 'host_died':
      return marker(t, ts, 'warn', `Task ended: ${f.text}`);
    case 'model_switch':
      return marker(t, ts, 'info', f.text[0]!.toUpperCase() + f.text.slice(1));
    case 'compaction_begin':
      return marker(t, ts, 'info', 'Compacting the context…');
    case 'compaction_end':
      if (!f.ok)
        return marker(t, ts, 'warn', `Compaction failed${f.error ? ': ' + f.error : ''}; the context is unchanged`);
      return marker({ ...t, contextTokens: 0 }, ts, 'info', 'Context compacted');
    case 'mcp_end':
      return marker(
        t,
        ts,
        f.failed.length ? 'warn' : 'info',
        f.failed.length ? `MCP servers failed: ${f.failed.join(', ')}` : `MCP servers connected (${f.results.length})`,
      );
    case 'warning':
      return marker(t, ts, 'warn', `${f.source ? `${f.source}: ` : ''}${f.message}`);
    case 'subagent': {
      if (t.pos.has(subKey(f.sessionId))) return t;
      return append(t, {
        kind: 'subagent',
        key: subKey(f.sessionId),
        ts,
        sessionId: f.sessionId,
        child: emptyTranscript(),
      });
    }
    default:
      return t; // tools_ready, mcp_begin, unknown payloads
  }
}

/**
 * Display order with each request's metadata as a footer: a request item moves from where its request began to
 * after the items that request produced (up to the next request or user message).
 */
export function withFooters(items: readonly Item[]): Item[] {
  const out: Item[] = [];
  let held: Item | null = null;
  for (const it of items) {
    if (it.kind === 'request' || it.kind === 'user') {
      if (held) out.push(held);
      held = null;
      if (it.kind === 'request') {
        held = it;
        continue;
      }
    }
    out.push(it);
  }
  if (held) out.push(held);
  return out;
}

export function reduceAll(t: Transcript, ms: readonly OmniMessage[]): Transcript {
  let out = t;
  for (const m of ms) out = reduceMessage(out, m);
  return out;
}

/** Pretty-prints a JSON argument string; leaves invalid or partial JSON as it is. */
export function prettyArgs(args: string): string {
  if (!args.trim()) return '';
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}

/** The most telling single argument of a call, for the card's title line. */
export function argSummary(name: string, args: string): string {
  return keyArgument(name, args) ?? '';
}

/** The resolved target of a call: approval's tool_name, or execute_extra_tool's `tool_name` argument. */
export function targetOf(i: Pick<ToolItem, 'name' | 'args' | 'target'>): string {
  return callTarget(i.name, i.args, i.target);
}

export type ToolStatus = 'streaming' | 'waiting' | 'running' | 'ok' | 'failed' | 'denied' | 'aborted' | 'interrupted';

export function toolStatus(i: ToolItem, pending: boolean): ToolStatus {
  if (pending) return 'waiting';
  if (i.done) {
    const o = toolOutcome({ stopReason: i.stopReason, abortedBy: i.abortedBy, exitCode: i.exitCode }, i.decision);
    return o === 'error' ? 'failed' : o;
  }
  if (!i.argsComplete) return 'streaming';
  return i.decision === 'allow' ? 'running' : 'waiting';
}

/** The abort marker: the person's own Stop reads as their action; anything else names its reason. */
export function abortLabel(f: Pick<FactOf<'abort'>, 'reason' | 'byUser'>): string {
  if (f.byUser) return 'You stopped the task.';
  return `Task aborted${f.reason ? `: ${f.reason}` : ''}`;
}

/** Duration in ms between two ISO stamps, or undefined. */
export function spanMs(from: string, to: string | undefined): number | undefined {
  if (!to) return undefined;
  const d = Date.parse(to) - Date.parse(from);
  return Number.isFinite(d) ? Math.max(0, d) : undefined;
}

/** A duration in the app's one time format (traces/time.ts: 450 ms, 1.5 s, 2 m 5 s); '' for none. */
export function formatMs(ms: number | undefined): string {
  return ms === undefined ? '' : formatDuration(ms);
}

export function formatTokens(n: number | undefined): string {
  if (n === undefined) return '';
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)}k`;
  return `${(n / 1_000_000).toFixed(2)}M`;
}
