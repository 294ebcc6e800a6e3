// How exec_command answers the egress proxy about a domain its command wants (issue 19): an approval request for
// the pseudo tool `network` with the domain as its argument, made through the session's approve function under
// the exec_command call's id (so the approval card shows on that call's card). Network rules decide first; what
// they leave open is the mode's (auto asks a person; the card offers "Always allow <domain> in this project").
// Once the call has returned (its command went on in the background) nobody is asked any more: rules and the
// mode only, a question becomes a refusal. Must not start or stop commands.
import { toolCall } from '../../../shared/omni/builders.js';
import { NETWORK_TOOL } from '../../approval/domain-rules.js';
import { normalizeAnswer } from '../../approval/modes.js';
import type { DomainAsker } from '../sandbox/egress.js';
import type { ToolContext } from '../types.js';

export interface NetworkAsker {
  ask: DomainAsker;
  /** the call returned: from now on never ask a person */
  callEnded(): void;
}

export function networkAsker(ctx: ToolContext): NetworkAsker {
  const ended = new AbortController();
  let live = true;
  return {
    callEnded: () => {
      live = false;
      ended.abort();
    },
    ask: async (domain, port) => {
      const approve = ctx.approve;
      if (!approve) return false;
      const call = toolCall(ctx.call.name, ctx.call.arguments, ctx.toolCallId);
      const req = {
        call,
        toolName: NETWORK_TOOL,
        permission: 'rw' as const,
        arguments: JSON.stringify({ domain, port }),
        sessionId: ctx.sessionId ?? '',
        contained: false,
      };
      // while the call runs, the user's abort of the task also ends the question
      const signal = live ? ctx.signal : ended.signal;
      const a = normalizeAnswer(await approve(req, signal));
      return a.decision === 'allow';
    },
  };
}
