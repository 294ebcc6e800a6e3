// The agent loop (SPEC §3): one session, one model, one workspace. run() drives one task — requests with retries,
// one approval decision per tool call in stream order, concurrent tool execution, outputs back in call order,
// abort with pairing kept, steering at turn boundaries. Host-agnostic: knows nothing of Electron, HTTP or panes.
import { setMaxListeners } from 'node:events';
import { addTokens, eventMsg, userText, zeroTokens } from '../../shared/omni/builders.js';
import { isComplete, isToolCall } from '../../shared/omni/guards.js';
import type {
  Decision,
  EventPayload,
  ModelMessage,
  OmniMessage,
  StopReason,
  TokenCounts,
  ToolCallOutputPayload,
  ToolCallPayload,
} from '../../shared/omni/types.js';
import { normalizeAnswer } from '../approval/modes.js';
import type { ApprovalAnswer, ApproveFn } from '../approval/types.js';
import { NOTE_ABORTED } from '../environment/close-out.js';
import { closedOutput, runTool } from '../environment/environment.js';
import { prepareCall } from '../environment/prepare.js';
import type { ErrorCode } from '../../shared/api.js';
import { isCodedError } from '../../shared/errors.js';
import type { Toolset } from '../environment/toolset.js';
import type { ToolServices } from '../environment/types.js';
import type { ModelClient, ModelResult } from '../llm/types.js';
import { pairToolCalls } from './pairing.js';
import { AsyncQueue } from './queue.js';
import { DEFAULT_RETRY_SCHEDULE_MS, isRetryable, retryDelay } from './retry.js';

export const DENIED_BY_USER = 'Tool call denied by user.';
export const DENIED_BY_POLICY = 'Tool call denied by policy.';

/** Where complete messages and events are recorded (the trace writer). A throw fails the task clearly. */
export interface TraceSink {
  append(msg: OmniMessage): unknown;
}

/** Prepares the session's tools on the first run; may emit events (MCP connects) through `emit`. */
export type ToolsetProvider = (emit: (m: OmniMessage) => void, signal: AbortSignal) => Promise<Toolset>;

export interface SessionOptions {
  id: string;
  workspace: string;
  model: ModelClient;
  systemPrompt: string;
  tools: ToolsetProvider;
  services?: ToolServices;
  trace?: TraceSink;
  /** history replayed on resume (complete model messages) */
  history?: OmniMessage[];
  /** token totals carried over on resume */
  usage?: TokenCounts;
  retrySchedule?: readonly number[];
  requestTimeoutMs?: number;
  /** called once by dispose(), for the host's own cleanup (commands, MCP, children) */
  onDispose?: () => Promise<void> | void;
}

export interface RunOptions {
  approve?: ApproveFn;
  signal?: AbortSignal;
}

export interface TaskResult {
  status: StopReason;
  errorMessage?: string;
  /** set when the task failed on a user-side problem (e.g. bad tool configuration): the error's API code */
  errorCode?: ErrorCode;
  /** the final assistant text of the task, if any */
  text?: string;
}

export class AgentSession {
  readonly id: string;
  readonly workspace: string;
  readonly model: ModelClient;
  readonly services: ToolServices;
  private readonly opts: SessionOptions;
  private history: OmniMessage[];
  private usage: TokenCounts;
  private toolset?: Toolset;
  private steering: OmniMessage[] = [];
  private current?: AbortController;
  private disposed = false;
  private traceError?: Error;
  running = false;
  lastResult?: TaskResult;

  constructor(opts: SessionOptions) {
    this.opts = opts;
    this.id = opts.id;
    this.workspace = opts.workspace;
    this.model = opts.model;
    this.services = opts.services ?? {};
    this.history = [...(opts.history ?? [])];
    this.usage = opts.usage ?? zeroTokens();
  }

  /** Complete model messages of the conversation so far. */
  getHistory(): readonly OmniMessage[] {
    return this.history;
  }

  getToolset(): Toolset | undefined {
    return this.toolset;
  }

  tokenTotals(): TokenCounts {
    return { ...this.usage };
  }

  /** Queue user input for the next turn boundary; never interrupts. */
  steer(input: string | OmniMessage[]): void {
    this.steering.push(...toMessages(input));
  }

  abort(reason?: string): void {
    this.current?.abort(new Error(reason ?? 'aborted by user'));
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.abort('session disposed');
    await this.opts.onDispose?.();
  }

