// Builders for OmniMessages: the only place that stamps timestamps and envelopes. Pure; no I/O.
import type {
  EventMessage,
  EventPayload,
  ModelMessage,
  ModelMsgPayload,
  OmniMessage,
  SessionMetaMessage,
  SessionMetaPayload,
  StopReason,
  TextPayload,
  ToolCallOutputPayload,
  ToolCallPayload,
  TokenCounts,
} from './types.js';

const now = (): string => new Date().toISOString();

export function modelMsg<P extends ModelMsgPayload>(payload: P, origin?: string[]): ModelMessage<P> {
  const m: ModelMessage<P> = { timestamp: now(), type: 'model_msg', payload };
  if (origin && origin.length) m.origin = origin;
  return m;
}

export function eventMsg<P extends EventPayload>(payload: P, origin?: string[]): EventMessage<P> {
  const m: EventMessage<P> = { timestamp: now(), type: 'event_msg', payload };
  if (origin && origin.length) m.origin = origin;
  return m;
}

export function sessionMeta(payload: SessionMetaPayload): SessionMetaMessage {
  return { timestamp: now(), type: 'session_meta', payload };
}

export const userText = (text: string, sender?: string): ModelMessage<TextPayload> =>
  modelMsg({ type: 'text', role: 'user', text, ...(sender ? { sender } : {}) });

export const assistantText = (text: string, stop_reason?: StopReason): ModelMessage<TextPayload> =>
  modelMsg({ type: 'text', role: 'assistant', text, ...(stop_reason ? { stop_reason } : {}) });

export const toolCall = (name: string, args: string, tool_call_id: string): ModelMessage<ToolCallPayload> =>
  modelMsg({ type: 'tool_call', name, arguments: args, tool_call_id });

/** Floe's own fields of a tool output: the command's exit code, who ended an aborted call. */
export type ToolOutputFields = Pick<ToolCallOutputPayload, 'exit_code' | 'aborted_by'>;

export function toolOutput(
  tool_call_id: string,
  output: string,
  stop_reason: StopReason,
  images?: string[],
  fields: ToolOutputFields = {},
): ModelMessage<ToolCallOutputPayload> {
  const p: ToolCallOutputPayload = { type: 'tool_call_output', output, tool_call_id, stop_reason };
  if (images && images.length) p.images = images;
  if (fields.exit_code !== undefined) p.exit_code = fields.exit_code;
  if (fields.aborted_by) p.aborted_by = fields.aborted_by;
  return modelMsg(p);
}

export const zeroTokens = (): TokenCounts => ({ cache_read: 0, cache_write: 0, output: 0, total: 0 });

export function addTokens(a: TokenCounts, b: TokenCounts): TokenCounts {
  return {
    cache_read: a.cache_read + b.cache_read,
    cache_write: a.cache_write + b.cache_write,
    output: a.output + b.output,
    total: a.total + b.total,
  };
}

/** Tag a message with one more outer origin hop (used when forwarding a child's messages to its parent). */
export function withOrigin<M extends OmniMessage>(msg: M, childSessionId: string): M {
  return { ...msg, origin: [childSessionId, ...(msg.origin ?? [])] };
}
