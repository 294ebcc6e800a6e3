// A subagent card: the child's transcript nested (live from origin-tagged messages, or loaded from the child's
// own trace when the parent's stream did not carry it, e.g. after a reload). Collapsible.
import { useEffect, useState } from 'react';
import { call, messageOf } from '../../api/client.js';
import { ItemView } from './ItemView.js';
import { emptyTranscript, reduceAll, type SubagentItem, type Transcript } from './transcript.js';

export function SubagentCard({ item, rootId }: { item: SubagentItem; rootId: string }) {
  const [open, setOpen] = useState(true);
  const [loaded, setLoaded] = useState<Transcript | null>(null);
  const [error, setError] = useState<string | null>(null);
  const t = item.child.items.length ? item.child : loaded;
  const needLoad = open && !item.child.items.length && !loaded && !error;
  useEffect(() => {
    if (!needLoad) return;
    let live = true;
    call('sessions.transcript', { sessionId: item.sessionId }).then(
      ({ messages }) => live && setLoaded(reduceAll(emptyTranscript(), messages)),
      (e: unknown) => live && setError(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [needLoad, item.sessionId]);
  const toggle = () => setOpen(!open);
  const first = t?.items.find((i) => i.kind === 'user');
  const name = first && first.kind === 'user' ? first.text.split('\n')[0]!.slice(0, 80) : 'subagent';
  return (
    <div className="subagent-card" data-kind="subagent" data-session-id={item.sessionId}>
      <button
        className="link"
        aria-expanded={open}
        aria-label={`${open ? 'Collapse' : 'Expand'} subagent ${name}`}
        title={item.sessionId}
        onClick={toggle}
      >
        {open ? '▾' : '▸'} Subagent: {name}
      </button>
      {open && (
        <div className="subagent-body">
          {error && <p className="error">{error}</p>}
          {t?.items.map((it) => (
            <ItemView key={it.key} item={it} rootId={rootId} nested />
          ))}
          {t && !t.items.length && <p className="muted">No messages yet.</p>}
        </div>
      )}
    </div>
  );
}
