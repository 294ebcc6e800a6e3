// One of the person's prompts in the transcript, with its actions (shown on hover or keyboard focus): Retry (the
// conversation before it in a new session, the same prompt sent again), Edit (the same with the edited text) and
// Fork (a new session with the conversation before it, the prompt waiting in its composer). The session it came
// from is kept as it was. Presentation and the edit field only; the work is the chat store's `branch`.
import { useState } from 'react';
import type { UserItem } from './transcript.js';
import { useChat } from './store.js';

export function UserMessage({ item }: { item: UserItem }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const branch = useChat((s) => s.branch);
  const go = async (how: 'fork' | 'retry' | 'edit', text?: string) => {
    setBusy(true);
    const ok = await branch({ ts: item.ts, text: item.text }, how, text);
    setBusy(false);
    if (ok) setEditing(null);
  };
  if (editing !== null) {
    return (
      <div className="msg user editing" data-kind="user">
        <div className="who">You — editing</div>
        <form
          className="edit-message"
          aria-label="Edit message"
          onSubmit={(e) => {
            e.preventDefault();
            void go('edit', editing);
          }}
        >
          <textarea
            aria-label="Edited message"
            autoFocus
            rows={Math.min(8, Math.max(2, editing.split('\n').length))}
            value={editing}
            onChange={(e) => setEditing(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                setEditing(null);
              } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void go('edit', editing);
              }
            }}
          />
          <div className="edit-actions">
            <span className="muted small">Sends in a new session from here; this one stays as it is.</span>
            <button type="button" className="ghost" onClick={() => setEditing(null)}>
              Cancel
            </button>
            <button type="submit" className="primary" disabled={busy || !editing.trim()}>
              Send edited
            </button>
          </div>
        </form>
      </div>
    );
  }
  return (
    <div className="msg user" data-kind="user">
      <div className="who">You</div>
      <div className="bubble">{item.text}</div>
      <div className="msg-actions" role="toolbar" aria-label="Message actions">
        <button
          type="button"
          className="small ghost"
          disabled={busy}
          aria-label="Retry from here"
          title="Send this prompt again in a new session that has the conversation before it"
          onClick={() => void go('retry')}
        >
          Retry
        </button>
        <button
          type="button"
          className="small ghost"
          disabled={busy}
          aria-label="Edit and resend"
          title="Edit this prompt and send it in a new session that has the conversation before it"
          onClick={() => setEditing(item.text)}
        >
          Edit
        </button>
        <button
          type="button"
          className="small ghost"
          disabled={busy}
          aria-label="Fork from here"
          title="A new session with the conversation before this prompt; the prompt waits in its composer"
          onClick={() => void go('fork')}
        >
          Fork
        </button>
      </div>
    </div>
  );
}
