// One changed file of a checkpoint entry: a header (status, path, counts, mode notes, "Restore file") and its
// hunks, each with its header line and "Take back hunk", lines coloured and numbered (old | new). Every restore
// asks in place first (InlineConfirm). Presentation only: actions go to the checkpoints store.
import { memo } from 'react';
import type { ApiCheckpoint, ApiFileDiff } from '../../../../shared/api.js';
import { InlineConfirm } from '../../app/InlineConfirm.js';
import { numberLines } from './lines.js';
import { useCheckpoints } from './store.js';

const STATUS_LETTER: Record<ApiFileDiff['status'], string> = {
  added: 'A',
  modified: 'M',
  deleted: 'D',
  'type-changed': 'T',
};

export const DiffView = memo(function DiffView({
  sessionId,
  entry,
  diff,
  locked,
}: {
  sessionId: string;
  entry: ApiCheckpoint;
  diff: ApiFileDiff;
  /** a task runs or an action is on its way: no restores now */
  locked: boolean;
}) {
  const { restore, revertHunk } = useCheckpoints.getState();
  const turn = entry.kind === 'turn';
  const when = `before “${entry.title || 'the turn'}”`;
  return (
    <section className="file-diff" data-path={diff.path} aria-label={`Diff of ${diff.path}`}>
      <header className="file-head">
        <span className={`st st-${diff.status}`} title={diff.status} aria-label={diff.status}>
          {STATUS_LETTER[diff.status]}
        </span>
        <code className="path">{diff.path}</code>
        {diff.added > 0 && <span className="count add">+{diff.added}</span>}
        {diff.removed > 0 && <span className="count del">−{diff.removed}</span>}
        <span className="spacer" />
        {turn && (
          <InlineConfirm
            className="small"
            disabled={locked}
            label={`Restore file ${diff.path} to before this turn`}
            question={
              diff.status === 'added'
                ? `Delete ${diff.path}, which this turn made?`
                : `Put ${diff.path} back as it was ${when}?`
            }
            confirmLabel="Restore file"
            onConfirm={() => void restore(sessionId, entry, [diff.path])}
          >
            Restore file
          </InlineConfirm>
        )}
      </header>
      {diff.notes.length > 0 && <p className="file-note muted">{diff.notes.join(' → ')}</p>}
      {diff.binary && <p className="file-note muted">Binary file: no lines to show.</p>}
      {diff.tooLarge && (
        <p className="file-note muted">This diff is too long to show here; restore the file as a whole.</p>
      )}
      {diff.hunks.map((h, i) => (
        <div className="hunk" key={`${h.oldStart}:${h.newStart}:${i}`} data-hunk={i}>
          <div className="hunk-head">
            <code>{h.header}</code>
            <span className="spacer" />
            {turn && diff.hunkRevertible && (
              <InlineConfirm
                className="small"
                disabled={locked}
                label={`Take back hunk ${i + 1} of ${diff.path}`}
                question={`Take back these ${h.lines.filter((l) => l[0] === '+' || l[0] === '-').length} changed lines of ${diff.path}?`}
                confirmLabel="Take back hunk"
                onConfirm={() => void revertHunk(sessionId, entry, diff.path, i)}
              >
                Take back hunk
              </InlineConfirm>
            )}
          </div>
          <div className="lines" role="table" aria-label={`Hunk ${i + 1} of ${diff.path}`}>
            {numberLines(h).map((l, j) => (
              <div className={`line ${l.kind}`} role="row" key={j}>
                <span className="no" role="cell">
                  {l.old ?? ''}
                </span>
                <span className="no" role="cell">
                  {l.new ?? ''}
                </span>
                <span className="mark" role="cell" aria-label={l.kind === 'note' ? undefined : l.kind}>
                  {l.kind === 'added' ? '+' : l.kind === 'removed' ? '−' : ' '}
                </span>
                <span className="text" role="cell">
                  {l.text}
                </span>
              </div>
            ))}
          </div>
        </div>
      ))}
    </section>
  );
});
