// Agent loop against a fake in-memory ModelClient (the HTTP-level tests use the scripted model server).
import { describe, expect, it } from 'vitest';
import { settle, useFakeClock } from '../../helpers/fake-clock.js';
import { AgentSession } from '../../../main/engine/session.js';
import { Toolset } from '../../../main/environment/toolset.js';
import type { Tool } from '../../../main/environment/types.js';
import type { ModelClient, ModelRequest, ModelResult } from '../../../main/llm/types.js';
import { assistantText, toolCall, zeroTokens } from '../../../shared/omni/builders.js';
import type { OmniMessage } from '../../../shared/omni/types.js';

type Turn = OmniMessage[] | { fail: ModelResult['stopReason']; message?: string };

function fakeModel(turns: Turn[]) {
  const requests: ModelRequest[] = [];
  const client: ModelClient = {
    model: { provider: 'fake', protocol: 'openai', baseUrl: 'http://x', id: 'm', vision: false, contextWindow: 1000 },
    async *stream(req) {
      requests.push({ ...req, messages: [...req.messages] });
      const t = turns.shift();
      if (!t) return { stopReason: 'failed', errorMessage: 'script exhausted', usage: zeroTokens() };
      if (!Array.isArray(t)) return { stopReason: t.fail, errorMessage: t.message, usage: zeroTokens() };
      for (const m of t) yield m;
      return { stopReason: 'completed', usage: { cache_read: 1, cache_write: 0, output: 2, total: 10 } };
    },
  };
  return { client, requests };
}

/** A tool that sleeps `ms` (fake clock) or until aborted; `onStart` runs when a call of it has started. */
function sleepTool(name: string, perm: 'r' | 'rw' = 'rw', onStart?: () => void): Tool & { runs: number } {
  const t = {
    runs: 0,
    definition: {
      name,
      description: name,
      parameters: { type: 'object', properties: { ms: { type: 'number' } } },
      permission: perm,
    },
    async *execute(args: Record<string, unknown>, ctx: { signal: AbortSignal }) {
      t.runs++;
      onStart?.();
      await new Promise<void>((r) => {
        if (ctx.signal.aborted) return r(); // aborted by onStart itself
        const h = setTimeout(r, Number(args.ms ?? 0));
        ctx.signal.addEventListener('abort', () => {
          clearTimeout(h);
          r();
        });
      });
      yield `${name} done`;
    },
  };
  return t as never;
}

function session(
  client: ModelClient,
  tools: Tool[],
  extra: Partial<ConstructorParameters<typeof AgentSession>[0]> = {},
) {
  return new AgentSession({
    id: 's1',
    workspace: '/tmp',
    model: client,
    systemPrompt: 'sys',
    tools: async () => new Toolset(tools),
    retrySchedule: [5, 5, 5, 5, 5],
    ...extra,
  });
}

// Tools sleep, and aborts and releases are scheduled, on the fake clock: no test here waits on real time.
useFakeClock();

async function collect(gen: AsyncGenerator<OmniMessage, unknown>) {
  const msgs: OmniMessage[] = [];
  for (;;) {
    const r = await settle(gen.next());
    if (r.done) return { msgs, result: r.value as { status: string } };
    msgs.push(r.value);
  }
}

const ev = (msgs: OmniMessage[], t: string) =>
  msgs.filter((m) => (m.payload as { type: string }).type === t).map((m) => m.payload as any);

describe('who interrupted a call', () => {
  it('disposing of the session mid-task: the abort and the calls read as the host stopping, not the user', async () => {
    // disposed once the call runs: a timer set at the approval could fire before the call started (the fake clock
    // moves while the engine awaits real work, such as loading the argument validator), a different story
    const t = sleepTool('x', 'rw', () => void s.dispose());
    const { client } = fakeModel([[toolCall('x', '{"ms":10000}', 'a')]]);
    const s = session(client, [t]);
    const { msgs } = await collect(s.run('go', { approve: async () => 'allow' }));
    expect(ev(msgs, 'abort')).toEqual([{ type: 'abort', reason: 'session disposed', by: 'host' }]);
    expect(ev(msgs, 'tool_call_output').map((o) => [o.tool_call_id, o.aborted_by, o.output])).toEqual([
      ['a', 'host', '[interrupted: the host stopped]'],
    ]);
  });

  it('a resumed history left open by a crash is paired with the host note, later aborts with the user note', async () => {
    const { client, requests } = fakeModel([[assistantText('picked up')], [toolCall('x', '{"ms":10000}', 'b')]]);
    const ac = new AbortController();
    // the second task is aborted once its call runs (see the test above)
    const s = session(client, [sleepTool('x', 'rw', () => ac.abort())], {
      history: [toolCall('x', '{"ms":1}', 'a')],
      leftOpenBy: 'host',
    });
    const first = await collect(s.run('go on', { approve: async () => 'allow' }));
    expect(ev(first.msgs, 'tool_call_output').map((o) => [o.tool_call_id, o.aborted_by, o.output])).toEqual([
      ['a', 'host', '[interrupted: the host stopped]'],
    ]);
    const sent = requests[0]!.messages.map((m) => m.payload as any).filter((p) => p.type === 'tool_call_output');
    expect(sent.map((p) => p.output)).toEqual(['[interrupted: the host stopped]']);
    const second = await collect(s.run('more', { signal: ac.signal, approve: async () => 'allow' }));
    expect(ev(second.msgs, 'tool_call_output').map((o) => [o.tool_call_id, o.aborted_by, o.output])).toEqual([
      ['b', 'user', '[interrupted: tool aborted by user]'],
    ]);
  });
});

