// The agent loop (SPEC §3): one session, one model at a time (setModel switches between tasks), one workspace. run() drives one task — requests with retries,
// each complete tool call decided and started while the model streams (calls.ts), outputs back in call order,
// abort with pairing kept, steering at turn boundaries. Host-agnostic: knows nothing of Electron, HTTP or panes.
import { setMaxListeners } from 'node:events';
import { addTokens, eventMsg, userText, zeroTokens } from '../../shared/omni/builders.js';
import { isComplete, isToolCall } from '../../shared/omni/guards.js';
import type { EventPayload, OmniMessage, StopReason, TokenCounts } from '../../shared/omni/types.js';
import type { ApproveFn } from '../approval/types.js';
import { HostStop, abortNote, abortedByOf } from '../environment/close-out.js';
import { closedOutput } from '../environment/environment.js';
import type { ErrorCode } from '../../shared/api.js';
import { isCodedError } from '../../shared/errors.js';
import type { Toolset } from '../environment/toolset.js';
import type { ToolServices } from '../environment/types.js';
import type { ModelClient, ModelResult } from '../llm/types.js';
import { CallRunner, drain } from './calls.js';
import {
  DEFAULT_COMPACTION,
  PRUNE_TARGET,
  USER_BUDGET,
  charsOf,
  compactionThreshold,
  contextAfterSummary,
  countTurns,
  estimateTokens,
  promptTokens,
  pruneOutputs,
  requestSummary,
  type CompactionMode,
  type CompactionSettings,
} from './compaction.js';
import { pairToolCalls } from './pairing.js';
import { AsyncQueue } from './queue.js';
import { withoutImages } from './text-only.js';
import { DEFAULT_RETRY_SCHEDULE_MS, isRetryable, retryDelay } from './retry.js';

/** Where complete messages and events are recorded (the trace writer). A throw fails the task clearly. */
export interface TraceSink {
  append(msg: OmniMessage): unknown;
  /**
   * After a compaction: continue the trace in a new part whose first records are `context` (the composition root
   * writes `<session-id>_002.jsonl`, then `_003`, …, each starting with the session_meta). Optional: without it the
   * trace simply goes on in the same place.
   */
  startPart?(context: OmniMessage[]): unknown;
}

