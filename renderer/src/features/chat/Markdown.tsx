// Model text as Markdown: GFM (tables get borders in CSS) and code highlighting, code blocks with a Copy button,
// never raw HTML (react-markdown drops it without rehype-raw), links open nothing inside the app. Must not use
// dangerouslySetInnerHTML. The plugin lists are made once: react-markdown runs every plugin function at each render.
import { memo, useRef, useState, type ReactNode } from 'react';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { highlightCode } from './highlight.js';

const REMARK_PLUGINS = [remarkGfm];
const REHYPE_PLUGINS = [highlightCode];

function CodeBlock({ children, copy }: { children: ReactNode; copy: boolean }) {
  const ref = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const doCopy = async () => {
    try {
      await navigator.clipboard.writeText(ref.current?.textContent ?? '');
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
    setTimeout(() => setCopied(null), 1500);
  };
  return (
    <div className="code-block">
      <pre ref={ref}>{children}</pre>
      {copy && (
        <button className="small copy-btn" aria-label="Copy code" onClick={() => void doCopy()}>
          {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}
        </button>
      )}
    </div>
  );
}

export const Markdown = memo(function Markdown({ text, copy = true }: { text: string; copy?: boolean }) {
  return (
    <div className="md">
      <ReactMarkdown
        remarkPlugins={REMARK_PLUGINS}
        rehypePlugins={REHYPE_PLUGINS}
        skipHtml
        components={{
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noreferrer noopener">
              {children}
            </a>
          ),
          pre: ({ children }) => <CodeBlock copy={copy}>{children}</CodeBlock>,
        }}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});
