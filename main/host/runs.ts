// Handlers for running tasks: run (resuming the session from its trace first when it is not in memory, e.g.
// after a restart), steer, abort (pending approvals denied first, then the task stops). A prompt's images are
// turned into the task's input by attachments.ts, by the vision of the session's current model. Must not touch
// SQLite directly beyond checks; status and totals are written by the runtime.
import type { ApiImageAttachment } from '../../shared/api.js';
import { listModels } from '../config/models.js';
import { preparePrompt, type PreparedPrompt } from './attachments.js';
import type { HostContext } from './context.js';
import type { Handlers } from './table.js';
import { mustSession, workspaceOf } from './sessions.js';

type M =
  'sessions.run' | 'sessions.steer' | 'sessions.unsteer' | 'sessions.abort' | 'sessions.compact' | 'sessions.retry';

export function runHandlers(ctx: HostContext): Handlers<M> {
  const { runtime, broker } = ctx;

  /** The prompt with its images, for the model the session's next request goes to. */
  async function prepare(
    sessionId: string,
    prompt: string,
    images: ApiImageAttachment[] | undefined,
  ): Promise<PreparedPrompt> {
    const row = mustSession(ctx, sessionId);
    if (!images?.length) return preparePrompt(prompt, images, { vision: false, workspace: '' });
    const live = runtime.get(sessionId);
    const vision = live
      ? live.model.model.vision
      : (listModels((await runtime.agent(row.agent)).config).find((m) => m.ref === row.model)?.vision ?? false);
    return preparePrompt(prompt, images, { vision, workspace: workspaceOf(ctx, row) });
  }

  return {
    'sessions.run': async ({ sessionId, prompt, images }) => {
      const p = await prepare(sessionId, prompt, images);
      await runtime.begin(sessionId);
      runtime.start(sessionId, p.label, p.input);
      return { started: true };
    },
    'sessions.retry': async ({ sessionId }) => {
      mustSession(ctx, sessionId);
      await runtime.begin(sessionId);
      runtime.start(sessionId, 'Retry', []);
      return { started: true };
    },
    'sessions.steer': async ({ sessionId, prompt, images }) => {
      const p = await prepare(sessionId, prompt, images);
      if (runtime.isRunning(sessionId)) {
        const steerId = (await runtime.ensure(sessionId)).steer(p.input);
        return { queued: true, steerId };
      }
      await runtime.begin(sessionId);
      runtime.start(sessionId, p.label, p.input);
      return { queued: true };
    },
    'sessions.unsteer': ({ sessionId, steerId }) => {
      mustSession(ctx, sessionId);
      const live = runtime.get(sessionId);
      return { removed: live ? live.unsteer(steerId) : false };
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
