// Checkpoints of one turn (one run of a session): wraps the run's ApproveFn so that the first mutating (rw) call
// it allows waits for a snapshot of the workspace, and snapshots again when the turn ends. A failed snapshot is
// reported and never blocks the turn. A turn that changes files marks the folder while it runs; when another
// task's turn is changing the same folder, `onWarn` says so (their checkpoints then hold each other's changes;
// the repository lock keeps every checkpoint). Must not decide approvals: it only follows what the wrapped
// function said.
import { normalizeAnswer } from '../approval/modes.js';
import type { ApproveFn } from '../approval/types.js';
import type { TurnMarker } from './lock.js';
import type { Checkpoint, ShadowRepo } from './shadow.js';

export interface TurnCheckpoints {
  /** the run's ApproveFn, snapshotting before the first allowed rw call */
  wrap(approve: ApproveFn): ApproveFn;
  /** snapshots the end of the turn when its start was snapshotted; returns that 'after' checkpoint */
  finish(): Promise<Checkpoint | null>;
}

export function turnCheckpoints(
  repo: ShadowRepo,
  sessionId: string,
  title: string,
  onError: (e: Error) => void,
  onWarn: (message: string) => void,
): TurnCheckpoints {
  let before: Promise<Checkpoint | null> | undefined;
  let marker: TurnMarker | undefined;
  const report = (e: unknown): null => {
    onError(e instanceof Error ? e : new Error(String(e)));
    return null;
  };
  const mark = (): void => {
    try {
      marker = repo.beginTurn(sessionId);
    } catch (e) {
      report(e);
      return;
    }
    for (const o of marker.others) {
      onWarn(
        `another task (session ${o.kind}, pid ${o.pid}) is changing ${repo.workspace} at the same time; ` +
          `the checkpoints of both turns hold the changes of both`,
      );
    }
  };
  return {
    wrap(approve) {
      return async (req, signal) => {
        const answer = normalizeAnswer(await approve(req, signal));
        if (answer.decision === 'allow' && req.permission === 'rw') {
          if (!before) mark();
          before ??= repo.snapshot({ kind: 'before', sessionId, title }).catch(report);
          await before;
        }
        return answer;
      };
    },
    async finish() {
      try {
        const b = before ? await before : null;
        if (!b) return null;
        return await repo.snapshot({ kind: 'after', sessionId, turnOf: b.id }).catch(report);
      } finally {
        marker?.release();
      }
    },
  };
}
