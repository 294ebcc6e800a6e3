// Under a turn of the chat transcript: the files that turn changed (and the restores made after it), compact —
// one line per file with its status and counts, each opening the review at its diff — with restore of the whole
// turn or undo of a restore, confirmed in place. Shown only at the end of a turn (entriesAt). Presentation only.
import type { ApiCheckpoint } from '../../../../shared/api.js';
import { InlineConfirm } from '../../app/InlineConfirm.js';
import { entriesAt } from './lines.js';
import { pathsOf, useCheckpoints } from './store.js';
import './review.css';

interface ViewItem {
  kind: string;
  ts: string;
}

export function TurnFiles({ view, index, sessionId }: { view: readonly ViewItem[]; index: number; sessionId: string }) {
  const session = useCheckpoints((s) => s.bySession[sessionId]);
  if (!session) return null;
  const here = entriesAt(view, index, session.entries).filter((e) => (session.changes[e.id]?.diffs.length ?? 0) > 0);
  if (!here.length) return null;
  return (
    <div className="turn-files-list">
      {here.map((e) => (
        <EntryFiles key={e.id} sessionId={sessionId} entry={e} />
      ))}
    </div>
  );
}

function EntryFiles({ sessionId, entry }: { sessionId: string; entry: ApiCheckpoint }) {
  const changes = useCheckpoints((s) => s.bySession[sessionId]?.changes[entry.id]);
  const busy = useCheckpoints((s) => s.busy);
  const running = useCheckpoints((s) => s.running[sessionId] ?? false);
  const { openReview, restore } = useCheckpoints.getState();
  const files = changes?.diffs ?? [];
  const turn = entry.kind === 'turn';
  const name = turn ? entry.title || 'this turn' : entry.title;
  return (
    <section
      className={`turn-files ${turn ? 'is-turn' : 'is-restore'}`}
      data-testid="turn-files"
      data-kind={entry.kind}
      data-checkpoint-id={entry.id}
      aria-label={turn ? `Files changed by ${name}` : `Files changed by the restore: ${name}`}
    >
      <div className="tf-head">
        <span className="tf-title">
          {turn ? 'Changed files' : `↺ ${name}`}
          <span className="muted">
            {' '}
            · {files.length} file{files.length === 1 ? '' : 's'}
          </span>
        </span>
        <span className="tf-actions">
          <button
            className="small"
            aria-label={`Review the changes of ${turn ? name : 'the restore'}`}
            onClick={() => openReview(sessionId, entry.id)}
          >
            Review
          </button>
          {turn ? (
            <InlineConfirm
              className="small danger"
              disabled={busy || running}
              label={`Restore files to before ${name}`}
              question="Put every file back as it was before this turn? (Saved first: it can be undone.)"
              confirmLabel="Restore all files"
              onConfirm={() => void restore(sessionId, entry)}
            >
              Restore…
            </InlineConfirm>
          ) : (
            <InlineConfirm
              className="small"
              disabled={busy || running}
              label="Undo this restore"
              question="Put the files back as they were before this restore?"
              confirmLabel="Undo restore"
              onConfirm={() => void restore(sessionId, entry, entry.partial ? pathsOf(changes) : undefined)}
            >
              Undo
            </InlineConfirm>
          )}
        </span>
      </div>
      <ul className="tf-files">
        {files.map((f) => (
          <li key={f.path} data-status={f.status}>
            <button
              className="tf-file"
              title={`Open the diff of ${f.path}`}
              onClick={() => openReview(sessionId, entry.id, f.path)}
            >
              <span className={`st st-${f.status}`} aria-hidden="true">
                {f.status[0]!.toUpperCase()}
              </span>
              <code className="path">{f.path}</code>
              <span className="sr-only"> {f.status}</span>
              {f.added > 0 && <span className="count add">+{f.added}</span>}
              {f.removed > 0 && <span className="count del">−{f.removed}</span>}
              {f.binary && <span className="muted small">binary</span>}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
