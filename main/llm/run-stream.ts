// The shared driver of one streaming model request: abort wiring, the per-request inactivity timeout, error
// classification, and the "did the stream end properly?" check. Both providers plug in an `open` function and
// an event reader. Never throws: every failure becomes the returned ModelResult.
// Must not know any provider's wire format.
import { zeroTokens } from '../../shared/omni/builders.js';
import type { OmniMessage, TokenCounts } from '../../shared/omni/types.js';
import { abortedFailure, classifyFailure, type FailureContext, timeoutFailure } from './errors.js';
import type { ModelRequest, ModelResult } from './types.js';

const DEFAULT_TIMEOUT_MS = 120_000;

/** What a provider's stream reader offers the driver. */
export interface EventReader<E> {
  push(event: E): OmniMessage[];
  /** true once the provider's proper end marker was seen (finish_reason / message_stop) */
  readonly ended: boolean;
  /** proper end: flush what is still open (complete messages) */
  finish(): OmniMessage[];
  /** failure: close open partials without complete messages */
  abandon(): OmniMessage[];
  /** text for the malformed message when the stream ended without its end marker */
  readonly cutDescription: string;
  usage(): TokenCounts;
}

export interface RunOptions<E> {
  req: ModelRequest;
  provider: string;
  baseUrl: string;
  /** Starts the HTTP request; resolves once the response headers arrived. */
  open(signal: AbortSignal, timeoutMs: number): Promise<AsyncIterable<E>>;
  reader: EventReader<E>;
}

/**
 * Runs one request. The timeout (`req.timeoutMs`, default 120000) covers the wait for the response and every
 * silence in the stream: it is re-armed each time data arrives, so a long answer that keeps streaming is not cut,
 * while a server that never answers (or stalls) ends as `timeout`.
 */
export async function* runStream<E>(opts: RunOptions<E>): AsyncGenerator<OmniMessage, ModelResult, void> {
  const { req, reader } = opts;
  const timeoutMs = req.timeoutMs && req.timeoutMs > 0 ? req.timeoutMs : DEFAULT_TIMEOUT_MS;
  const ctx: FailureContext = {
    aborted: false,
    timedOut: false,
    timeoutMs,
    phase: 'open',
    provider: opts.provider,
    baseUrl: opts.baseUrl,
  };
  const fail = (f: {
    stopReason: ModelResult['stopReason'];
    errorMessage: string;
    status?: number;
    retryAfterMs?: number;
  }): ModelResult => ({
    ...f,
    usage: reader.usage(),
  });
  if (req.signal?.aborted) return { ...abortedFailure(), usage: zeroTokens() };

  const ctl = new AbortController();
  const onAbort = (): void => {
    ctx.aborted = true;
    ctl.abort();
  };
  req.signal?.addEventListener('abort', onAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const disarm = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  const arm = (): void => {
    disarm();
    timer = setTimeout(() => {
      ctx.timedOut = true;
      ctl.abort();
    }, timeoutMs);
  };
  let settled = false;
  try {
    arm();
    let events: AsyncIterable<E>;
    try {
      events = await opts.open(ctl.signal, timeoutMs);
    } catch (e) {
      return fail(classifyFailure(e, ctx));
    }
    ctx.phase = 'stream';
    try {
      for await (const ev of events) {
        if (ctx.aborted || ctx.timedOut) break;
        disarm();
        const out = reader.push(ev);
        // The consumer's pace must not count against the server: the timer is off while we yield.
        for (const m of out) yield m;
        arm();
      }
    } catch (e) {
      const f = classifyFailure(e, ctx);
      for (const m of reader.abandon()) yield m;
      return fail(f);
    }
    disarm();
    if (ctx.aborted) {
      for (const m of reader.abandon()) yield m;
      return fail(abortedFailure());
    }
    if (ctx.timedOut) {
      for (const m of reader.abandon()) yield m;
      return fail(timeoutFailure(ctx));
    }
    if (!reader.ended) {
      for (const m of reader.abandon()) yield m;
      return fail({ stopReason: 'malformed', errorMessage: `malformed stream: ${reader.cutDescription}` });
    }
    for (const m of reader.finish()) yield m;
    settled = true;
    return { stopReason: 'completed', usage: reader.usage() };
  } finally {
    disarm();
    req.signal?.removeEventListener('abort', onAbort);
    // Consumer stopped early (generator.return) or we failed: make sure the connection is closed.
    if (!settled) ctl.abort();
  }
}
