// The Review of a session in its own worktree (issue 22): its changed files against the base with added/deleted
// lines, one file's diff at a time with a comment box, overlaps and conflicts with the base and other sessions,
// comments sent to the session, merge (squash or rebase) into the base, and removing the worktree. Calls the
// worktrees.* API; must not run git or hold other features' state.
import { useCallback, useEffect, useState } from 'react';
import type { ApiOverlap, ApiReviewComment, ApiWorktree, ApiWorktreeFile } from '../../../../shared/api-worktrees.js';
import { call, messageOf } from '../../api/client.js';
import { InlineConfirm } from '../../app/InlineConfirm.js';
import { useWorktrees } from './store.js';

const signed = (n: number | null, c: string) => (n === null ? 'binary' : `${c}${n}`);

export function ReviewPanel({
  sessionId,
  worktree,
  running,
}: {
  sessionId: string;
  worktree: ApiWorktree;
  running: boolean;
}) {
  const refreshList = useWorktrees((s) => s.refresh);
  const [files, setFiles] = useState<ApiWorktreeFile[] | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [patch, setPatch] = useState('');
  const [comments, setComments] = useState<Record<string, string>>({});
  const [check, setCheck] = useState<{ overlaps: ApiOverlap[]; conflicts: string[]; baseAhead: number } | null>(null);
  const [strategy, setStrategy] = useState<'squash' | 'rebase'>('squash');
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const [d, c] = await Promise.all([call('worktrees.diff', { sessionId }), call('worktrees.check', { sessionId })]);
      setFiles(d.files);
      setCheck(c);
      setError(null);
    } catch (e) {
      setError(messageOf(e));
    }
  }, [sessionId]);

  useEffect(() => {
    if (!running) void load();
  }, [running, load]);

  useEffect(() => {
    if (!open) return;
    let live = true;
    call('worktrees.diff', { sessionId, file: open })
      .then((d) => live && setPatch(d.patch))
      .catch((e: unknown) => live && setError(messageOf(e)));
    return () => {
      live = false;
    };
  }, [open, sessionId, files]);

  async function act(what: () => Promise<string>): Promise<void> {
    setBusy(true);
    setNote(null);
    try {
      setNote(await what());
      setError(null);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  const written: ApiReviewComment[] = Object.entries(comments)
    .filter(([, t]) => t.trim())
    .map(([path, text]) => ({ path, text }));
  const overlapOf = (p: string) => check?.overlaps.find((o) => o.path === p);

  return (
    <section className="review" aria-label="Review">
      <header className="review-head">
        <strong>Review</strong>
        <span className="muted small">
          {worktree.branch} → {worktree.base} · ports {worktree.portBase}–{worktree.portBase + 9}
        </span>
        <button className="small ghost" disabled={running || busy} onClick={() => void load()}>
          Refresh
        </button>
      </header>
      {running && <p className="muted small">The session is running; review it when the task ends.</p>}
      {error && (
        <p className="banner error" role="alert">
          {error}
        </p>
      )}
      {note && (
        <p className="banner" role="status">
          {note}
        </p>
      )}
      {files && files.length === 0 && <p className="muted small">No changes against {worktree.base} yet.</p>}
      {check && (check.overlaps.length > 0 || check.conflicts.length > 0) && (
        <p className="banner warn" role="status" data-testid="review-overlaps">
          {check.conflicts.length > 0 ? `Conflicts with ${worktree.base}: ${check.conflicts.join(', ')}. ` : ''}
          Overlaps:{' '}
          {check.overlaps
            .map((o) => `${o.path} (${o.with.map((w) => (w === 'base' ? worktree.base : w)).join(', ')})`)
            .join('; ')}
        </p>
      )}
      {files && files.length > 0 && (
        <ul className="review-files">
          {files.map((f) => (
            <li key={f.path} className={open === f.path ? 'open' : ''}>
              <button
                className="link"
                aria-expanded={open === f.path}
                aria-label={`Diff of ${f.path}`}
                onClick={() => setOpen(open === f.path ? null : f.path)}
              >
                <span className={`file-status ${f.status}`}>{f.status}</span> {f.path}
              </button>
              <span className="muted small">
                {' '}
                {signed(f.additions, '+')} {signed(f.deletions, '-')}
                {overlapOf(f.path) ? ' · overlap' : ''}
              </span>
              {open === f.path && (
                <div className="review-file">
                  <pre className="diff" data-testid="review-diff">
                    {patch}
                  </pre>
                  <textarea
                    aria-label={`Comment on ${f.path}`}
                    placeholder="A comment for the agent about this file"
                    value={comments[f.path] ?? ''}
                    onChange={(e) => setComments({ ...comments, [f.path]: e.target.value })}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="review-actions">
        <button
          disabled={busy || written.length === 0}
          onClick={() =>
            void act(async () => {
              const r = await call('worktrees.comment', { sessionId, comments: written });
              setComments({});
              return r.sent === 'run' ? 'Comments sent; the session is working on them.' : 'Comments queued.';
            })
          }
        >
          Send comments ({written.length})
        </button>
        <label className="small">
          <span className="muted">Merge as</span>{' '}
          <select
            aria-label="Merge strategy"
            value={strategy}
            onChange={(e) => setStrategy(e.target.value as 'squash' | 'rebase')}
          >
            <option value="squash">one squashed commit</option>
            <option value="rebase">rebased commits</option>
          </select>
        </label>
        <button
          className="primary"
          disabled={busy || running || !files?.length}
          onClick={() =>
            void act(async () => {
              const r = await call('worktrees.merge', { sessionId, strategy });
              await refreshList();
              if (r.status === 'merged') return `Merged into ${worktree.base} (${r.commit.slice(0, 12)}).`;
              return `Not merged: ${r.conflicts.join(', ')} conflict with ${worktree.base}.${r.offered ? ' The session was asked to resolve them.' : ''}`;
            })
          }
        >
          Merge into {worktree.base}
        </button>
        <InlineConfirm
          className="ghost"
          disabled={busy || running}
          question={`Remove the worktree and branch ${worktree.branch}? Unmerged changes are lost.`}
          confirmLabel="Remove worktree"
          onConfirm={() =>
            void act(async () => {
              await call('worktrees.remove', { sessionId });
              await refreshList();
              return 'Worktree removed.';
            })
          }
        >
          Remove worktree
        </InlineConfirm>
      </div>
    </section>
  );
}
