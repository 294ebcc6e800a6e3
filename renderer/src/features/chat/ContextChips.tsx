// The session header's context meter (tokens in context / window, amber near the compaction threshold) and the
// badge of the project instruction files in the system prompt, whose list (with tokens) opens on click.
// Presentation only: the numbers come from useSessionContext and the transcript.
import { useEffect, useRef, useState } from 'react';
import { meterOf, useSessionContext } from './context.js';
import { formatTokens, type Transcript } from './transcript.js';

export function ContextMeter({ sessionId, transcript }: { sessionId: string; transcript?: Transcript }) {
  const host = useSessionContext((s) => s.bySession[sessionId]);
  const load = useSessionContext((s) => s.load);
  useEffect(() => {
    void load(sessionId);
  }, [sessionId, load]);
  const m = meterOf(host, transcript);
  if (!m) return null;
  const title =
    "tokens in context (the last request's prompt) / the model's context window" +
    (m.threshold ? `; compacts automatically at ${formatTokens(m.threshold)} tokens` : '');
  return (
    <span className={`chip context${m.near ? ' near' : ''}`} title={title} data-testid="context-meter">
      {formatTokens(m.tokens)}
      {m.window ? ` / ${formatTokens(m.window)}` : ' in context'}
    </span>
  );
}

export function InstructionsBadge({ sessionId }: { sessionId: string }) {
  const files = useSessionContext((s) => s.bySession[sessionId]?.instructions);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  if (!files?.length) return null;
  const total = files.reduce((n, f) => n + f.tokens, 0);
  const label = files.length === 1 ? files[0]!.file : `${files.length} instruction files`;
  return (
    <span className="instructions-badge" ref={box}>
      <button
        className="chip"
        data-testid="instructions-badge"
        aria-expanded={open}
        aria-label={`Project instructions: ${files.map((f) => f.file).join(', ')}`}
        title={files.map((f) => `${f.file} · ~${formatTokens(f.tokens)} tokens`).join('\n')}
        onClick={() => setOpen(!open)}
      >
        {label}
      </button>
      {open && (
        <div className="popover" role="dialog" aria-label="Project instructions" data-testid="instructions-list">
          <p className="muted small">In the system prompt of every request, and again after a compaction:</p>
          <ul>
            {files.map((f) => (
              <li key={f.file}>
                <code>{f.file}</code> · ~{formatTokens(f.tokens)} tokens
              </li>
            ))}
          </ul>
          {files.length > 1 && <p className="muted small">~{formatTokens(total)} tokens in all</p>}
        </div>
      )}
    </span>
  );
}
