// Converts the OmniMessage history and tool schemas into OpenAI Chat Completions request messages.
// Pure; no I/O. Replays `fidelity` (reasoning_content / reasoning) byte for byte; drops thinking that an
// openai-compatible endpoint cannot take back (e.g. anthropic-signed thinking).
import type { ToolSchema } from '../../../shared/omni/types.js';
import type { OmniMessage } from '../../../shared/omni/types.js';
import { toTurns } from '../history.js';

/** Wire shapes we produce (a subset of the SDK's ChatCompletionMessageParam, plus reasoning fields). */
type OpenAIContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };
export type OpenAIMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | OpenAIContentPart[] }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
      reasoning_content?: string;
      reasoning?: string;
    }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface OpenAITool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export function toOpenAITools(tools: ToolSchema[]): OpenAITool[] {
  return tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.parameters },
  }));
}

const imagePart = (url: string): OpenAIContentPart => ({ type: 'image_url', image_url: { url } });

export function toOpenAIMessages(system: string, messages: OmniMessage[]): OpenAIMessage[] {
  const out: OpenAIMessage[] = [];
  if (system) out.push({ role: 'system', content: system });
  for (const turn of toTurns(messages)) {
    if (turn.role === 'assistant') {
      let text = '';
      let hasText = false;
      const reasoning: Record<string, string> = {};
      const calls: NonNullable<Extract<OpenAIMessage, { role: 'assistant' }>['tool_calls']> = [];
      for (const p of turn.items) {
        if (p.type === 'text') {
          text += p.text;
          hasText = true;
        } else if (p.type === 'thinking') {
          const src = p.fidelity?.source;
          if (src === 'reasoning_content' || src === 'reasoning') reasoning[src] = (reasoning[src] ?? '') + p.thinking;
        } else if (p.type === 'tool_call') {
          calls.push({
            id: p.tool_call_id,
            type: 'function',
            function: { name: p.name, arguments: p.arguments || '{}' },
          });
        }
      }
      const msg: Extract<OpenAIMessage, { role: 'assistant' }> = {
        role: 'assistant',
        content: hasText || !calls.length ? text : null,
      };
      if (calls.length) msg.tool_calls = calls;
      if (reasoning.reasoning_content !== undefined) msg.reasoning_content = reasoning.reasoning_content;
      if (reasoning.reasoning !== undefined) msg.reasoning = reasoning.reasoning;
      out.push(msg);
      continue;
    }
    // User side: tool outputs become tool messages (in order); their images follow in ONE user message; user
    // text and images become user messages.
    let toolImages: string[] = [];
    let userParts: OpenAIContentPart[] = [];
    const flushToolImages = (): void => {
      if (!toolImages.length) return;
      out.push({ role: 'user', content: toolImages.map(imagePart) });
      toolImages = [];
    };
    const flushUser = (): void => {
      if (!userParts.length) return;
      const only = userParts.length === 1 && userParts[0]!.type === 'text' ? userParts[0]!.text : null;
      out.push({ role: 'user', content: only ?? userParts });
      userParts = [];
    };
    for (const p of turn.items) {
      if (p.type === 'tool_call_output') {
        flushUser();
        out.push({ role: 'tool', tool_call_id: p.tool_call_id, content: p.output });
        if (p.images?.length) toolImages.push(...p.images);
        continue;
      }
      flushToolImages();
      if (p.type === 'text') userParts.push({ type: 'text', text: p.text });
      else if (p.type === 'image_url') userParts.push(imagePart(p.image_url));
      else if (p.type === 'inline_data') userParts.push(imagePart(`data:${p.mime_type};base64,${p.data}`));
    }
    flushToolImages();
    flushUser();
  }
  return out;
}
