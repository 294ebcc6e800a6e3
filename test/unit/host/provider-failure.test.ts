// The classifier behind Settings' "Test": each failure class from what the model client returns.
import { describe, expect, it } from 'vitest';
import { describeProviderFailure, failureKind } from '../../../main/host/provider-failure.js';

const base = 'http://127.0.0.1:9/v1';

describe('provider test failures', () => {
  it('names network failures by their error code, not by the stop reason', () => {
    const refused = {
      stopReason: 'timeout',
      errorMessage:
        'unreachable: cannot reach http://127.0.0.1:9/v1 (fetch failed: connect ECONNREFUSED 127.0.0.1:9: ECONNREFUSED)',
    };
    expect(failureKind(refused)).toBe('refused');
    expect(describeProviderFailure(refused, base, 'local').message).toMatch(
      /^connection refused: nothing is listening at 127\.0\.0\.1:9/,
    );
    const dns = {
      stopReason: 'timeout',
      errorMessage: 'unreachable: cannot reach https://nope.invalid/v1 (getaddrinfo ENOTFOUND nope.invalid: ENOTFOUND)',
    };
    expect(failureKind(dns)).toBe('dns');
    expect(describeProviderFailure(dns, 'https://nope.invalid/v1', 'x').message).toContain(
      'DNS lookup failed: the host name nope.invalid',
    );
    expect(failureKind({ stopReason: 'timeout', errorMessage: 'unreachable: cannot reach h (EAI_AGAIN)' })).toBe('dns');
    expect(
      failureKind({
        stopReason: 'timeout',
        errorMessage: 'unreachable: cannot reach h (connect EHOSTUNREACH 10.0.0.1)',
      }),
    ).toBe('unreachable');
  });

  it('names HTTP failures by status and replaces the client hint with its own', () => {
    const auth = describeProviderFailure(
      {
        stopReason: 'auth',
        status: 401,
        errorMessage: 'HTTP 401 invalid_request_error: Incorrect API key — check the API key of provider "p"',
      },
      base,
      'p',
    );
    expect(auth.kind).toBe('auth');
    expect(auth.message).toBe(
      'bad API key (HTTP 401): the server refused the key — check api_key / api_key_env of "p". HTTP 401 invalid_request_error: Incorrect API key',
    );
    expect(failureKind({ stopReason: 'auth', status: 403 })).toBe('auth');
    const nf = describeProviderFailure(
      { stopReason: 'failed', status: 404, errorMessage: 'HTTP 404: no route' },
      base,
      'p',
    );
    expect(nf.kind).toBe('not-found');
    expect(nf.message).toContain('check the base URL');
    expect(failureKind({ stopReason: 'timeout', status: 503, errorMessage: 'server error: HTTP 503' })).toBe('server');
    expect(failureKind({ stopReason: 'timeout', status: 429 })).toBe('rate-limited');
    expect(failureKind({ stopReason: 'timeout', status: 408 })).toBe('timeout');
  });

  it('a real timeout stays a timeout; anything else keeps the client message', () => {
    const t = { stopReason: 'timeout', errorMessage: 'timeout: no response from http://h/v1 for 20000 ms' };
    expect(failureKind(t)).toBe('timeout');
    expect(describeProviderFailure(t, 'http://h/v1', 'p').message).toBe(
      'timeout: h accepted the request but did not answer in time. timeout: no response from http://h/v1 for 20000 ms',
    );
    const odd = { stopReason: 'malformed', errorMessage: 'malformed stream: a chunk is not valid JSON (x)' };
    expect(describeProviderFailure(odd, base, 'p')).toEqual({ kind: 'other', message: odd.errorMessage });
  });
});
