// The conversation as a model without vision may receive it: after a switch from a vision model, earlier image
// parts (and images in tool outputs) are replaced by a short note in the user's words, so the request is still
// valid and the model knows something was there. Pure; returns the history unchanged when it holds no image.
import type { OmniMessage } from '../../shared/omni/types.js';

export const IMAGE_OMITTED_NOTE = '[an image was attached here; the current model cannot see images]';

export function withoutImages(history: OmniMessage[]): OmniMessage[] {
  let changed = false;
  const out = history.map((m) => {
    if (m.type !== 'model_msg') return m;
    const p = m.payload as { type?: string; images?: unknown };
    if (p.type === 'image_url' || p.type === 'inline_data') {
      changed = true;
      return { ...m, payload: { type: 'text', role: 'user', text: IMAGE_OMITTED_NOTE } } as OmniMessage;
    }
    if (p.type === 'tool_call_output' && Array.isArray(p.images) && p.images.length) {
      changed = true;
      const { images: _dropped, ...rest } = m.payload as unknown as Record<string, unknown>;
      return { ...m, payload: rest } as unknown as OmniMessage;
    }
    return m;
  });
  return changed ? out : history;
}
