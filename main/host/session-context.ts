// The session's context for the header's meter and instruction badge (issue 10): tokens in context, the model's
// window, the compaction threshold and the project instruction files. A live session answers for itself; a session
// that is not loaded is read from its trace (the latest part's last request, the session_meta's instruction list)
// and the agent's configuration, without resuming it. Must not start tasks or write anything.
import type { ApiSessionContext } from '../../shared/api.js';
import { isSessionMeta } from '../../shared/omni/guards.js';
import type { OmniMessage } from '../../shared/omni/types.js';
import { lastPromptTokens } from '../sdk/agent.js';
import { findTraceFiles, readTrace } from '../trace/index.js';
import type { HostContext } from './context.js';
import { mustSession } from './sessions.js';
import type { Handlers } from './table.js';
import { liveContext } from './views.js';

/** The instruction list a session_meta recorded (agent_state.instructions), ignoring anything malformed. */
function instructionsOfMeta(meta: OmniMessage | undefined): ApiSessionContext['instructions'] {
  const list = (meta?.payload as { agent_state?: { instructions?: unknown } } | undefined)?.agent_state?.instructions;
  if (!Array.isArray(list)) return [];
  return list.flatMap((i: unknown) => {
    const o = i as { file?: unknown; tokens?: unknown };
    return typeof o?.file === 'string' && typeof o.tokens === 'number' && Number.isFinite(o.tokens)
      ? [{ file: o.file, tokens: o.tokens }]
      : [];
  });
}

type M = 'sessions.context';

export function sessionContextHandlers(ctx: HostContext): Handlers<M> {
  return {
    'sessions.context': async ({ sessionId }) => {
      const row = mustSession(ctx, sessionId);
      const live = ctx.runtime.get(sessionId);
      if (live) return liveContext(live);
      const own = findTraceFiles(ctx.home, sessionId, row.agent);
      const files = own.length ? own : findTraceFiles(ctx.home, sessionId);
      const latest = files.length ? readTrace(files[files.length - 1]!).messages : [];
      const meta =
        latest.find(isSessionMeta) ?? (files.length ? readTrace(files[0]!).messages.find(isSessionMeta) : undefined);
      const recorded = meta?.payload.model_context_window;
      const agent = await ctx.runtime.agent(row.agent);
      let window = typeof recorded === 'number' && recorded > 0 ? recorded : 0;
      try {
        window = agent.modelClient(row.model).model.contextWindow; // the session's model now (it may have switched)
      } catch {
        /* no longer configured: the window its trace recorded */
      }
      return {
        sessionId,
        tokens: lastPromptTokens(latest),
        window,
        threshold: window ? agent.compactionThreshold(window) : 0,
        instructions: instructionsOfMeta(meta),
      };
    },
  };
}
