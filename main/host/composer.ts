// Handlers behind the composer's helpers: the workspace's files for @-mentions and the model switch of a session
// between tasks. Must not run tasks.
import { matchModelName } from '../../shared/model-name.js';
import { listModels } from '../config/models.js';
import type { HostContext } from './context.js';
import { badRequest } from './errors.js';
import { mustSession, sessionApi, workspaceOf } from './sessions.js';
import type { Handlers } from './table.js';
import { listWorkspaceFiles } from './workspace-files.js';

type M = 'sessions.files' | 'sessions.setModel';

export function composerHandlers(ctx: HostContext): Handlers<M> {
  return {
    'sessions.files': async ({ sessionId }) => {
      const ws = workspaceOf(ctx, mustSession(ctx, sessionId));
      if (!ws) throw badRequest(`Session ${sessionId} has no known workspace folder, so there are no files to list.`);
      const { files, truncated } = await listWorkspaceFiles(ws);
      return { files, truncated };
    },
    'sessions.setModel': async ({ sessionId, model }) => {
      const row = mustSession(ctx, sessionId);
      const agent = await ctx.runtime.agent(row.agent);
      const match = matchModelName(
        model,
        listModels(agent.config).map((m) => m.ref),
      );
      if (!match.ok) throw badRequest(match.message);
      await ctx.runtime.switchModel(sessionId, match.ref);
      return sessionApi(ctx, mustSession(ctx, sessionId));
    },
  };
}
