// Classifies every failure of a model request into a StopReason with a clear one-line message.
// Pure: takes the thrown value plus what the caller knows (aborted? timed out? which phase?). Never throws.
// Must not retry or sleep: the engine owns retries.
import type { StopReason } from '../../shared/omni/types.js';
import { isContextOverflow } from './overflow.js';
import { retryAfterFromHeaders } from './retry-after.js';
import { sdkErrorKind } from './sdk-errors.js';

export interface FailureContext {
  /** the caller's signal fired */
  aborted: boolean;
  /** our per-request timer fired */
  timedOut: boolean;
  timeoutMs: number;
  /** 'open' = before the first byte of the body; 'stream' = while reading it */
  phase: 'open' | 'stream';
  /** provider name from config.yaml, for hints */
  provider: string;
  baseUrl: string;
}

export interface Failure {
  stopReason: StopReason;
  errorMessage: string;
  status?: number;
  retryAfterMs?: number;
  /** the prompt did not fit the model's context window (overflow.ts): the engine compacts and retries once */
  overflow?: boolean;
}

/** Provider error types that mean "try again later" even without an HTTP status (mid-stream error events). */
const RETRYABLE_TYPES = new Set(['overloaded_error', 'api_error', 'rate_limit_error', 'server_error', 'timeout_error']);

const oneLine = (s: string): string => s.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/** Finds `{type, message}` in an error body of either provider (`{error:{type,message}}` or `{type,message}`). */
export function providerError(body: unknown): { type?: string; message?: string; code?: string } {
  if (body == null) return {};
  if (typeof body === 'string') return { message: body };
  if (typeof body !== 'object') return { message: String(body) };
  const o = body as Record<string, unknown>;
  const inner = o.error && typeof o.error === 'object' ? (o.error as Record<string, unknown>) : o;
  const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
  const message = str(inner.message) ?? (typeof o.error === 'string' ? o.error : undefined);
  const type = str(inner.type) === 'error' ? undefined : str(inner.type);
  return { type, message, code: str(inner.code) };
}

/** `HTTP 429 rate_limit_error: <message>` (type and message omitted when absent). */
export function httpErrorMessage(status: number, type?: string, message?: string): string {
  const head = `HTTP ${status}${type ? ` ${type}` : ''}`;
  return oneLine(message ? `${head}: ${message}` : `${head} (no error message in the response body)`);
}

export function stopReasonForStatus(status: number): StopReason {
  if (status === 401 || status === 403) return 'auth';
  if (status === 408 || status === 429 || status >= 500) return 'timeout';
  return 'failed';
}

/** What an HTTP failure status means, as the first words of its message: the stop reason alone ("timeout") hides it. */
function labelForStatus(status: number): string {
  if (status === 429) return 'rate limited: ';
  if (status >= 500) return 'server error: ';
  if (status === 408) return 'timeout: ';
  return '';
}

/** Error codes of a connection that never reached the server. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);
/** Error codes and texts of a connection the server accepted and then closed before answering. */
const CLOSED_EARLY = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED']);

function causeCodes(e: unknown): string[] {
  const out: string[] = [];
  let cur: unknown = e;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') out.push(code);
    const m = (cur as { message?: unknown }).message;
    if (typeof m === 'string' && /other side closed|socket hang up/i.test(m)) out.push('UND_ERR_SOCKET');
    cur = (cur as { cause?: unknown }).cause;
  }
  return out;
}

function hintFor(status: number, ctx: FailureContext): string {
  if (status === 401 || status === 403) {
    return ` — check the API key of provider "${ctx.provider}" (api_key / api_key_env in config.yaml)`;
  }
  if (status === 404) return ` — check base_url (${ctx.baseUrl}) and the model id of provider "${ctx.provider}"`;
  return '';
}

function causeText(e: unknown): string {
  const parts: string[] = [];
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const m = (cur as { message?: unknown; code?: unknown }).message;
    const code = (cur as { code?: unknown }).code;
    if (typeof m === 'string' && m && !parts.includes(m)) parts.push(m);
    if (typeof code === 'string' && !parts.includes(code)) parts.push(code);
    cur = (cur as { cause?: unknown }).cause;
  }
  return parts.join(': ') || String(e);
}

