// Converts the OmniMessage history and tool schemas into Anthropic Messages API params.
// Pure; no I/O. Replays thinking signatures and redacted thinking byte for byte; drops unsigned thinking
// (the API rejects it). tool_result blocks come first in their user message, as the API requires.
import type { OmniMessage, ToolSchema } from '../../../shared/omni/types.js';
import { parseDataUrl, toTurns } from '../history.js';

type AnthropicImage = {
  type: 'image';
  source: { type: 'base64'; media_type: string; data: string } | { type: 'url'; url: string };
};
type AnthropicBlock =
  | { type: 'text'; text: string }
  | AnthropicImage
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; tool_use_id: string; content: string | ({ type: 'text'; text: string } | AnthropicImage)[] };
export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: AnthropicBlock[];
}
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

export function toAnthropicTools(tools: ToolSchema[]): AnthropicTool[] {
  return tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters }));
}

function imageBlock(url: string): AnthropicImage {
  const d = parseDataUrl(url);
  return d
    ? { type: 'image', source: { type: 'base64', media_type: d.mime, data: d.data } }
    : { type: 'image', source: { type: 'url', url } };
}

/** The API wants `input` as an object; anything else (empty, invalid JSON, an array) is sent as {}. */
function toolInput(args: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(args);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function toAnthropicMessages(messages: OmniMessage[]): AnthropicMessage[] {
  const out: AnthropicMessage[] = [];
  for (const turn of toTurns(messages)) {
    if (turn.role === 'assistant') {
      const content: AnthropicBlock[] = [];
      for (const p of turn.items) {
        if (p.type === 'thinking') {
          const f = p.fidelity ?? {};
          if (typeof f.redacted_data === 'string') content.push({ type: 'redacted_thinking', data: f.redacted_data });
          else if (typeof f.signature === 'string')
            content.push({ type: 'thinking', thinking: p.thinking, signature: f.signature });
        } else if (p.type === 'text') {
          if (p.text) content.push({ type: 'text', text: p.text });
        } else if (p.type === 'tool_call') {
          content.push({ type: 'tool_use', id: p.tool_call_id, name: p.name, input: toolInput(p.arguments) });
        }
      }
      if (content.length) out.push({ role: 'assistant', content });
      continue;
    }
    const results: AnthropicBlock[] = [];
    const rest: AnthropicBlock[] = [];
    for (const p of turn.items) {
      if (p.type === 'tool_call_output') {
        const content = p.images?.length
          ? [{ type: 'text' as const, text: p.output }, ...p.images.map(imageBlock)]
          : p.output;
        results.push({ type: 'tool_result', tool_use_id: p.tool_call_id, content });
      } else if (p.type === 'text') {
        if (p.text) rest.push({ type: 'text', text: p.text });
      } else if (p.type === 'image_url') {
        rest.push(imageBlock(p.image_url));
      } else if (p.type === 'inline_data') {
        rest.push({ type: 'image', source: { type: 'base64', media_type: p.mime_type, data: p.data } });
      }
    }
    const content = [...results, ...rest];
    if (content.length) out.push({ role: 'user', content });
  }
  // Dropped pieces can leave two same-role messages next to each other: merge them.
  const merged: AnthropicMessage[] = [];
  for (const m of out) {
    const last = merged[merged.length - 1];
    if (last && last.role === m.role) last.content.push(...m.content);
    else merged.push(m);
  }
  return merged;
}
