// Fault suite — the model side (issue 6 item 2): a stream cut mid-tool-call, 5xx, 429 with Retry-After,
// malformed SSE, a first byte slower than the request timeout, and auth failures, each against the scripted
// model server over real HTTP. Every case asserts the task's status, the request_end statuses, that no tool ran
// twice or half-parsed, and that the trace lost no line (every line parses; exactly the stream's complete
// messages). Must not mock the provider clients.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScriptStep } from '../fixtures/model-server.js';
import { cleanupAll, drain, expectTraceMatchesStream, intactTrace, pl, sdkSession } from './support.js';

afterEach(cleanupAll);

const allow = async () => 'allow' as const;

describe('model faults', () => {
  for (const protocol of ['openai', 'anthropic'] as const) {
    it(`${protocol}: a stream cut mid-tool-call is retried; the half call never runs; trace intact`, async () => {
      const { session, env, server } = await sdkSession(
        [{ cut: { afterText: 'Let me run', midToolCall: true } }, { reply: { text: 'Recovered without the tool.' } }],
        { protocol },
      );
      const { msgs, result } = await drain(session.run('go', { approve: allow }));
      expect(result.status).toBe('completed');
      const ends = pl(msgs, 'request_end');
      expect(ends.map((e) => e.status)).toEqual(['malformed', 'completed']);
      expect(ends[0]).toMatchObject({ attempt: 1, retry_in_ms: 5 });
      expect(pl(msgs, 'tool_call')).toEqual([]); // the cut call never completed…
      expect(pl(msgs, 'tool_call_output')).toEqual([]); // …so nothing ran
      expect(pl(msgs, 'approval_decision')).toEqual([]);
      expect(server.requests).toHaveLength(2);
      expect(fs.readdirSync(env.workspace)).toEqual([]);
      const trace = intactTrace(env.home);
      expectTraceMatchesStream(trace, msgs);
      expect(pl(trace, 'text').map((t) => t.text)).toEqual(['go', 'Recovered without the tool.']);
    });
  }

  it('5xx: 500 and 503 are retried with attempts counted; the tool of the good reply runs once', async () => {
    const { session, env, server } = await sdkSession([
      { error: { status: 500 } },
      { error: { status: 503 } },
      { reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd: 'echo ran >> once.txt' }, id: 'c1' }] } },
      { reply: { text: 'done' } },
    ]);
    const { msgs, result } = await drain(session.run('go', { approve: allow }));
    expect(result.status).toBe('completed');
    const ends = pl(msgs, 'request_end');
    expect(ends.slice(0, 2).map((e) => [e.status, e.attempt])).toEqual([
      ['timeout', 1],
      ['timeout', 2],
    ]);
    expect(ends[0].error_message).toContain('HTTP 500');
    expect(ends[1].error_message).toContain('HTTP 503');
    expect(ends.slice(2).map((e) => e.status)).toEqual(['completed', 'completed']);
    expect(server.requests).toHaveLength(4);
    expect(fs.readFileSync(path.join(env.workspace, 'once.txt'), 'utf8')).toBe('ran\n');
    expectTraceMatchesStream(intactTrace(env.home), msgs);
  });

  it('5xx on every attempt: 1 try + 5 retries, then the task fails with the error message', async () => {
    const { session, env, server } = await sdkSession(
      Array.from({ length: 6 }, () => ({ error: { status: 502 } }) as ScriptStep),
    );
    const { msgs, result } = await drain(session.run('go'));
    expect(result.status).toBe('timeout');
    expect(result.errorMessage).toContain('HTTP 502');
    expect(server.requests).toHaveLength(6);
    expect(pl(msgs, 'request_end').map((e) => [e.attempt, e.retry_in_ms ?? null])).toEqual([
      [1, 5],
      [2, 5],
      [3, 5],
      [4, 5],
      [5, 5],
      [6, null],
    ]);
    expectTraceMatchesStream(intactTrace(env.home), msgs);
  });

  it('429 with Retry-After: 1 waits about a second (the header beats the tiny schedule)', async () => {
    const { session, env, server } = await sdkSession([
      { error: { status: 429, headers: { 'retry-after': '1' } } },
      { reply: { text: 'after the wait' } },
    ]);
    const t0 = Date.now();
    const { msgs, result } = await drain(session.run('go'));
    expect(result.status).toBe('completed');
    const ends = pl(msgs, 'request_end');
    expect(ends[0]).toMatchObject({ status: 'timeout', attempt: 1, retry_in_ms: 1000 });
    expect(ends[0].error_message).toContain('HTTP 429');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2); // the SDK did not retry on its own
    expectTraceMatchesStream(intactTrace(env.home), msgs);
  });

  for (const protocol of ['openai', 'anthropic'] as const) {
    it(`${protocol}: malformed SSE → request_end malformed, retried, then completed`, async () => {
      const { session, env, server } = await sdkSession([{ malformed: true }, { reply: { text: 'clean now' } }], {
        protocol,
      });
      const { msgs, result } = await drain(session.run('go'));
      expect(result.status).toBe('completed');
      expect(result.text).toBe('clean now');
      const ends = pl(msgs, 'request_end');
      expect(ends.map((e) => e.status)).toEqual(['malformed', 'completed']);
      expect(typeof ends[0].error_message).toBe('string');
      expect(server.requests).toHaveLength(2);
      expectTraceMatchesStream(intactTrace(env.home), msgs);
    });
  }

  it('a first byte slower than requestTimeoutMs → timeout, retried, completed', async () => {
    const { session, env, server } = await sdkSession(
      [{ reply: { text: 'too late', delayMs: 3000 } }, { reply: { text: 'in time' } }],
      {
        agent: { requestTimeoutMs: 400 },
      },
    );
    const t0 = Date.now();
    const { msgs, result } = await drain(session.run('go'));
    expect(result.status).toBe('completed');
    expect(result.text).toBe('in time');
    expect(Date.now() - t0).toBeLessThan(2500); // did not wait for the slow answer
    const ends = pl(msgs, 'request_end');
    expect(ends.map((e) => e.status)).toEqual(['timeout', 'completed']);
    expect(server.requests).toHaveLength(2);
    const trace = intactTrace(env.home);
    expectTraceMatchesStream(trace, msgs);
    expect(JSON.stringify(trace)).not.toContain('too late');
  });

  for (const [protocol, status] of [
    ['openai', 401],
    ['anthropic', 401],
    ['openai', 403],
  ] as const) {
    it(`${protocol} ${status} → auth: no retry, the task ends with a clear message`, async () => {
      const { session, env, server } = await sdkSession([{ error: { status } }, { reply: { text: 'never' } }], {
        protocol,
      });
      const { msgs, result } = await drain(session.run('go'));
      expect(result.status).toBe('auth');
      expect(result.errorMessage).toContain(`HTTP ${status}`);
      expect(server.requests).toHaveLength(1);
      const ends = pl(msgs, 'request_end');
      expect(ends).toHaveLength(1);
      expect(ends[0].status).toBe('auth');
      expect(ends[0].retry_in_ms).toBeUndefined();
      const trace = intactTrace(env.home);
      expectTraceMatchesStream(trace, msgs);
      expect(JSON.stringify(trace)).not.toContain('test-key'); // the key never reaches the trace, even in errors
    });
  }
});
