// The global list of pending approvals (all sessions), opened from the top bar's badge.
import { useNav } from '../../app/nav.js';
import { useChat } from '../chat/store.js';
import { ApprovalCard } from './ApprovalCard.js';
import { ordered } from './reducer.js';
import { useApprovals } from './store.js';

export function PendingList() {
  const pending = useApprovals((s) => s.pending);
  const error = useApprovals((s) => s.error);
  const list = ordered(pending);
  const { go, togglePending } = useNav();
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
            aria-label={`Go to session ${p.sessionId}`}
            onClick={() => {
              void useChat.getState().openSession(p.sessionId);
              go('chat');
            }}
          >
            {p.sessionId}
          </button>
          <ApprovalCard p={p} compact />
        </div>
      ))}
    </aside>
  );
}
