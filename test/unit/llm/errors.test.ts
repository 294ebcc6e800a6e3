// Failure classification and Retry-After parsing.
import { beforeAll, describe, expect, it } from 'vitest';
import * as Anthropic from '@anthropic-ai/sdk';
import { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError, RateLimitError } from 'openai';
import {
  classifyFailure,
  httpErrorMessage,
  providerError,
  stopReasonForStatus,
  type FailureContext,
} from '../../../main/llm/errors.js';
import { parseRetryAfter, retryAfterFromHeaders } from '../../../main/llm/retry-after.js';
import { loadAnthropicSdk } from '../../../main/llm/anthropic/client.js';
import { loadOpenAISdk } from '../../../main/llm/openai/client.js';

// the clients load their SDK on the first request, which registers its error classes (main/llm/sdk-errors.ts)
beforeAll(async () => {
  await loadOpenAISdk();
  await loadAnthropicSdk();
});

const ctx = (over: Partial<FailureContext> = {}): FailureContext => ({
  aborted: false,
  timedOut: false,
  timeoutMs: 1000,
  phase: 'open',
  provider: 'local',
  baseUrl: 'http://127.0.0.1:1/v1',
  ...over,
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter('1.5')).toBe(1500);
    const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:27:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
  it('prefers retry-after-ms and reads Headers or plain records', () => {
    expect(retryAfterFromHeaders(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(retryAfterFromHeaders({ 'Retry-After': '2' })).toBe(2000);
    expect(retryAfterFromHeaders(undefined)).toBeUndefined();
  });
});

describe('classifyFailure', () => {
  it('maps HTTP statuses', () => {
    expect([401, 403, 429, 408, 500, 503, 529, 400, 404, 422].map(stopReasonForStatus)).toEqual([
      'auth',
      'auth',
      'timeout',
      'timeout',
      'timeout',
      'timeout',
      'timeout',
      'failed',
      'failed',
      'failed',
    ]);
  });

  it('builds a one-line message with status, type and provider message, plus retryAfterMs', () => {
    const e = new RateLimitError(
      429,
      { message: 'Slow\ndown', type: 'requests', code: 'rate_limit_exceeded' },
      undefined,
      new Headers({ 'retry-after': '7' }),
    );
    expect(classifyFailure(e, ctx())).toEqual({
      stopReason: 'timeout',
      errorMessage: 'rate limited: HTTP 429 requests: Slow down',
      status: 429,
      retryAfterMs: 7000,
    });
  });

  it('reads anthropic-shaped bodies and adds a hint on auth failures', () => {
    const e = Object.assign(new Error('401'), {
      status: 401,
      error: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
    });
    const f = classifyFailure(e, ctx());
    expect(f.stopReason).toBe('auth');
    expect(
      f.errorMessage.startsWith(
        'HTTP 401 authentication_error: invalid x-api-key — check the API key of provider "local"',
      ),
    ).toBe(true);
  });

  it('connection errors → timeout; JSON errors → malformed; cut body → malformed; abort and our timer win', () => {
    const conn = new APIConnectionError({
      message: 'Connection error.',
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
    });
    const c = classifyFailure(conn, ctx());
    expect(c.stopReason).toBe('timeout');
    expect(c.errorMessage).toContain('ECONNREFUSED');
    expect(classifyFailure(new SyntaxError('Unexpected token'), ctx({ phase: 'stream' })).stopReason).toBe('malformed');
    expect(classifyFailure(new TypeError('terminated'), ctx({ phase: 'stream' })).stopReason).toBe('malformed');
    expect(classifyFailure(new TypeError('weird'), ctx({ phase: 'open' })).stopReason).toBe('failed');
    expect(classifyFailure(new Error('x'), ctx({ aborted: true, timedOut: true })).stopReason).toBe('aborted');
    expect(classifyFailure(new Error('x'), ctx({ timedOut: true })).stopReason).toBe('timeout');
  });

  it('SDK errors are known by instanceof, not by class name (issue 24): renamed subclasses, both SDKs, look-alikes', () => {
    const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    // a bundler may rename the SDK's classes: what matters is the class, not its name
    class Xz extends APIConnectionError {}
    expect(classifyFailure(new Xz({ message: 'c', cause: refused() }), ctx()).errorMessage).toMatch(/^unreachable:/);
    class Yq extends APIConnectionTimeoutError {}
    expect(classifyFailure(new Yq(), ctx()).errorMessage).toMatch(/^timeout: no response/);
    class Wv extends APIUserAbortError {}
    expect(classifyFailure(new Wv(), ctx()).stopReason).toBe('aborted');
    // the Anthropic SDK's own classes
    const a = new Anthropic.APIConnectionError({ message: 'c', cause: refused() });
    expect(classifyFailure(a, ctx()).errorMessage).toMatch(/^unreachable:/);
    expect(classifyFailure(new Anthropic.APIUserAbortError(), ctx()).stopReason).toBe('aborted');
    // an error that only calls itself so is not an SDK connection error
    class APIConnectionError2 extends Error {}
    Object.defineProperty(APIConnectionError2, 'name', { value: 'APIConnectionError' });
    const fake = new APIConnectionError2('connect ECONNREFUSED');
    expect(classifyFailure(fake, ctx()).errorMessage).toMatch(/^request to .* failed/);
  });

  it('error events inside a 200 stream: retryable types → timeout, others → failed', () => {
    const ev = (type: string) =>
      Object.assign(new Error('e'), { error: { type: 'error', error: { type, message: 'm' } } });
    expect(classifyFailure(ev('overloaded_error'), ctx({ phase: 'stream' }))).toEqual({
      stopReason: 'timeout',
      errorMessage: 'stream error overloaded_error: m',
    });
    expect(classifyFailure(ev('invalid_request_error'), ctx({ phase: 'stream' })).stopReason).toBe('failed');
  });

  it('providerError / httpErrorMessage edge cases', () => {
    expect(providerError('plain text body')).toEqual({ message: 'plain text body' });
    expect(providerError(null)).toEqual({});
    expect(httpErrorMessage(502)).toBe('HTTP 502 (no error message in the response body)');
  });
});
