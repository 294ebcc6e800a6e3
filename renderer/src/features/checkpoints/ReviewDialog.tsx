// The review of one checkpoint entry, opened from the changed files under a turn: a modal dialog listing the
// entry's files (a jump list) and each file's coloured diff with restore per file and per hunk, plus restore of
// the whole turn (or undo of a restore). Every restore is confirmed in place; the outcome shows as a status line.
// Esc or Close closes it. Presentation only: actions go to the checkpoints store.
import { useEffect, useRef } from 'react';
import { formatTimestamp } from '../../../../shared/time-format.js';
import { InlineConfirm } from '../../app/InlineConfirm.js';
import { DiffView } from './DiffView.js';
import { pathsOf, useCheckpoints } from './store.js';
import './review.css';

export function ReviewDialog({ running }: { running: boolean }) {
  const review = useCheckpoints((s) => s.review);
  const session = useCheckpoints((s) => (s.review ? s.bySession[s.review.sessionId] : undefined));
  const notice = useCheckpoints((s) => s.notice);
  const busy = useCheckpoints((s) => s.busy);
  const { closeReview, restore } = useCheckpoints.getState();
  const ref = useRef<HTMLDialogElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const entry = review && session?.entries.find((e) => e.id === review.entryId);
  const changes = entry ? session?.changes[entry.id] : undefined;

  useEffect(() => {
    const d = ref.current;
    if (d && entry && !d.open) d.showModal();
  }, [entry]);
  // scroll to the file it was opened for
  useEffect(() => {
    if (!review?.path || !changes) return;
    const el = [...(body.current?.querySelectorAll<HTMLElement>('.file-diff') ?? [])].find(
      (x) => x.dataset.path === review.path,
    );
    el?.scrollIntoView({ block: 'start' });
  }, [review?.path, review?.entryId, changes]);

  if (!review || !entry || !session) return null;
  const sessionId = review.sessionId;
  const turn = entry.kind === 'turn';
  const title = turn ? entry.title || 'the turn' : entry.title;
  const locked = running || busy;
  const files = changes?.diffs ?? [];
  const added = files.reduce((n, f) => n + f.added, 0);
  const removed = files.reduce((n, f) => n + f.removed, 0);
  const shown = notice && notice.sessionId === sessionId ? notice : null;

  return (
    <dialog
      ref={ref}
      className="review"
      aria-labelledby="review-title"
      onClose={closeReview}
      onCancel={(e) => {
        // Esc inside an open inline confirmation only cancels that
        if ((e.target as HTMLElement).closest?.('.inline-confirm')) e.preventDefault();
      }}
    >
      <header className="review-head">
        <div className="review-title">
          <h2 id="review-title">{turn ? `Changes of “${title}”` : title}</h2>
          <span className="muted">
            {formatTimestamp(entry.endedAt ?? entry.createdAt)} · {files.length} file
            {files.length === 1 ? '' : 's'} <span className="count add">+{added}</span>{' '}
            <span className="count del">−{removed}</span>
          </span>
        </div>
        <span className="spacer" />
        {turn ? (
          <InlineConfirm
            className="danger"
            disabled={locked}
            question={`Put every file back as it was before “${title}”? The current files are saved first, so this can be undone.`}
            confirmLabel="Restore all files"
            onConfirm={() => void restore(sessionId, entry)}
          >
            Restore all files to before this turn
          </InlineConfirm>
        ) : (
          <InlineConfirm
            className="danger"
            disabled={locked}
            question="Put the files back as they were before this restore?"
            confirmLabel="Undo restore"
            onConfirm={() => void restore(sessionId, entry, entry.partial ? pathsOf(changes) : undefined)}
          >
            Undo this restore
          </InlineConfirm>
        )}
        <button className="ghost" aria-label="Close the review" onClick={() => ref.current?.close()}>
          ✕
        </button>
      </header>
      {running && <p className="muted review-state">A task is running: restores wait until it ends.</p>}
      {busy && <p className="muted review-state">Restoring… (the files are saved first)</p>}
      {shown && (
        <p
          className={shown.error ? 'error review-state' : 'ok-text review-state'}
          role={shown.error ? 'alert' : 'status'}
        >
          {shown.text}
        </p>
      )}
      <div className="review-main">
        <nav className="review-files" aria-label="Files of this change">
          <ul>
            {files.map((f) => (
              <li key={f.path}>
                <button
                  className="ghost small"
                  aria-current={review.path === f.path ? 'true' : undefined}
                  onClick={() => useCheckpoints.getState().openReview(sessionId, entry.id, f.path)}
                >
                  <span className={`st st-${f.status}`}>{f.status[0]!.toUpperCase()}</span> <code>{f.path}</code>
                </button>
              </li>
            ))}
          </ul>
          {entry.skipped.length > 0 && <p className="muted small">Not saved (too large): {entry.skipped.join(', ')}</p>}
        </nav>
        <div className="review-diffs" ref={body}>
          {files.map((f) => (
            <DiffView key={f.path} sessionId={sessionId} entry={entry} diff={f} locked={locked} />
          ))}
        </div>
      </div>
    </dialog>
  );
}