export function timeoutFailure(ctx: FailureContext): Failure {
  const what = ctx.phase === 'open' ? 'no response' : 'the stream stalled: no data';
  return { stopReason: 'timeout', errorMessage: `timeout: ${what} from ${ctx.baseUrl} for ${ctx.timeoutMs} ms` };
}

export const abortedFailure = (): Failure => ({ stopReason: 'aborted', errorMessage: 'aborted by user' });

/** Maps anything thrown by an SDK call or stream iteration to a Failure. */
export function classifyFailure(e: unknown, ctx: FailureContext): Failure {
  if (ctx.aborted) return abortedFailure();
  if (ctx.timedOut) return timeoutFailure(ctx);
  const kind = sdkErrorKind(e);
  const err = (e ?? {}) as { status?: unknown; error?: unknown; headers?: unknown; message?: unknown; type?: unknown };
  if (typeof err.status === 'number') {
    const status = err.status;
    const pe = providerError(err.error);
    const type = pe.type;
    let message = pe.message;
    if (!message && typeof err.message === 'string')
      message = err.message.replace(new RegExp(`^${status}\\s*`), '') || undefined;
    if (message === 'status code (no body)') message = undefined;
    const f: Failure = {
      stopReason: stopReasonForStatus(status),
      errorMessage: labelForStatus(status) + httpErrorMessage(status, type, message) + hintFor(status, ctx),
      status,
    };
    const ra = retryAfterFromHeaders(err.headers as never);
    if (ra !== undefined) f.retryAfterMs = ra;
    if (isContextOverflow({ status, type, code: pe.code, message })) f.overflow = true;
    return f;
  }
  if (kind === 'timeout') return timeoutFailure({ ...ctx, phase: 'open' });
  if (kind === 'abort') return abortedFailure();
  if (kind === 'connection') {
    const codes = causeCodes(e);
    if (codes.some((c) => CLOSED_EARLY.has(c)) && !codes.some((c) => UNREACHABLE.has(c))) {
      return {
        stopReason: 'timeout',
        errorMessage: oneLine(
          `connection closed early: ${ctx.baseUrl} accepted the connection but closed it before sending a response (${causeText((e as { cause?: unknown }).cause ?? e)}) — the server of provider "${ctx.provider}" may have crashed or be restarting; check its logs`,
        ),
      };
    }
    return {
      stopReason: 'timeout',
      errorMessage: oneLine(
        `unreachable: cannot reach ${ctx.baseUrl} (${causeText((e as { cause?: unknown }).cause ?? e)}) — is the server running and base_url of provider "${ctx.provider}" right?`,
      ),
    };
  }
  if (e instanceof SyntaxError) {
    return {
      stopReason: 'malformed',
      errorMessage: oneLine(`malformed stream: a chunk is not valid JSON (${e.message})`),
    };
  }
  // An error body without HTTP status: an error event inside a 200 stream (anthropic `event: error`, openai `data: {"error":…}`).
  if (kind === 'api' || (err.error && typeof err.error === 'object')) {
    const { type, message, code } = providerError(err.error);
    const t = type ?? (typeof err.type === 'string' ? err.type : undefined);
    const msg = message ?? (typeof err.message === 'string' ? err.message : undefined);
    return {
      stopReason: t && RETRYABLE_TYPES.has(t) ? 'timeout' : 'failed',
      errorMessage: oneLine(`stream error${t ? ` ${t}` : ''}: ${msg ?? 'no message'}`),
      ...(isContextOverflow({ type: t, code, message: msg }) ? { overflow: true } : {}),
    };
  }
  if (ctx.phase === 'stream') {
    return {
      stopReason: 'malformed',
      errorMessage: oneLine(`malformed stream: the response was cut (${causeText(e)})`),
    };
  }
  return { stopReason: 'failed', errorMessage: oneLine(`request to ${ctx.baseUrl} failed: ${causeText(e)}`) };
}
