// Type guards over OmniMessages. Pure.
import type {
  CompletePayload,
  EventMessage,
  EventPayload,
  ModelMessage,
  OmniMessage,
  SessionMetaMessage,
  ToolCallOutputPayload,
  ToolCallPayload,
} from './types.js';

const COMPLETE = new Set(['text', 'thinking', 'tool_call', 'tool_call_output', 'image_url', 'inline_data']);

const ptype = (m: OmniMessage): string | undefined => (m.payload as { type?: string } | undefined)?.type;

export const isSessionMeta = (m: OmniMessage): m is SessionMetaMessage => m.type === 'session_meta';

export const isComplete = (m: OmniMessage): m is ModelMessage<CompletePayload> =>
  m.type === 'model_msg' && COMPLETE.has(ptype(m) ?? '');

export const isToolCall = (m: OmniMessage): m is ModelMessage<ToolCallPayload> =>
  m.type === 'model_msg' && ptype(m) === 'tool_call';
export const isToolOutput = (m: OmniMessage): m is ModelMessage<ToolCallOutputPayload> =>
  m.type === 'model_msg' && ptype(m) === 'tool_call_output';

export function isEvent<T extends EventPayload['type']>(
  m: OmniMessage,
  t: T,
): m is EventMessage<Extract<EventPayload, { type: T }>> {
  return m.type === 'event_msg' && ptype(m) === t;
}

/** Loose structural check for data read from files or the network. */
export function looksLikeOmniMessage(v: unknown): v is OmniMessage {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.timestamp === 'string' &&
    (o.type === 'session_meta' || o.type === 'model_msg' || o.type === 'event_msg') &&
    !!o.payload &&
    typeof o.payload === 'object'
  );
}
