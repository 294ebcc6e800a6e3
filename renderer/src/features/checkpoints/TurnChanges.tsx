// "Changed files" of the open session: one row per turn that changed files (and per restore), each listing its
// files with a diff on demand, and "Restore files to before this turn" after a confirmation. The host snapshots
// before restoring, so the restore shows up here and can be undone the same way. Decides nothing by itself.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiChangedFile, ApiCheckpoint, ApiFileDiff } from '../../../../shared/api.js';
import { call, messageOf } from '../../api/client.js';

interface Loaded {
  files: ApiChangedFile[];
  diffs: ApiFileDiff[];
  truncated: boolean;
}

/** What was loaded per session: switching between sessions does not ask the host again until a task ran. */
const cache = new Map<string, { entries: ApiCheckpoint[]; changes: Record<string, Loaded> }>();

export function TurnChanges({
  projectId,
  sessionId,
  running,
}: {
  projectId: string;
  sessionId: string;
  running: boolean;
}) {
  const [entries, setEntries] = useState<ApiCheckpoint[]>(() => cache.get(sessionId)?.entries ?? []);
  const [changes, setChanges] = useState<Record<string, Loaded>>(() => cache.get(sessionId)?.changes ?? {});
  const ran = useRef(running);
  const [open, setOpen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const list = await call('checkpoints.list', { projectId, sessionId });
      setEntries(list);
      const got: Record<string, Loaded> = {};
      for (const e of list)
        if (e.endId) got[e.id] = await call('checkpoints.changes', { projectId, checkpointId: e.id });
      setChanges(got);
      cache.set(sessionId, { entries: list, changes: got });
    } catch (e) {
      setError(messageOf(e));
    }
  }, [projectId, sessionId]);

  useEffect(() => {
    const finished = ran.current && !running;
    ran.current = running;
    if (!running && (finished || !cache.has(sessionId))) void load();
  }, [running, load, sessionId]);

  const shown = entries.filter((e) => (changes[e.id]?.files.length ?? 0) > 0);
  if (!shown.length && !error && !notice) return null;

  const restore = async (e: ApiCheckpoint) => {
    const what = e.kind === 'turn' ? `before the turn "${e.title}"` : 'before that restore';
    if (
      !window.confirm(
        `Restore the project's files to how they were ${what}? The current files are saved first, so this can be undone.`,
      )
    )
      return;
    try {
      setError(null);
      await call('checkpoints.restore', { projectId, checkpointId: e.id, sessionId });
      setNotice(`Files restored to ${what}. The restore is listed below and can be undone.`);
      await load();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <details className="turn-changes" data-testid="turn-changes" open>
      <summary>Changed files</summary>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {notice && <p role="status">{notice}</p>}
      <ul>
        {shown.map((e) => {
          const c = changes[e.id]!;
          return (
            <li key={e.id} data-checkpoint-id={e.id} data-kind={e.kind}>
              <div className="row">
                <strong>{e.kind === 'turn' ? e.title || 'turn' : 'Restore'}</strong>
                <span className="muted">{new Date(e.createdAt).toLocaleTimeString()}</span>
                <span className="spacer" />
                <button
                  aria-label={`Show diff of ${e.kind === 'turn' ? e.title : 'the restore'}`}
                  onClick={() => setOpen(open === e.id ? null : e.id)}
                >
                  {open === e.id ? 'Hide diff' : 'Diff'}
                </button>
                <button
                  className="danger"
                  disabled={running}
                  aria-label={e.kind === 'turn' ? `Restore files to before ${e.title}` : 'Undo this restore'}
                  onClick={() => void restore(e)}
                >
                  {e.kind === 'turn' ? 'Restore files to before this turn' : 'Undo this restore'}
                </button>
              </div>
              <ul className="files">
                {c.files.map((f) => (
                  <li key={f.path} data-status={f.status}>
                    <span className="chip">{f.status}</span> <code>{f.path}</code>
                  </li>
                ))}
              </ul>
              {e.skipped.length > 0 && <p className="muted">Not saved (too large): {e.skipped.join(', ')}</p>}
              {open === e.id && (
                <pre className="diff" data-testid="diff">
                  {c.diffs
                    .flatMap((d) => [`--- ${d.path}`, ...d.hunks.flatMap((h) => [h.header, ...h.lines])])
                    .join('\n')}
                  {c.truncated ? '\n… (diff cut)' : ''}
                </pre>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
