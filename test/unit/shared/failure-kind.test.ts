import { describe, expect, it } from 'vitest';
import { failureLabel, statusInMessage } from '../../../shared/failure-kind.js';

describe('failureLabel: the chat names the latest attempt by its class, not by its stop reason', () => {
  // messages as main/llm/errors.ts writes them
  const port = 'http://127.0.0.1:9/v1';
  it.each([
    [
      'timeout',
      `unreachable: cannot reach ${port} (connect ECONNREFUSED 127.0.0.1:9: ECONNREFUSED)`,
      'connection refused',
    ],
    ['timeout', 'unreachable: cannot reach http://x.invalid/v1 (getaddrinfo ENOTFOUND x.invalid)', 'DNS lookup failed'],
    ['timeout', `timeout: no response from ${port} for 30000 ms`, 'timeout'],
    ['auth', 'HTTP 401: bad key — check the API key of provider "mock"', 'bad API key'],
    ['timeout', 'rate limited: HTTP 429 rate_limit_error: slow down', 'rate limited'],
    ['timeout', 'server error: HTTP 503 (no error message in the response body)', 'server error'],
    ['malformed', 'malformed stream: a chunk is not valid JSON (x)', 'malformed'],
  ])('%s + %s → %s', (stop, message, label) => {
    expect(failureLabel(stop, message)).toBe(label);
  });

  it('reads the HTTP status a message names', () => {
    expect(statusInMessage('server error: HTTP 503 (no body)')).toBe(503);
    expect(statusInMessage('HTTP/1.1 nothing')).toBeUndefined();
    expect(statusInMessage(undefined)).toBeUndefined();
  });
});
