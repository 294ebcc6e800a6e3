// The checkpoints of the open session: loads its turns and restores with their diffs when it opens and after each
// of its tasks ends, tells the store whether a task runs (no restores then), and holds the review dialog. The
// changed files themselves show under their turns in the transcript (TurnFiles). Otherwise it shows only the
// outcome of a restore started there (done, or why not).
import { useEffect, useRef } from 'react';
import { ReviewDialog } from './ReviewDialog.js';
import { useCheckpoints } from './store.js';

export function TurnReview({
  projectId,
  sessionId,
  running,
}: {
  projectId: string;
  sessionId: string;
  running: boolean;
}) {
  const ran = useRef(running);
  const known = useCheckpoints((s) => !!s.bySession[sessionId]);
  useEffect(() => {
    useCheckpoints.getState().setRunning(sessionId, running);
    const finished = ran.current && !running;
    ran.current = running;
    if (!running && (finished || !known)) void useCheckpoints.getState().load(projectId, sessionId);
  }, [running, projectId, sessionId, known]);
  const notice = useCheckpoints((s) => (!s.review && s.notice?.sessionId === sessionId ? s.notice : null));
  return (
    <>
      {notice && (
        <p className={`review-notice ${notice.error ? 'error' : 'ok-text'}`} role={notice.error ? 'alert' : 'status'}>
          {notice.text}{' '}
          <button className="link" onClick={() => useCheckpoints.setState({ notice: null })}>
            Dismiss
          </button>
        </p>
      )}
      <ReviewDialog running={running} />
    </>
  );
}
