// The global list of pending approvals (all sessions, named by their titles), opened from the top bar's badge;
// "Go to session" opens the session's project and session at the card.
import { useEffect, useState } from 'react';
import type { ApiPendingApproval } from '../../../../shared/api.js';
import { call } from '../../api/client.js';
import { useNav } from '../../app/nav.js';
import { useProjects } from '../projects/store.js';
import { useChat } from '../chat/store.js';
import { ApprovalCard } from './ApprovalCard.js';
import { ordered } from './reducer.js';
import { useApprovals } from './store.js';

/** Opens the approval's session (and its project) in the chat, scrolled to the card. */
async function goToSession(p: ApiPendingApproval): Promise<void> {
  try {
    const s = await call('sessions.get', { sessionId: p.sessionId });
    if (s.projectId && useProjects.getState().currentId !== s.projectId) await useProjects.getState().open(s.projectId);
    if (s.projectId) await useChat.getState().loadSessions(s.projectId);
  } catch {
    /* the chat shows what it can */
  }
  useApprovals.getState().setReveal(p.id);
  await useChat.getState().openSession(p.sessionId);
  useNav.getState().togglePending(false);
  useNav.getState().go('chat');
}

export function PendingList() {
  const pending = useApprovals((s) => s.pending);
  const error = useApprovals((s) => s.error);
  const list = ordered(pending);
  const togglePending = useNav((s) => s.togglePending);
  const titles = useChat((s) => s.sessions);
  const [known, setKnown] = useState<Record<string, string>>({});
  const missing = list
    .map((p) => p.sessionId)
    .filter((id) => !titles.some((x) => x.id === id) && known[id] === undefined);
  const missingKey = [...new Set(missing)].join(',');
  useEffect(() => {
    if (!missingKey) return;
    for (const id of missingKey.split(',')) {
      call('sessions.get', { sessionId: id }).then(
        (s) => setKnown((k) => ({ ...k, [id]: s.title })),
        () => setKnown((k) => ({ ...k, [id]: '' })),
      );
    }
  }, [missingKey]);
  const titleOf = (id: string) => titles.find((x) => x.id === id)?.title || known[id] || 'untitled session';
  return (
    <aside className="pending-list" aria-label="Pending approvals">
      <div className="row">
        <h2>Pending approvals ({list.length})</h2>
        <span className="spacer" />
        <button aria-label="Close pending approvals" onClick={() => togglePending(false)}>
          Close
        </button>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {list.length === 0 && <p className="empty">Nothing is waiting for you.</p>}
      {list.map((p) => (
        <div key={p.id} className="pending-item">
          <button
            className="link"
            aria-label={`Go to session ${titleOf(p.sessionId)}`}
            onClick={() => void goToSession(p)}
          >
            {titleOf(p.sessionId)}
          </button>
          <ApprovalCard p={p} compact />
        </div>
      ))}
    </aside>
  );
}
