// sessions.fork (issue 25): a new session that starts from the conversation before one of a session's own prompts —
// what retry, edit-and-resend and fork from a user message build on. The source session and its trace are left as
// they are (the trace is the audit log); the new session's trace holds the copied conversation after its
// session_meta. `historyBefore` is pure; the handler only reads traces and creates the session.
import type { OmniMessage, TextPayload } from '../../shared/omni/types.js';
import { isComplete, isSessionMeta } from '../../shared/omni/guards.js';
import { orderOutputs } from '../engine/pairing.js';
import { findTraceFiles, readTrace, rebuildHistory } from '../trace/index.js';
import type { HostContext } from './context.js';
import { badRequest, notFound } from './errors.js';
import { createSession, mustSession } from './sessions.js';
import type { Handlers } from './table.js';

interface ForkPoint {
  timestamp: string;
  text: string;
}

const isPrompt = (m: OmniMessage, at: ForkPoint): boolean => {
  if (!isComplete(m) || m.origin !== undefined || m.timestamp !== at.timestamp) return false;
  const p = m.payload as TextPayload;
  return p.type === 'text' && p.role === 'user' && p.text === at.text;
};

/**
 * The history to replay before the prompt `at` in a session's trace messages (every part, in order), or null when
 * no prompt of the session has that timestamp and text. The last such prompt counts (a compaction's next part may
 * carry a copy); only the part it sits in is read, since each part starts with its whole context.
 */
export function historyBefore(messages: readonly OmniMessage[], at: ForkPoint): OmniMessage[] | null {
  let i = messages.length - 1;
  while (i >= 0 && !isPrompt(messages[i]!, at)) i--;
  if (i < 0) return null;
  let start = i;
  while (start > 0 && !isSessionMeta(messages[start]!)) start--;
  return orderOutputs(rebuildHistory(messages.slice(start, i)).history);
}

export function forkHandlers(ctx: HostContext): Handlers<'sessions.fork'> {
  return {
    'sessions.fork': async ({ sessionId, before, title }) => {
      const src = mustSession(ctx, sessionId);
      if (!src.projectId)
        throw badRequest(`Session ${sessionId} belongs to no project, so it cannot be forked; open it in a project.`);
      const files = findTraceFiles(ctx.home, sessionId, src.agent);
      const messages: OmniMessage[] = [];
      for (const f of files) messages.push(...readTrace(f).messages);
      const history = historyBefore(messages, before);
      if (!history)
        throw notFound(
          `Session ${sessionId} has no prompt "${before.text.slice(0, 60)}" sent at ${before.timestamp}; reload the session and pick the message again.`,
        );
      const name = title?.trim() || `${src.title || 'Session'} (fork)`;
      return createSession(ctx, {
        projectId: src.projectId,
        agent: src.agent,
        model: src.model,
        approvalMode: src.approvalMode,
        title: name.slice(0, 200),
        history,
      });
    },
  };
}
