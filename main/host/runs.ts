// Handlers for running tasks: run (resuming the session from its trace first when it is not in memory, e.g.
// after a restart), steer, abort (pending approvals denied first, then the task stops). Must not touch SQLite
// directly beyond checks; status and totals are written by the runtime.
import type { HostContext } from './context.js';
import type { Handlers } from './table.js';
import { mustSession } from './sessions.js';

type M = 'sessions.run' | 'sessions.steer' | 'sessions.abort' | 'sessions.compact';

export function runHandlers(ctx: HostContext): Handlers<M> {
  const { runtime, broker } = ctx;
  return {
    'sessions.run': async ({ sessionId, prompt }) => {
      mustSession(ctx, sessionId);
      await runtime.begin(sessionId);
      runtime.start(sessionId, prompt);
      return { started: true };
    },
    'sessions.steer': async ({ sessionId, prompt }) => {
      mustSession(ctx, sessionId);
      if (runtime.isRunning(sessionId)) (await runtime.ensure(sessionId)).steer(prompt);
      else {
        await runtime.begin(sessionId);
        runtime.start(sessionId, prompt);
      }
      return { queued: true };
    },
    'sessions.compact': async ({ sessionId, focus }) => {
      mustSession(ctx, sessionId);
      await runtime.begin(sessionId);
      runtime.startCompaction(sessionId, focus);
      return { started: true };
    },
    'sessions.abort': async ({ sessionId }) => {
      mustSession(ctx, sessionId);
      broker.denyAll(sessionId);
      const aborted = runtime.abort(sessionId);
      await runtime.settled(sessionId);
      return { aborted };
    },
  };
}
