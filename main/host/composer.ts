// Handlers behind the composer's helpers: the workspace's files for @-mentions. Must not run tasks.
import type { HostContext } from './context.js';
import { badRequest } from './errors.js';
import { mustSession, workspaceOf } from './sessions.js';
import type { Handlers } from './table.js';
import { listWorkspaceFiles } from './workspace-files.js';

type M = 'sessions.files';

export function composerHandlers(ctx: HostContext): Handlers<M> {
  return {
    'sessions.files': async ({ sessionId }) => {
      const ws = workspaceOf(ctx, mustSession(ctx, sessionId));
      if (!ws) throw badRequest(`Session ${sessionId} has no known workspace folder, so there are no files to list.`);
      const { files, truncated } = await listWorkspaceFiles(ws);
      return { files, truncated };
    },
  };
}
