// The tool calls of one turn (SPEC §3): each complete tool_call is handed in as the model streams it; decisions are
// taken one at a time in stream order (prepare → approve → approval_decision) while the stream goes on, and an
// allowed call starts at once, concurrently with later decisions and with the model. `finish()` waits for every
// decision and every running call. Never throws; knows no trace file, host or transport.
import { eventMsg } from '../../shared/omni/builders.js';
import { isComplete } from '../../shared/omni/guards.js';
import type { ModelMessage, OmniMessage, ToolCallOutputPayload, ToolCallPayload } from '../../shared/omni/types.js';
import { isApprovalMode, normalizeAnswer } from '../approval/modes.js';
import type { ApprovalAnswer, ApproveFn } from '../approval/types.js';
import { closedOutput, runTool } from '../environment/environment.js';
import { prepareCall } from '../environment/prepare.js';
import type { Toolset } from '../environment/toolset.js';
import type { ToolServices } from '../environment/types.js';

const DENIED_BY_USER = 'Tool call denied by user.';
const DENIED_BY_POLICY = 'Tool call denied by policy.';

/**
 * The output the model reads for a denied call: SPEC §3's sentence, and when the person gave a reason,
 * `Tool call denied by user. Reason: <their words>` (the sentence stays first, so the denial reads the same).
 */
function deniedOutput(answer: ApprovalAnswer): string {
  if (answer.decision === 'forbidden') return DENIED_BY_POLICY;
  const reason = answer.reason?.trim();
  return reason ? `${DENIED_BY_USER} Reason: ${reason}` : DENIED_BY_USER;
}

export interface CallRunnerOptions {
  sessionId: string;
  workspace: string;
  toolset: Toolset;
  services: ToolServices;
  approve?: ApproveFn;
  signal: AbortSignal;
  /** the session's emit: `trace` false for partials and child messages */
  emit: (m: OmniMessage, trace?: boolean) => void;
}

export class CallRunner {
  private readonly calls: ModelMessage<ToolCallPayload>[] = [];
  private readonly outputs = new Map<string, ModelMessage<ToolCallOutputPayload>>();
  private readonly running: Promise<void>[] = [];
  /** decisions are chained so they happen one at a time, in the order the calls were handed in */
  private decisions: Promise<void> = Promise.resolve();
  /** an unexpected throw while deciding (a trace sink failing, say): rethrown by finish() */
  private error?: unknown;

  constructor(private readonly o: CallRunnerOptions) {}

  /** Calls handed in so far, in stream order. */
  get handed(): readonly ModelMessage<ToolCallPayload>[] {
    return this.calls;
  }

  /** A complete tool_call arrived: queue its decision (and its start, if allowed). */
  submit(call: ModelMessage<ToolCallPayload>): void {
    this.calls.push(call);
    this.decisions = this.decisions
      .then(() => this.decide(call))
      .catch((e) => {
        this.error ??= e;
      });
  }

  /** Waits for every decision and every running call; returns the outputs by call id. */
  async finish(): Promise<Map<string, ModelMessage<ToolCallOutputPayload>>> {
    await this.decisions;
    await Promise.all(this.running);
    if (this.error) throw this.error;
    return this.outputs;
  }

  private pipe(gen: AsyncGenerator<OmniMessage, ModelMessage<ToolCallOutputPayload>>, id: string): Promise<void> {
    const { emit } = this.o;
    return drain(gen, (m) => emit(m, (isComplete(m) || m.type === 'event_msg') && !m.origin)).then((out) => {
      this.outputs.set(id, out);
    });
  }

  private async decide(call: ModelMessage<ToolCallPayload>): Promise<void> {
    const { signal, approve, emit } = this.o;
    // a call not reached before an abort gets its interrupted output from the session, after the abort event
    if (signal.aborted) return;
    const id = call.payload.tool_call_id;
    const prep = await prepareCall(call.payload, this.o.toolset);
    if (!prep.ok) {
      emit(
        eventMsg({
          type: 'approval_decision',
          decision: 'forbidden',
          tool_call_id: id,
          ...(prep.toolName ? { tool_name: prep.toolName } : {}),
          decided_by: 'rule',
        }),
      );
      await this.pipe(closedOutput(id, prep.error, 'failed'), id);
      return;
    }
    let answer: ApprovalAnswer;
    if (!approve) answer = { decision: 'deny', decidedBy: 'mode' };
    else {
      try {
        const req = {
          call,
          toolName: prep.toolName,
          permission: prep.permission,
          arguments: prep.approvalArguments,
          sessionId: this.o.sessionId,
          contained: this.o.services.commands?.sandboxed === true && prep.tool.contained?.(prep.args) === true,
        };
        answer = normalizeAnswer(await raceAbort(approve(req, signal), signal));
      } catch {
        // the user's abort ended the wait for an answer; anything else is the approver failing (deny by default)
        answer = { decision: 'deny', decidedBy: signal.aborted ? 'human' : 'mode' };
      }
    }
    if (signal.aborted && answer.decision === 'allow') answer = { decision: 'deny', decidedBy: 'human' };
    emit(
      eventMsg({
        type: 'approval_decision',
        decision: answer.decision,
        tool_call_id: id,
        tool_name: prep.toolName,
        ...(answer.decidedBy ? { decided_by: answer.decidedBy } : {}),
        ...(answer.rule ? { rule: answer.rule } : {}),
        ...(isApprovalMode(answer.mode) ? { mode: answer.mode } : {}),
      }),
    );
    if (answer.decision !== 'allow') {
      await this.pipe(
        closedOutput(id, deniedOutput(answer), 'aborted', undefined, {
          aborted_by: 'approval',
        }),
        id,
      );
      return;
    }
    const ctx = {
      workspace: this.o.workspace,
      sessionId: this.o.sessionId,
      toolCallId: id,
      approve,
      call: call.payload,
      services: this.o.services,
      definition: prep.tool.definition,
    };
    this.running.push(this.pipe(runTool({ tool: prep.tool, args: prep.args, signal, ctx }), id));
  }
}

export async function drain<R>(gen: AsyncGenerator<OmniMessage, R>, each: (m: OmniMessage) => void): Promise<R> {
  for (;;) {
    const r = await gen.next();
    if (r.done) return r.value;
    each(r.value);
  }
}

/** The approver's answer, or a denial by the person who aborted the task while it waited. */
function raceAbort<T>(p: Promise<T>, signal: AbortSignal): Promise<T | ApprovalAnswer> {
  const denied: ApprovalAnswer = { decision: 'deny', decidedBy: 'human' };
  if (signal.aborted) return Promise.resolve(denied);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(denied);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
