// Unit tests of the history a model without vision receives (main/engine/text-only.ts): image parts become a note,
// tool outputs lose their images, everything else is untouched.
import { describe, expect, it } from 'vitest';
import { modelMsg, userText } from '../../../shared/omni/builders.js';
import { IMAGE_OMITTED_NOTE, withoutImages } from '../../../main/engine/text-only.js';

describe('withoutImages', () => {
  it('replaces image parts with a note and drops tool-output images', () => {
    const h = [
      userText('look'),
      modelMsg({ type: 'image_url', image_url: 'data:image/png;base64,AAAA' }),
      modelMsg({ type: 'inline_data', data: 'AAAA', mime_type: 'image/png' }),
      modelMsg({
        type: 'tool_call_output',
        tool_call_id: 'c1',
        output: 'an image',
        images: ['data:image/png;base64,B'],
      }),
    ];
    const out = withoutImages(h);
    expect(out.map((m) => m.payload)).toEqual([
      h[0]!.payload,
      { type: 'text', role: 'user', text: IMAGE_OMITTED_NOTE },
      { type: 'text', role: 'user', text: IMAGE_OMITTED_NOTE },
      { type: 'tool_call_output', tool_call_id: 'c1', output: 'an image' },
    ]);
    expect(out[1]!.timestamp).toBe(h[1]!.timestamp);
    expect(h[3]!.payload).toHaveProperty('images'); // the session's own history is not changed
  });
  it('returns the same history when there is no image', () => {
    const h = [userText('hi'), modelMsg({ type: 'text', role: 'assistant', text: 'yo' })];
    expect(withoutImages(h)).toBe(h);
  });
});