describe('agent loop', () => {
  it('asks one decision per call in order, runs allowed calls concurrently, returns outputs in call order', async () => {
    const slow = sleepTool('slow');
    const fast = sleepTool('fast');
    const { client, requests } = fakeModel([
      [toolCall('slow', '{"ms":300}', 'a'), toolCall('fast', '{"ms":10}', 'b')],
      [assistantText('ok')],
    ]);
    const asked: string[] = [];
    const s = session(client, [slow, fast]);
    const { msgs, result } = await collect(
      s.run('go', {
        approve: async (r) => {
          asked.push(r.toolName);
          return 'allow';
        },
      }),
    );
    expect(result.status).toBe('completed');
    expect(asked).toEqual(['slow', 'fast']);
    expect(ev(msgs, 'approval_decision').map((d) => [d.tool_call_id, d.decision])).toEqual([
      ['a', 'allow'],
      ['b', 'allow'],
    ]);
    // the fast one finishes first in the stream, but the model gets them in call order
    expect(ev(msgs, 'tool_call_output').map((o) => o.tool_call_id)).toEqual(['b', 'a']);
    const second = requests[1].messages.filter((m) => (m.payload as { type: string }).type === 'tool_call_output');
    expect(second.map((m) => (m.payload as { tool_call_id: string }).tool_call_id)).toEqual(['a', 'b']);
    // request_end comes before tools finish
    const kinds = msgs.map((m) => (m.payload as { type: string }).type);
    expect(kinds.indexOf('request_end')).toBeLessThan(kinds.indexOf('tool_call_output'));
  });

  it('denies everything without an approve callback', async () => {
    const t = sleepTool('x');
    const { client } = fakeModel([[toolCall('x', '{}', 'a')], [assistantText('fine')]]);
    const { msgs } = await collect(session(client, [t]).run('go'));
    expect(t.runs).toBe(0);
    expect(ev(msgs, 'tool_call_output')[0]).toMatchObject({
      output: 'Tool call denied by user.',
      stop_reason: 'aborted',
    });
  });

  it('a throwing callback counts as deny; forbidden is a policy denial', async () => {
    const t = sleepTool('x');
    const { client } = fakeModel([[toolCall('x', '{}', 'a'), toolCall('x', '{}', 'b')], [assistantText('k')]]);
    let n = 0;
    const { msgs } = await collect(
      session(client, [t]).run('go', {
        approve: async () => {
          if (n++ === 0) throw new Error('ui crashed');
          return 'forbidden';
        },
      }),
    );
    expect(ev(msgs, 'tool_call_output').map((o) => o.output)).toEqual([
      'Tool call denied by user.',
      'Tool call denied by policy.',
    ]);
  });

  it("a denial with the person's reason: the model reads it after SPEC's sentence (issue 25)", async () => {
    const t = sleepTool('x');
    const { client, requests } = fakeModel([[toolCall('x', '{}', 'a')], [assistantText('ok')]]);
    await collect(
      session(client, [t]).run('go', { approve: async () => ({ decision: 'deny', reason: 'use the staging db' }) }),
    );
    expect(t.runs).toBe(0);
    const out = requests[1].messages.map((m) => m.payload as any).find((p) => p.type === 'tool_call_output');
    expect(out).toMatchObject({
      output: 'Tool call denied by user. Reason: use the staging db',
      stop_reason: 'aborted',
    });
  });

  it('reports bad arguments and unknown tools with the exact texts', async () => {
    const t = sleepTool('x');
    const { client } = fakeModel([
      [
        toolCall('x', '', 'a'),
        toolCall('x', '{bad', 'b'),
        toolCall('nope', '{}', 'c'),
        toolCall('x', '{"ms":"slow"}', 'd'),
      ],
      [assistantText('k')],
    ]);
    const { msgs } = await collect(session(client, [t]).run('go', { approve: async () => 'allow' }));
    const outs = ev(msgs, 'tool_call_output');
    expect(outs[0].output).toBe(
      'Tool call "x" failed: the arguments field is empty. Re-issue the call with a complete JSON object.',
    );
    expect(outs[1].output).toMatch(
      /^Tool call "x" failed: the arguments are not valid JSON \(.+\)\. Re-issue the call with one complete, valid JSON object\.$/,
    );
    expect(outs[2].output).toMatch(/^Unknown tool: nope/);
    expect(outs[3].output).toMatch(/ms: must be number/);
    expect(outs.every((o) => o.stop_reason === 'failed')).toBe(true);
    expect(t.runs).toBe(0);
  });

  it('retries retryable failures with attempt and retry_in_ms, tools run once; auth ends the task', async () => {
    const t = sleepTool('x');
    const { client } = fakeModel([
      { fail: 'timeout', message: 'HTTP 429' },
      { fail: 'malformed' },
      [toolCall('x', '{}', 'a')],
      [assistantText('done')],
    ]);
    const { msgs, result } = await collect(session(client, [t]).run('go', { approve: async () => 'allow' }));
    expect(result.status).toBe('completed');
    expect(ev(msgs, 'request_end').map((e) => [e.status, e.attempt, e.retry_in_ms])).toEqual([
      ['timeout', 1, 5],
      ['malformed', 2, 5],
      ['completed', undefined, undefined],
      ['completed', undefined, undefined],
    ]);
    expect(t.runs).toBe(1);
    const auth = fakeModel([{ fail: 'auth', message: 'HTTP 401' }]);
    const r2 = await collect(session(auth.client, []).run('go'));
    expect(r2.result.status).toBe('auth');
    expect(ev(r2.msgs, 'request_end')).toHaveLength(1);
  });

  it('gives up after five retries', async () => {
    const { client } = fakeModel(Array.from({ length: 6 }, () => ({ fail: 'timeout' as const })));
    const { msgs, result } = await collect(session(client, []).run('go'));
    expect(result.status).toBe('timeout');
    expect(ev(msgs, 'request_end').map((e) => e.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ev(msgs, 'request_end')[5].retry_in_ms).toBeUndefined();
  });

  it('abort interrupts running tools; the next run keeps pairing intact', async () => {
    // aborted once call a runs and call b waits for its approval (not on a timer: see the first test)
    const ac = new AbortController();
    let asked = 0;
    let started = false;
    const abortWhenBoth = () => {
      if (started && asked === 2) ac.abort();
    };
    const t = sleepTool('x', 'rw', () => ((started = true), abortWhenBoth()));
    const { client, requests } = fakeModel([
      [toolCall('x', '{"ms":10000}', 'a'), toolCall('x', '{"ms":10000}', 'b')],
      [assistantText('again')],
    ]);
    const s = session(client, [t]);
    const run = collect(
      s.run('go', {
        signal: ac.signal,
        approve: async () => {
          if (++asked === 2) queueMicrotask(abortWhenBoth);
          return asked === 1 ? 'allow' : new Promise(() => {}); // the second approval never comes
        },
      }),
    );
    const { msgs, result } = await run;
    expect(result.status).toBe('aborted');
    expect(ev(msgs, 'abort')).toHaveLength(1);
    const outs = ev(msgs, 'tool_call_output');
    expect(outs.map((o) => [o.tool_call_id, o.stop_reason])).toEqual(
      expect.arrayContaining([
        ['a', 'aborted'],
        ['b', 'aborted'],
      ]),
    );
    expect(outs.find((o) => o.tool_call_id === 'a').output).toBe('[interrupted: tool aborted by user]');
    await collect(s.run('go on', { approve: async () => 'allow' }));
    const hist = requests[1].messages.map((m) => m.payload as any);
    for (const id of ['a', 'b'])
      expect(hist.filter((p) => p.type === 'tool_call_output' && p.tool_call_id === id)).toHaveLength(1);
  });

  it('steering input is delivered at the next turn boundary', async () => {
    const t = sleepTool('x');
    const { client, requests } = fakeModel([[toolCall('x', '{"ms":50}', 'a')], [assistantText('k')]]);
    const s = session(client, [t]);
    const gen = s.run('go', { approve: async () => 'allow' });
    await settle(gen.next());
    s.steer('also do y');
    await collect(gen);
    const texts = requests[1].messages
      .map((m) => m.payload as any)
      .filter((p) => p.type === 'text')
      .map((p) => p.text);
    expect(texts).toEqual(['go', 'also do y']);
  });

  it('queued steering input can be taken back until it is delivered (issue 25)', async () => {
    const t = sleepTool('x');
    const { client, requests } = fakeModel([[toolCall('x', '{"ms":50}', 'a')], [assistantText('k')]]);
    const s = session(client, [t]);
    const gen = s.run('go', { approve: async () => 'allow' });
    await settle(gen.next());
    const keep = s.steer('keep this');
    const drop = s.steer('not this');
    expect(s.unsteer(drop)).toBe(true);
    expect(s.unsteer(drop)).toBe(false);
    await collect(gen);
    const texts = requests[1].messages
      .map((m) => m.payload as any)
      .filter((p) => p.type === 'text')
      .map((p) => p.text);
    expect(texts).toEqual(['go', 'keep this']);
    expect(s.unsteer(keep)).toBe(false); // delivered
  });
});

/** A model that streams `before`, then waits for `gate` (or the abort), then ends as `end`. */
function gatedModel(
  before: OmniMessage[],
  gate: Promise<void>,
  end: ModelResult['stopReason'],
  after: OmniMessage[][] = [],
) {
  const requests: ModelRequest[] = [];
  let first = true;
  const client: ModelClient = {
    model: { provider: 'fake', protocol: 'openai', baseUrl: 'http://x', id: 'm', vision: false, contextWindow: 1000 },
    async *stream(req) {
      requests.push({ ...req, messages: [...req.messages] });
      if (!first) {
        for (const m of after.shift() ?? [assistantText('done')]) yield m;
        return { stopReason: 'completed', usage: zeroTokens() };
      }
      first = false;
      for (const m of before) yield m;
      const aborted = new Promise<void>((r) => req.signal?.addEventListener('abort', () => r(), { once: true }));
      await Promise.race([gate, aborted]);
      if (req.signal?.aborted) return { stopReason: 'aborted', usage: zeroTokens() };
      return {
        stopReason: end,
        errorMessage: end === 'completed' ? undefined : `scripted ${end}`,
        usage: zeroTokens(),
      };
    },
  };
  return { client, requests };
}

const kinds = (msgs: OmniMessage[]) =>
  msgs
    .filter((m) => !String((m.payload as any).type).startsWith('partial_'))
    .map((m) => {
      const p = m.payload as any;
      return p.tool_call_id ? `${p.type}:${p.tool_call_id}` : p.type;
    });

describe('calls start as their stream completes', () => {
  it('a complete call is decided and finished while the model is still streaming', async () => {
    const t = sleepTool('x');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    setTimeout(() => release(), 2000); // without streamed calls the output could never come first: fail, not hang
    const { client } = gatedModel([toolCall('x', '{"ms":5}', 'a')], gate, 'completed');
    const trace: OmniMessage[] = [];
    const s = session(client, [t], { trace: { append: (m) => trace.push(m) } });
    const gen = s.run('go', { approve: async () => 'allow' });
    const msgs: OmniMessage[] = [];
    for (;;) {
      const r = await settle(gen.next());
      if (r.done) break;
      msgs.push(r.value);
      if ((r.value.payload as any).type === 'tool_call_output') release(); // the stream resumes only after the output
    }
    expect(kinds(msgs)).toEqual([
      'tool_list_ready',
      'text',
      'request_begin',
      'tool_call:a',
      'approval_decision:a',
      'tool_call_output:a',
      'token_usage',
      'request_end',
      'request_begin',
      'text',
      'token_usage',
      'request_end',
    ]);
    expect(kinds(trace)).toEqual(kinds(msgs));
  });

  it('a failed attempt after a started call keeps the call and its output; the retry continues after them', async () => {
    const t = sleepTool('x');
    const { client, requests } = gatedModel(
      [assistantText('working'), toolCall('x', '{"ms":5}', 'a')],
      Promise.resolve(),
      'malformed',
    );
    const trace: OmniMessage[] = [];
    const s = session(client, [t], { trace: { append: (m) => trace.push(m) } });
    const { msgs, result } = await collect(s.run('go', { approve: async () => 'allow' }));
    expect(result.status).toBe('completed');
    expect(t.runs).toBe(1);
    expect(ev(msgs, 'request_end').map((e) => [e.status, e.attempt])).toEqual([
      ['malformed', 1],
      ['completed', undefined],
    ]);
    // the retry carries the call and its output: tools are never re-run, the model continues after them
    const retried = requests[1].messages.map((m) => kinds([m])[0]);
    expect(retried).toEqual(['text', 'text', 'tool_call:a', 'tool_call_output:a']);
    expect(kinds(trace).filter((k) => k.includes(':a'))).toEqual([
      'tool_call:a',
      'approval_decision:a',
      'tool_call_output:a',
    ]);
    expect(s.getHistory().map((m) => kinds([m])[0])).toEqual([
      'text',
      'text',
      'tool_call:a',
      'tool_call_output:a',
      'text',
    ]);
  });

  it('a failure that ends the task still pairs the started call with its output', async () => {
    const t = sleepTool('x');
    const { client } = gatedModel([toolCall('x', '{"ms":30}', 'a')], Promise.resolve(), 'auth');
    const s = session(client, [t]);
    const { msgs, result } = await collect(s.run('go', { approve: async () => 'allow' }));
    expect(result).toMatchObject({ status: 'auth', errorMessage: 'scripted auth' });
    expect(ev(msgs, 'tool_call_output')).toEqual([
      expect.objectContaining({ tool_call_id: 'a', output: 'x done', stop_reason: 'completed' }),
    ]);
    expect(s.getHistory().map((m) => kinds([m])[0])).toEqual(['text', 'tool_call:a', 'tool_call_output:a']);
  });

  it('abort while the model streams: the running call is interrupted, a call waiting for approval denied, each paired once', async () => {
    // aborted once call a runs and call b waits for its approval (not on a timer: see the first test of the file)
    const ac = new AbortController();
    let asked = 0;
    let started = false;
    const abortWhenBoth = () => {
      if (started && asked === 2) ac.abort(new Error('stop'));
    };
    const t = sleepTool('x', 'rw', () => ((started = true), abortWhenBoth()));
    const { client } = gatedModel(
      [toolCall('x', '{"ms":5000}', 'a'), toolCall('x', '{}', 'b')],
      new Promise<void>(() => {}),
      'completed',
    );
    const s = session(client, [t]);
    const { msgs, result } = await collect(
      s.run('go', {
        signal: ac.signal,
        approve: async (_req, signal) => {
          if (++asked === 1) return 'allow';
          queueMicrotask(abortWhenBoth);
          return new Promise<'allow'>((r) => signal?.addEventListener('abort', () => setTimeout(() => r('allow'), 10)));
        },
      }),
    );
    expect(result.status).toBe('aborted');
    const outs = ev(msgs, 'tool_call_output');
    expect(outs.map((o) => [o.tool_call_id, o.stop_reason]).sort()).toEqual([
      ['a', 'aborted'],
      ['b', 'aborted'],
    ]);
    expect(outs.find((o) => o.tool_call_id === 'a').output).toBe('[interrupted: tool aborted by user]');
    expect(outs.find((o) => o.tool_call_id === 'a').aborted_by).toBe('user');
    expect(outs.find((o) => o.tool_call_id === 'b').output).toBe('Tool call denied by user.');
    expect(outs.find((o) => o.tool_call_id === 'b').aborted_by).toBe('approval');
    expect(ev(msgs, 'abort')).toEqual([{ type: 'abort', reason: 'stop', by: 'user' }]);
    expect(ev(msgs, 'request_end')).toEqual([{ type: 'request_end', status: 'aborted' }]);
    expect(s.getHistory().map((m) => kinds([m])[0])).toEqual([
      'text',
      'tool_call:a',
      'tool_call:b',
      'tool_call_output:a',
      'tool_call_output:b',
    ]);
  });
});

describe('onFirstReply (issue 21: command set-up waits until the first request has its answer)', () => {
  it('is called once, when the first request has answered and not before, across turns and tasks', async () => {
    let calls = 0;
    let requestsAtCall = -1;
    const { client, requests } = fakeModel([
      [toolCall('c1', 'slow', '{"ms":1}')],
      [assistantText('done')],
      [assistantText('again')],
    ]);
    const s = session(client, [sleepTool('slow')], {
      onFirstReply: () => {
        calls++;
        requestsAtCall = requests.length;
      },
    });
    expect(calls).toBe(0);
    const first = await collect(s.run('go', { approve: async () => 'allow' }));
    expect(first.result.status).toBe('completed');
    expect(requests).toHaveLength(2);
    expect(requestsAtCall).toBe(1);
    await collect(s.run('more'));
    expect(requests).toHaveLength(3);
    expect(calls).toBe(1);
  });
});
