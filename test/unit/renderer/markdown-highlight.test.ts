// Markdown's code highlighting: still applied, and rehype-highlight's plugin function (which registers lowlight's
// grammars, several ms each time) runs once however often Markdown renders — react-markdown calls plugin functions
// at every render, and a streamed answer re-renders its Markdown every 150 ms.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

const built = vi.hoisted(() => ({ count: 0 }));
vi.mock('rehype-highlight', async (importOriginal) => {
  const real = (await importOriginal<typeof import('rehype-highlight')>()).default;
  return {
    default: (...args: Parameters<typeof real>) => {
      built.count++;
      return real(...args);
    },
  };
});

const { Markdown } = await import('../../../renderer/src/features/chat/Markdown.js');

describe('Markdown code highlighting', () => {
  it('highlights fenced code and builds the highlighter once for many renders', () => {
    for (let i = 0; i < 5; i++) {
      const html = renderToString(createElement(Markdown, { text: `\`\`\`ts\nconst n${i} = ${i};\n\`\`\`` }));
      expect(html).toContain('<span class="hljs-keyword">const</span>');
      expect(html).toContain(`n${i}`);
    }
    expect(built.count).toBe(1);
  });
  it('leaves code without a language unhighlighted (no guessing)', () => {
    const html = renderToString(createElement(Markdown, { text: '```\nconst x = 1;\n```' }));
    expect(html).not.toContain('hljs-keyword');
    expect(html).toContain('const x = 1;');
  });
});
