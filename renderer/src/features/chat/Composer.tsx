// The composer: prompt (Enter sends; while a task runs it steers; Alt+↑ focuses a waiting approval card), the
// approval-mode selector (applies to the next decision), and the Stop button. Must not render the transcript.
import { useState } from 'react';
import { APPROVAL_MODE, type ApiApprovalMode, type ApiSession } from '../../../../shared/api.js';
import { useChat } from './store.js';

export function Composer({ session, running }: { session: ApiSession; running: boolean }) {
  const [text, setText] = useState('');
  const { send, abort, setMode } = useChat();
  const [stopping, setStopping] = useState(false);
  const submit = () => {
    const t = text.trim();
    if (!t) return;
    setText('');
    void send(t);
  };
  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <textarea
        data-composer
        aria-label={running ? 'Steering message' : 'Prompt'}
        placeholder={running ? 'Steer the running task (delivered at the next turn)…' : 'Ask the agent…  (Enter sends, Shift+Enter new line)'}
        value={text}
        rows={3}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowUp' && e.altKey) {
            // back to the waiting approval card without the mouse
            const card = document.querySelector<HTMLElement>('.conversation .approval[data-approval-id]');
            if (card) {
              e.preventDefault();
              card.focus();
            }
            return;
          }
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <div className="composer-actions">
        <label htmlFor="mode-select">Approval</label>
        <select id="mode-select" value={session.approvalMode} onChange={(e) => void setMode(e.target.value as ApiApprovalMode)}>
          {APPROVAL_MODE.options.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        <span className="spacer" />
        {running && (
          <button
            type="button"
            className="danger"
            aria-label="Stop the task"
            disabled={stopping}
            onClick={async () => {
              setStopping(true);
              await abort();
              setStopping(false);
            }}
          >
            {stopping ? 'Stopping…' : 'Stop'}
          </button>
        )}
        <button type="submit" className="primary" aria-label={running ? 'Steer' : 'Send'} disabled={!text.trim()}>
          {running ? 'Steer' : 'Send'}
        </button>
      </div>
    </form>
  );
}
