// The open session's title with in-place rename (Rename → field; Enter saves, Esc cancels). Presentation plus
// one store action.
import { useState } from 'react';
import { useChat } from './store.js';

export function SessionTitle({ id, title }: { id: string; title: string }) {
  const rename = useChat((s) => s.rename);
  const [draft, setDraft] = useState<string | null>(null);
  if (draft !== null) {
    return (
      <form
        className="rename"
        onSubmit={async (e) => {
          e.preventDefault();
          if (await rename(id, draft)) setDraft(null);
        }}
      >
        <input
          aria-label="Session title"
          value={draft}
          autoFocus
          maxLength={200}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && setDraft(null)}
        />
        <button type="submit" className="small primary" aria-label="Save title">
          Save
        </button>
      </form>
    );
  }
  return (
    <>
      <h2 title={id}>{title || 'New session'}</h2>
      <button
        className="small ghost"
        aria-label="Rename session"
        title="Rename this session"
        onClick={() => setDraft(title)}
      >
        ✎
      </button>
    </>
  );
}
