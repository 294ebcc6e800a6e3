// Code highlighting for Markdown: rehype-highlight without language guessing, built once per page. Its plugin
// function registers lowlight's common grammars (~37 languages, a few ms each time, ~14 ms on a loaded machine) and
// react-markdown calls a plugin function at every render — a streamed answer re-renders its Markdown every 150 ms —
// so the transformer it returns is made on first use and shared. No React here.
import rehypeHighlight from 'rehype-highlight';

type Transformer = ReturnType<typeof rehypeHighlight>;

let shared: Transformer | undefined;

/** A rehype plugin: the shared highlighting transformer (made on the first call). */
export function highlightCode(): Transformer {
  return (shared ??= rehypeHighlight({ detect: false }));
}