/** Prepares the session's tools on the first run; may emit events (MCP connects) through `emit`. */
type ToolsetProvider = (emit: (m: OmniMessage) => void, signal: AbortSignal) => Promise<Toolset>;

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
  /** when and how the context is compacted (default: auto at context_window − 2048) */
  compaction?: CompactionSettings;
  /** prompt tokens of the last request before a resume (its token_usage), for the compaction trigger */
  lastPromptTokens?: number;
  /**
   * who left the calls of `history` without outputs (resume): the person's abort (default), or the process that
   * ran them stopping (`host`: it crashed) — their carry-over outputs read `[interrupted: the host stopped]`
   */
  leftOpenBy?: 'user' | 'host';
  /** the project instruction files in the system prompt and about how many tokens each (shown to people) */
  instructions?: readonly { file: string; tokens: number }[];
  /** called once by dispose(), for the host's own cleanup (commands, MCP, children) */
  onDispose?: () => Promise<void> | void;
  /**
   * Called once, when the session's first model request has its first answer (a streamed message, or the end):
   * work a session needs only for its commands (login capture, sandbox) starts then, not before the request
   * (issue 21's start budget).
   */
  onFirstReply?: () => void;
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
  private client: ModelClient;
  readonly services: ToolServices;
  private readonly opts: SessionOptions;
  /** a model request of this session has answered (onFirstReply was called) */
  private replied = false;
  private history: OmniMessage[];
  private usage: TokenCounts;
  private toolset?: Toolset;
  private steering: OmniMessage[] = [];
  /** ids handed out by steer(): the messages each queued (delivered ones are no longer in `steering`) */
  private steerIds = new Map<string, OmniMessage[]>();
  private steerSeq = 0;
  private current?: AbortController;
  private disposed = false;
  private traceError?: Error;
  /** who left the replayed history's unanswered calls open: their carry-over outputs say so */
  private leftOpenBy: 'user' | 'host';
  /** prompt tokens of the last completed request (0 after a compaction, until the next request reports) */
  private lastPrompt: number;
  /** characters and prompt tokens of the last completed request: the estimate's calibration */
  private calibration?: { chars: number; tokens: number };
  running = false;
  lastResult?: TaskResult;

  constructor(opts: SessionOptions) {
    this.opts = opts;
    this.id = opts.id;
    this.workspace = opts.workspace;
    this.client = opts.model;
    this.services = opts.services ?? {};
    this.history = [...(opts.history ?? [])];
    this.usage = opts.usage ?? zeroTokens();
    this.lastPrompt = opts.lastPromptTokens ?? 0;
    this.leftOpenBy = opts.leftOpenBy ?? 'user';
  }

  /** The model the next request goes to. */
  get model(): ModelClient {
    return this.client;
  }

  /**
   * Switches the model between tasks (refused while one runs): the next request goes to `client`, with the same
   * history. Recorded in the trace as `model_switch` (resume reads it back) and returned for the host to show. When
   * the new model differs in vision, the tools are assembled again at the next task (read_image ↔ describe_image).
   */
  setModel(client: ModelClient): OmniMessage {
    if (this.running) throw new Error(`session ${this.id} is running a task; switch the model after it ends`);
    if (this.disposed) throw new Error(`session ${this.id} was disposed`);
    const ref = (c: ModelClient) => `${c.model.provider}/${c.model.id}`;
    const msg = eventMsg({ type: 'model_switch', from: ref(this.client), to: ref(client) });
    if (client.model.vision !== this.client.model.vision) this.toolset = undefined;
    this.client = client;
    this.record(msg);
    if (this.traceError) throw this.traceError;
    return msg;
  }

  /**
   * The same model with new settings (its provider's base URL, key or limits changed in the configuration): the
   * next request, or the next retry of a running task, goes through `client`. Nothing is recorded — the model is
   * the same. A different provider/model is setModel's job, and is refused here.
   */
  refreshModel(client: ModelClient): void {
    const ref = (c: ModelClient) => `${c.model.provider}/${c.model.id}`;
    if (ref(client) !== ref(this.client))
      throw new Error(`refreshModel got ${ref(client)} for a session on ${ref(this.client)}; use setModel to switch`);
    if (client.model.vision !== this.client.model.vision && !this.running) this.toolset = undefined;
    this.client = client;
  }

  /** The project instruction files in the system prompt (AGENTS.md, CLAUDE.md) and about how many tokens each. */
  get instructions(): readonly { file: string; tokens: number }[] {
    return this.opts.instructions ?? [];
  }

  /** Tokens in context (the last request's prompt) and the model's window: the context meter. */
  contextUsage(): { tokens: number; window: number; threshold: number } {
    const window = this.model.model.contextWindow;
    return { tokens: this.lastPrompt, window, threshold: compactionThreshold(window, this.compaction) };
  }

  private get compaction(): CompactionSettings {
    return this.opts.compaction ?? DEFAULT_COMPACTION;
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

  /**
   * Queue user input for the next turn boundary; never interrupts. Returns an id that `unsteer` takes back until the
   * input is delivered.
   */
  steer(input: string | OmniMessage[]): string {
    const msgs = toMessages(input);
    this.steering.push(...msgs);
    const id = `steer-${++this.steerSeq}`;
    this.steerIds.set(id, msgs);
    return id;
  }

  /** Takes back queued input not yet delivered; false when it was delivered already (or never queued). */
  unsteer(id: string): boolean {
    const msgs = this.steerIds.get(id);
    this.steerIds.delete(id);
    if (!msgs || !msgs.every((m) => this.steering.includes(m))) return false;
    this.steering = this.steering.filter((m) => !msgs.includes(m));
    return true;
  }

  abort(reason?: string): void {
    this.current?.abort(new Error(reason ?? 'aborted by user'));
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.current?.abort(new HostStop('session disposed'));
    await this.opts.onDispose?.();
  }

  /** Drive one task. Yields every message (partials included); returns the task's outcome. */
  run(input: string | OmniMessage[], opts: RunOptions = {}): AsyncGenerator<OmniMessage, TaskResult, void> {
    return this.task(opts, (ac, out) => this.drive(toMessages(input), opts.approve, ac, out));
  }

  /**
   * Compact the context now (manual compaction: `/compact [focus]`, the UI's Compact action): a structured summary
   * with `focus` given particular attention. Yields compaction_begin, the summary's partial text, compaction_end.
   */
  compact(focus?: string, opts: Omit<RunOptions, 'approve'> = {}): AsyncGenerator<OmniMessage, TaskResult, void> {
    return this.task(opts, async (ac, out) => {
      const t = this.taskContext(ac, out);
      await this.prepare(t);
      const done = await this.compactNow('manual', focus?.trim() || undefined, t);
      if (ac.signal.aborted) return t.finishAborted();
      return done.ok ? { status: 'completed' } : { status: 'failed', errorMessage: `compaction failed: ${done.error}` };
    });
  }

  private async *task(
    opts: { signal?: AbortSignal },
    body: (ac: AbortController, out: AsyncQueue<OmniMessage>) => Promise<TaskResult>,
  ): AsyncGenerator<OmniMessage, TaskResult, void> {
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
    const task = body(ac, out)
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
      if (!finished) ac.abort(new HostStop('consumer stopped'));
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
      this.current?.abort(new HostStop(this.traceError.message));
    }
  }

  /** emit (stream + trace), event, and the abort bookkeeping of one task. */
  private taskContext(ac: AbortController, out: AsyncQueue<OmniMessage>): TaskContext {
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
      event({ type: 'abort', ...(reason ? { reason } : {}), by: abortedByOf(signal) });
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const finishAborted = (): TaskResult => {
      onAbort();
      if (this.traceError) return { status: 'failed', errorMessage: `trace write failed: ${this.traceError.message}` };
      return { status: 'aborted' };
    };
    return { signal, emit, event, finishAborted };
  }

  /** Start of every task: carry-over outputs, then the tools on the first task of this session object. */
  private async prepare(t: TaskContext): Promise<Toolset> {
    // carry-over: every earlier tool_call keeps exactly one output
    for (const m of pairToolCalls(this.history, this.leftOpenBy)) {
      this.history.push(m);
      t.emit(m);
    }
    this.leftOpenBy = 'user'; // from now on, calls are left open only by an abort of this process
    if (!this.toolset) {
      this.toolset = await this.opts.tools((m) => t.emit(m), t.signal);
      t.event({ type: 'tool_list_ready', tools: this.toolset.schemas() });
    }
    return this.toolset;
  }

  private async drive(
    input: OmniMessage[],
    approve: ApproveFn | undefined,
    ac: AbortController,
    out: AsyncQueue<OmniMessage>,
  ): Promise<TaskResult> {
    const t = this.taskContext(ac, out);
    const { signal, emit, event, finishAborted } = t;
    const toolset = await this.prepare(t);
    for (const m of input) {
      this.history.push(m);
      emit(m);
    }

    const schedule = this.opts.retrySchedule ?? DEFAULT_RETRY_SCHEDULE_MS;
    const newRunner = () =>
      new CallRunner({
        sessionId: this.id,
        workspace: this.workspace,
        toolset,
        services: this.services,
        approve,
        signal,
        emit,
      });
    let lastText: string | undefined;
    for (;;) {
      if (signal.aborted) return finishAborted();
      for (const m of this.steering.splice(0)) {
        this.history.push(m);
        emit(m);
      }
      this.steerIds.clear();
      // at a turn boundary (the turn's tools have finished): compact when the last prompt reached the threshold
      if (this.compaction.mode !== 'off' && this.lastPrompt > 0 && this.lastPrompt >= this.contextUsage().threshold) {
        await this.compactNow('threshold', undefined, t);
        if (signal.aborted) return finishAborted();
      }

      // ── one request, retried on retryable failures; tool calls are decided and started as they complete ──
      let runner = newRunner();
      /** complete messages of this turn already in the trace (committed), in stream order */
      let turn: OmniMessage[] = [];
      /** an overflow was answered by a compaction: a second one right after ends the task */
      let overflowCompacted = false;
      for (let attempt = 0; ;) {
        event({ type: 'request_begin' });
        const sentChars =
          charsOf(this.history) + this.opts.systemPrompt.length + JSON.stringify(toolset.schemas()).length;
        /** complete messages of this attempt not committed yet: traced only if the request completes */
        let pending: OmniMessage[] = [];
        const gen = this.model.stream({
          system: this.opts.systemPrompt,
          // a model without vision never gets images (there are some after a switch from a vision model)
          messages: this.model.model.vision ? this.history : withoutImages(this.history),
          tools: toolset.schemas(),
          signal,
          timeoutMs: this.opts.requestTimeoutMs,
        });
        let result: ModelResult;
        for (;;) {
          const r = await gen.next();
          if (!this.replied) {
            this.replied = true;
            this.opts.onFirstReply?.();
          }
          if (r.done) {
            result = r.value;
            break;
          }
          emit(r.value, false);
          if (!isComplete(r.value)) continue;
          pending.push(r.value);
          if (isToolCall(r.value)) {
            // the call is decided (and may start) while the model goes on: what precedes it is committed now
            for (const m of pending) this.record(m);
            turn.push(...pending);
            pending = [];
            runner.submit(r.value);
          }
        }
        if (signal.aborted || result.stopReason === 'aborted') {
          event({ type: 'request_end', status: 'aborted' }); // every request_begin gets its request_end
          this.history.push(...turn);
          return (await this.settle(runner, signal, emit, finishAborted)) ?? finishAborted();
        }
        this.usage = addTokens(this.usage, result.usage);
        if (result.stopReason === 'completed') {
          const prompt = promptTokens(result.usage);
          if (prompt > 0) {
            this.lastPrompt = prompt;
            this.calibration = { chars: sentChars, tokens: prompt };
          }
          for (const m of pending) this.record(m);
          turn.push(...pending);
          event({ type: 'token_usage', session: { ...this.usage }, request: result.usage });
          event({ type: 'request_end', status: 'completed' });
          break;
        }
        if (result.overflow && runner.handed.length === 0) {
          // the prompt does not fit the window: compact once and ask again; a second overflow ends the task
          event({ type: 'token_usage', session: { ...this.usage }, request: result.usage });
          event({
            type: 'request_end',
            status: result.stopReason,
            ...(result.errorMessage ? { error_message: result.errorMessage } : {}),
          });
          const fail = (why: string): TaskResult => ({
            status: 'failed',
            errorMessage:
              `the conversation does not fit the context window of ${this.model.model.provider}/${this.model.model.id} ` +
              `(${this.model.model.contextWindow} tokens) ${why}: ${result.errorMessage ?? 'context length exceeded'}. ` +
              'Start a new session, or use a model with a larger context_window.',
          });
          if (overflowCompacted) return fail('even after compaction');
          overflowCompacted = true;
          const done = await this.compactNow('overflow', undefined, t);
          if (signal.aborted) return finishAborted();
          if (!done.ok) return fail(`and compacting it failed (${done.error})`);
          continue;
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
        const failure: TaskResult = { status: result.stopReason, errorMessage: result.errorMessage };
        // Calls this attempt already handed on were decided and may be running: they stay in the conversation
        // with their outputs (tools never re-run), and a retry continues after them.
        const waits: Promise<unknown>[] = [];
        if (runner.handed.length) {
          this.history.push(...turn);
          turn = [];
          waits.push(this.settle(runner, signal, emit, finishAborted));
          runner = newRunner();
        }
        if (wait !== undefined) waits.push(sleep(wait, signal));
        const [settled] = await Promise.all(waits);
        if (signal.aborted) return (settled as TaskResult | undefined) ?? finishAborted();
        if (wait === undefined) return failure;
      }
      this.history.push(...turn);
      for (const m of turn)
        if (m.payload && (m.payload as { type: string }).type === 'text')
          lastText = (m.payload as { text: string }).text;
      // Fault-suite fix (test/faults/trace-faults.test.ts): a trace write that fails while the completed turn is
      // committed aborts the signal; settle() then ends the task failed (trace) or aborted instead of completed.
      const ended = await this.settle(runner, signal, emit, finishAborted);
      if (ended) return ended;
      if (signal.aborted) return finishAborted();
      if (runner.handed.length === 0) {
        if (this.steering.length) continue;
        return { status: 'completed', text: lastText };
      }
    }
  }

  /**
   * One compaction (issue 10), traced as compaction_begin … compaction_end: prune old tool outputs first; if that
   * is not enough (or the mode says so), the model writes a structured summary, streamed as partial text. On success
   * the history is the new context and the trace continues in a new part; on failure or abort the old context stays.
   */
  private async compactNow(
    reason: 'threshold' | 'overflow' | 'manual',
    focus: string | undefined,
    t: TaskContext,
  ): Promise<{ ok: true } | { ok: false; error: string }> {
    const settings = this.compaction;
    const mode: CompactionMode = reason === 'manual' ? 'summarize' : settings.mode === 'off' ? 'auto' : settings.mode;
    const threshold = compactionThreshold(this.model.model.contextWindow, settings);
    const toolset = this.toolset!;
    const fixedChars = this.opts.systemPrompt.length + JSON.stringify(toolset.schemas()).length;
    const estimate = (h: readonly OmniMessage[]) => estimateTokens(charsOf(h) + fixedChars, this.calibration);
    t.event({
      type: 'compaction_begin',
      reason,
      mode,
      context: this.lastPrompt || estimate(this.history),
      turns: countTurns(this.history),
      ...(focus ? { focus } : {}),
    });
    const end = (status: 'completed' | 'failed', extra: Record<string, unknown>) =>
      t.event({ type: 'compaction_end', status, ...extra });
    let base: OmniMessage[] = this.history;
    let next: OmniMessage[] | undefined;
    let used: 'prune' | 'summary' = 'prune';
    let pruned = 0;
    if (mode === 'auto' || mode === 'prune') {
      const target = threshold * PRUNE_TARGET;
      const p = pruneOutputs(this.history, (h) => estimate(h) <= target);
      pruned = p.pruned;
      base = p.history;
      if (pruned && (mode === 'prune' || estimate(p.history) <= target)) next = p.history;
      else if (mode === 'prune') {
        end('failed', { error: 'no tool output left to prune' });
        return { ok: false, error: 'no tool output left to prune' };
      }
    }
    let usage: TokenCounts | undefined;
    if (!next) {
      used = 'summary';
      const r = await requestSummary({
        model: this.model,
        system: this.opts.systemPrompt,
        history: this.model.model.vision ? base : withoutImages(base),
        tools: toolset.schemas(),
        focus,
        signal: t.signal,
        timeoutMs: this.opts.requestTimeoutMs,
        onPartial: (m) => t.emit(m, false),
      });
      usage = r.usage;
      this.usage = addTokens(this.usage, r.usage);
      if (!r.ok) {
        const error = r.aborted ? 'aborted' : r.error;
        end('failed', { error, usage: r.usage });
        return { ok: false, error };
      }
      const perToken = this.calibration ? this.calibration.chars / this.calibration.tokens : 4;
      next = contextAfterSummary(base, r.summary, Math.floor(threshold * USER_BUDGET * perToken));
    }
    end('completed', { mode: used, pruned, context: estimate(next), ...(usage ? { usage } : {}) });
    this.history = next;
    this.lastPrompt = 0;
    if (this.opts.trace?.startPart && !this.traceError) {
      try {
        this.opts.trace.startPart(next);
      } catch (e) {
        this.traceError = e instanceof Error ? e : new Error(String(e));
        this.current?.abort(new HostStop(this.traceError.message));
      }
    }
    return { ok: true };
  }

  /**
   * Waits for the turn's decisions and running calls and adds their outputs to the history in call order. After an
   * abort, calls never reached get the abort note (`[interrupted: tool aborted by user]` when the person stopped
   * the task; emitted after the abort event) and the
   * aborted result is returned; otherwise undefined.
   */
  private async settle(
    runner: CallRunner,
    signal: AbortSignal,
    emit: (m: OmniMessage, trace?: boolean) => void,
    finishAborted: () => TaskResult,
  ): Promise<TaskResult | undefined> {
    const outputs = await runner.finish();
    let res: TaskResult | undefined;
    if (signal.aborted) {
      res = finishAborted();
      const by = abortedByOf(signal);
      for (const c of runner.handed) {
        const id = c.payload.tool_call_id;
        if (outputs.has(id)) continue;
        const closed = closedOutput(id, abortNote(by), 'aborted', undefined, { aborted_by: by });
        outputs.set(id, await drain(closed, (m) => emit(m, isComplete(m))));
      }
    }
    for (const c of runner.handed) {
      const o = outputs.get(c.payload.tool_call_id);
      if (o) this.history.push(o);
    }
    return res;
  }
}

interface TaskContext {
  signal: AbortSignal;
  /** to the consumer, and to the trace unless `trace` is false */
  emit: (m: OmniMessage, trace?: boolean) => void;
  event: (p: EventPayload) => void;
  finishAborted: () => TaskResult;
}

function toMessages(input: string | OmniMessage[]): OmniMessage[] {
  return typeof input === 'string' ? [userText(input)] : input;
}

function reasonOf(signal: AbortSignal): string | undefined {
  const r = signal.reason;
  if (r instanceof Error) return r.message;
  return typeof r === 'string' ? r : undefined;
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