  /** Drive one task. Yields every message (partials included); returns the task's outcome. */
  async *run(input: string | OmniMessage[], opts: RunOptions = {}): AsyncGenerator<OmniMessage, TaskResult, void> {
    if (this.running) throw new Error(`session ${this.id} is already running a task; use steer() or abort()`);
    if (this.disposed) throw new Error(`session ${this.id} was disposed`);
    this.running = true;
    const ac = new AbortController();
    setMaxListeners(0, ac.signal); // every concurrent tool and child listens to it
    this.current = ac;
    const onOuter = () => ac.abort(opts.signal?.reason);
    if (opts.signal?.aborted) ac.abort(opts.signal.reason);
    else opts.signal?.addEventListener('abort', onOuter, { once: true });
    const out = new AsyncQueue<OmniMessage>();
    const task = this.drive(toMessages(input), opts.approve, ac, out)
      .catch((e): TaskResult => ({
        status: 'failed',
        errorMessage: e instanceof Error ? e.message : String(e),
        ...(isCodedError(e) ? { errorCode: e.code } : {}),
      }))
      .finally(() => out.close());
    let finished = false;
    try {
      for await (const m of out) yield m;
      finished = true;
    } finally {
      if (!finished) ac.abort(new Error('consumer stopped'));
      const result = await task;
      opts.signal?.removeEventListener('abort', onOuter);
      this.running = false;
      this.current = undefined;
      this.lastResult = result;
    }
    return this.lastResult!;
  }

  // ── internals ────────────────────────────────────────────────────────────────────────────────────────
  private record(m: OmniMessage): void {
    if (!this.opts.trace || this.traceError) return;
    try {
      this.opts.trace.append(m);
    } catch (e) {
      this.traceError = e instanceof Error ? e : new Error(String(e));
      this.current?.abort(this.traceError);
    }
  }

