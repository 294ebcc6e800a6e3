// Splits a complete model_msg history into alternating turns (consecutive assistant pieces = one assistant turn;
// user text/images and tool outputs = user-side turns). Shared by both providers' converters.
// Pure; ignores partials, events and anything it does not know. Must not build any wire format.
import type { CompletePayload, OmniMessage } from '../../shared/omni/types.js';

export interface Turn {
  role: 'user' | 'assistant';
  items: CompletePayload[];
}

const COMPLETE = new Set(['text', 'thinking', 'tool_call', 'tool_call_output', 'image_url', 'inline_data']);

function sideOf(p: CompletePayload): 'user' | 'assistant' {
  if (p.type === 'text') return p.role;
  if (p.type === 'thinking' || p.type === 'tool_call') return 'assistant';
  return 'user';
}

export function toTurns(messages: OmniMessage[]): Turn[] {
  const turns: Turn[] = [];
  for (const m of messages) {
    if (m.type !== 'model_msg') continue;
    const p = m.payload as CompletePayload;
    if (!p || !COMPLETE.has(p.type)) continue;
    const role = sideOf(p);
    const last = turns[turns.length - 1];
    if (last && last.role === role) last.items.push(p);
    else turns.push({ role, items: [p] });
  }
  return turns;
}

/** `data:<mime>;base64,<data>` → parts, or null when the string is not a base64 data URL. */
export function parseDataUrl(url: string): { mime: string; data: string } | null {
  const m = /^data:([^;,]+)(?:;[^;,]*)*;base64,(.*)$/s.exec(url);
  return m ? { mime: m[1]!, data: m[2]! } : null;
}
