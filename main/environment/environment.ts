// The Environment: runs one prepared tool call and closes it the same way every time (SPEC §4) — framing with
// the call's tool_call_id, timeout, head-kept truncation, stop_reason precedence, `[no output]`, notes and images
// after the text. Never throws; never waits for a misbehaving tool after abort or timeout.
import { modelMsg, toolOutput, type ToolOutputFields } from '../../shared/omni/builders.js';
import type { ModelMessage, OmniMessage, StopReason, ToolCallOutputPayload } from '../../shared/omni/types.js';
import {
  DEFAULT_MAX_OUTPUT,
  DEFAULT_TIMEOUT_MS,
  OutputCutter,
  abortNote,
  abortedByOf,
  errorNote,
  timeoutNote,
  truncatedNote,
} from './close-out.js';
import type { Tool, ToolContext, ToolResult, ToolYield } from './types.js';

export interface RunToolOptions {
  tool: Tool;
  args: Record<string, unknown>;
  ctx: Omit<ToolContext, 'signal'>;
  /** the session's (or run's) abort signal: user abort */
  signal?: AbortSignal;
  origin?: string[];
}

type Step =
  { kind: 'next'; r: IteratorResult<ToolYield, ToolResult | void> } | { kind: 'error'; e: unknown } | { kind: 'stop' };

/** Frames a fixed text as a complete tool output stream (used for calls that fail before running). */
export async function* closedOutput(
  toolCallId: string,
  text: string,
  stopReason: StopReason,
  origin?: string[],
  fields?: ToolOutputFields,
): AsyncGenerator<OmniMessage, ModelMessage<ToolCallOutputPayload>> {
  const tag = <M extends OmniMessage>(m: M): M => (origin?.length ? { ...m, origin } : m);
  yield tag(modelMsg({ type: 'partial_tool_call_output', event_type: 'start', tool_call_id: toolCallId }));
  if (text)
    yield tag(
      modelMsg({ type: 'partial_tool_call_output', event_type: 'delta', tool_call_id: toolCallId, output: text }),
    );
  yield tag(modelMsg({ type: 'partial_tool_call_output', event_type: 'stop', tool_call_id: toolCallId }));
  const done = tag(toolOutput(toolCallId, text, stopReason, undefined, fields));
  yield done;
  return done;
}

/**
 * Runs the tool and yields: partial start, output deltas (and forwarded messages), partial stop, then the complete
 * tool_call_output. Returns the complete message as well.
 */
export async function* runTool(opts: RunToolOptions): AsyncGenerator<OmniMessage, ModelMessage<ToolCallOutputPayload>> {
  const { tool, ctx, origin } = opts;
  const id = ctx.toolCallId;
  const def = ctx.definition;
  const timeoutMs = def.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const limit = def.maxOutputLength ?? DEFAULT_MAX_OUTPUT;
  const tag = <M extends OmniMessage>(m: M): M => (origin?.length ? { ...m, origin } : m);
  const partial = (output?: string, event_type: 'start' | 'delta' | 'stop' = 'delta') =>
    tag(
      modelMsg({
        type: 'partial_tool_call_output',
        event_type,
        tool_call_id: id,
        ...(output !== undefined ? { output } : {}),
      }),
    );

  const ac = new AbortController();
  let aborted = false;
  let timedOut = false;
  let stopWaiting: () => void = () => {};
  const stopped = new Promise<Step>((resolve) => (stopWaiting = () => resolve({ kind: 'stop' })));
  const onUserAbort = () => {
    aborted = true;
    ac.abort(new Error('aborted by user'));
    stopWaiting();
  };
  if (opts.signal?.aborted) onUserAbort();
  else opts.signal?.addEventListener('abort', onUserAbort, { once: true });
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          ac.abort(new Error(`timeout after ${timeoutMs}ms`));
          stopWaiting();
        }, timeoutMs)
      : undefined;

  const cutter = new OutputCutter(limit);
  let thrown: unknown;
  let result: ToolResult | void = undefined;
  yield partial(undefined, 'start');
  let it: AsyncGenerator<ToolYield, ToolResult | void, void> | undefined;
  try {
    if (!aborted) it = tool.execute(opts.args, { ...ctx, signal: ac.signal });
    while (it && !aborted && !timedOut) {
      const step: Step = await Promise.race([
        it.next().then(
          (r): Step => ({ kind: 'next', r }),
          (e): Step => ({ kind: 'error', e }),
        ),
        stopped,
      ]);
      if (step.kind === 'stop') break;
      if (step.kind === 'error') {
        thrown = step.e;
        break;
      }
      if (step.r.done) {
        result = step.r.value;
        break;
      }
      const y = step.r.value;
      if (typeof y === 'string') {
        const out = cutter.push(y);
        if (out) yield partial(out);
      } else {
        yield y; // forwarded child message, already tagged by its producer
      }
    }
  } finally {
    if (timer) clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onUserAbort);
    if ((aborted || timedOut) && it) {
      // let the tool clean up in the background; never wait for it
      it.return(undefined).catch(() => {});
    }
  }

  let stop: StopReason;
  const notes: string[] = [];
  if (cutter.truncated) notes.push(truncatedNote(limit));
  const fields: ToolOutputFields = {};
  if (aborted) {
    stop = 'aborted';
    fields.aborted_by = abortedByOf(opts.signal);
    notes.push(abortNote(fields.aborted_by));
  } else if (timedOut) {
    stop = 'failed';
    if (result && result.note) notes.push(result.note);
    notes.push(timeoutNote(timeoutMs));
  } else if (thrown !== undefined) {
    stop = 'failed';
    notes.push(errorNote(thrown instanceof Error ? thrown.message : String(thrown)));
  } else {
    stop = (result && result.stopReason) || 'completed';
    if (result && result.note) notes.push(result.note);
  }
  const { tail, output } = cutter.finish(notes);
  if (tail) yield partial(tail);
  yield partial(undefined, 'stop');
  const images = stop === 'completed' && result && result.images?.length ? result.images : undefined;
  if (!aborted && result && result.exitCode !== undefined) fields.exit_code = result.exitCode;
  const done = tag(toolOutput(id, output, stop, images, fields));
  yield done;
  return done;
}