  private async drive(input: OmniMessage[], approve: ApproveFn | undefined, ac: AbortController, out: AsyncQueue<OmniMessage>): Promise<TaskResult> {
    const signal = ac.signal;
    const emit = (m: OmniMessage, trace = true) => {
      if (trace) this.record(m);
      out.push(m);
    };
    const event = (p: EventPayload) => emit(eventMsg(p));
    let aborted = false;
    const onAbort = () => {
      if (aborted) return;
      aborted = true;
      const reason = this.traceError ? `trace write failed: ${this.traceError.message}` : reasonOf(signal);
      event({ type: 'abort', ...(reason ? { reason } : {}) });
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const finishAborted = (): TaskResult => {
      onAbort();
      if (this.traceError) return { status: 'failed', errorMessage: `trace write failed: ${this.traceError.message}` };
      return { status: 'aborted' };
    };

    // carry-over: every earlier tool_call keeps exactly one output
    for (const m of pairToolCalls(this.history, NOTE_ABORTED)) {
      this.history.push(m);
      emit(m);
    }
    if (!this.toolset) {
      this.toolset = await this.opts.tools((m) => emit(m), signal);
      event({ type: 'tool_list_ready', tools: this.toolset.schemas() });
    }
    const toolset = this.toolset;
    for (const m of input) {
      this.history.push(m);
      emit(m);
    }

    const schedule = this.opts.retrySchedule ?? DEFAULT_RETRY_SCHEDULE_MS;
    let lastText: string | undefined;
    for (;;) {
      if (signal.aborted) return finishAborted();
      for (const m of this.steering.splice(0)) {
        this.history.push(m);
        emit(m);
      }

      // ── one request, retried on retryable failures ──
      let turn: OmniMessage[];
      for (let attempt = 0; ; ) {
        event({ type: 'request_begin' });
        turn = [];
        const gen = this.model.stream({
          system: this.opts.systemPrompt,
          messages: this.history,
          tools: toolset.schemas(),
          signal,
          timeoutMs: this.opts.requestTimeoutMs,
        });
        let result: ModelResult;
        for (;;) {
          const r = await gen.next();
          if (r.done) {
            result = r.value;
            break;
          }
          emit(r.value, false);
          if (isComplete(r.value)) turn.push(r.value);
        }
        if (signal.aborted || result.stopReason === 'aborted') {
          event({ type: 'request_end', status: 'aborted' }); // every request_begin gets its request_end
          return finishAborted();
        }
        this.usage = addTokens(this.usage, result.usage);
        if (result.stopReason === 'completed') {
          for (const m of turn) this.record(m);
          event({ type: 'token_usage', session: { ...this.usage }, request: result.usage });
          event({ type: 'request_end', status: 'completed' });
          break;
        }
        attempt++;
        const wait = isRetryable(result.stopReason) ? retryDelay(attempt, schedule, result.retryAfterMs) : undefined;
        event({ type: 'token_usage', session: { ...this.usage }, request: result.usage });
        event({
          type: 'request_end',
          status: result.stopReason,
          ...(result.errorMessage ? { error_message: result.errorMessage } : {}),
          attempt,
          ...(wait !== undefined ? { retry_in_ms: wait } : {}),
        });
        if (wait === undefined) return { status: result.stopReason, errorMessage: result.errorMessage };
        if (!(await sleep(wait, signal))) return finishAborted();
      }
      this.history.push(...turn);
      // Fault-suite fix (test/faults/trace-faults.test.ts): a trace write that fails while the completed turn is
      // committed aborts the signal, but the loop above has already left; without this check the task reported
      // `completed` (and could start tools) although its trace stopped. End it here: failed (trace) or aborted.
      if (signal.aborted) return finishAborted();
      for (const m of turn) if (m.payload && (m.payload as { type: string }).type === 'text') lastText = (m.payload as { text: string }).text;

      const calls = turn.filter(isToolCall);
      if (calls.length === 0) {
        if (this.steering.length && !signal.aborted) continue;
        return { status: 'completed', text: lastText };
      }

      const outputs = await this.runCalls(calls, approve, signal, emit);
      for (const c of calls) {
        const o = outputs.get(c.payload.tool_call_id);
        if (o) this.history.push(o);
      }
      if (signal.aborted) {
        const res = finishAborted();
        // calls never reached get their interrupted output after the abort event
        for (const c of calls) {
          if (outputs.has(c.payload.tool_call_id)) continue;
          const o = await drain(closedOutput(c.payload.tool_call_id, NOTE_ABORTED, 'aborted'), (m) => emit(m, isComplete(m)));
          this.history.push(o);
        }
        return res;
      }
    }
  }

  /** Approvals one at a time in stream order; allowed calls start at once and run concurrently. */
  private async runCalls(
    calls: ModelMessage<ToolCallPayload>[],
    approve: ApproveFn | undefined,
    signal: AbortSignal,
    emit: (m: OmniMessage, trace?: boolean) => void,
  ): Promise<Map<string, ModelMessage<ToolCallOutputPayload>>> {
    const outputs = new Map<string, ModelMessage<ToolCallOutputPayload>>();
    const running: Promise<void>[] = [];
    const pipe = async (gen: AsyncGenerator<OmniMessage, ModelMessage<ToolCallOutputPayload>>, id: string) => {
      const o = await drain(gen, (m) => emit(m, (isComplete(m) || m.type === 'event_msg') && !m.origin));
      outputs.set(id, o);
    };
    const toolset = this.toolset!;
    for (const call of calls) {
      if (signal.aborted) break;
      const id = call.payload.tool_call_id;
      const prep = prepareCall(call.payload, toolset);
      if (!prep.ok) {
        emit(eventMsg({ type: 'approval_decision', decision: 'forbidden', tool_call_id: id, ...(prep.toolName ? { tool_name: prep.toolName } : {}), decided_by: 'rule' }));
        await pipe(closedOutput(id, prep.error, 'failed'), id);
        continue;
      }
      let answer: ApprovalAnswer;
      if (!approve) answer = { decision: 'deny', decidedBy: 'mode' };
      else {
        try {
          answer = normalizeAnswer(
            await raceAbort(
              approve(
                {
                  call,
                  toolName: prep.toolName,
                  permission: prep.permission,
                  arguments: prep.approvalArguments,
                  sessionId: this.id,
                },
                signal,
              ),
              signal,
            ),
          );
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
        }),
      );
      if (answer.decision !== 'allow') {
        await pipe(closedOutput(id, denialText(answer.decision), 'aborted'), id);
        continue;
      }
      running.push(
        pipe(
          runTool({
            tool: prep.tool,
            args: prep.args,
            signal,
            ctx: {
              workspace: this.workspace,
              toolCallId: id,
              approve,
              call: call.payload,
              services: this.services,
              definition: prep.tool.definition,
            },
          }),
          id,
        ),
      );
    }
    await Promise.all(running);
    return outputs;
  }
}

function denialText(d: Decision): string {
  return d === 'forbidden' ? DENIED_BY_POLICY : DENIED_BY_USER;
}

function toMessages(input: string | OmniMessage[]): OmniMessage[] {
  return typeof input === 'string' ? [userText(input)] : input;
}

function reasonOf(signal: AbortSignal): string | undefined {
  const r = signal.reason;
  if (r instanceof Error) return r.message;
  return typeof r === 'string' ? r : undefined;
}

async function drain<R>(gen: AsyncGenerator<OmniMessage, R>, each: (m: OmniMessage) => void): Promise<R> {
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

function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
