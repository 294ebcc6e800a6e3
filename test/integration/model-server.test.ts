// The providers against the scripted model server (real HTTP on 127.0.0.1): replies in both protocols,
// what the server recorded, and every failure class (auth, 429 + Retry-After, 500, cut, malformed, hang, abort).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { modelMsg, toolCall, toolOutput, userText } from '../../shared/omni/builders.js';
import { createModelClient } from '../../main/llm/index.js';
import type { ModelRequest, Protocol } from '../../main/llm/types.js';
import { startModelServer, type ModelServer, type ScriptStep } from '../fixtures/model-server.js';
import { completes, drain, model, partialViolations, payloads } from '../unit/llm/helpers.js';

let srv: ModelServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

async function start(steps: ScriptStep[]): Promise<ModelServer> {
  srv = await startModelServer(steps);
  return srv;
}

const client = (s: ModelServer, protocol: Protocol, extra = {}) =>
  createModelClient(model(protocol, protocol === 'openai' ? s.openaiBaseUrl : s.anthropicBaseUrl, extra));

const req = (over: Partial<ModelRequest> = {}): ModelRequest => ({
  system: 'be brief',
  messages: [userText('hi')],
  tools: [],
  ...over,
});

const REPLY: ScriptStep = {
  reply: {
    thinking: 'Let me think about the files here.',
    signature: 'sig/+==',
    text: 'I will list the files, then read one.',
    toolCalls: [
      { name: 'exec_command', arguments: { cmd: 'ls -la', yield_time_ms: 1000 } },
      { name: 'read_image', arguments: '{"source":"a.png"}', id: 'fixed_id' },
    ],
    usage: { input: 100, output: 20, cacheRead: 50, cacheWrite: 7 },
  },
};

describe.each(['openai', 'anthropic'] as const)('%s provider against the scripted server', (protocol) => {
  it('streams thinking, text and tool calls with partials, complete messages and usage', async () => {
    const s = await start([REPLY]);
    const { msgs, result } = await drain(client(s, protocol).stream(req()));
    expect(partialViolations(msgs)).toEqual([]);
    const c = completes(msgs);
    expect(c.map((p) => p.type)).toEqual(['thinking', 'text', 'tool_call', 'tool_call']);
    expect(c[0].thinking).toBe('Let me think about the files here.');
    expect(c[0].fidelity).toEqual(protocol === 'openai' ? { source: 'reasoning_content' } : { signature: 'sig/+==' });
    expect(c[1].text).toBe('I will list the files, then read one.');
    expect(JSON.parse(c[2].arguments)).toEqual({ cmd: 'ls -la', yield_time_ms: 1000 });
    expect(c[3]).toMatchObject({ name: 'read_image', arguments: '{"source":"a.png"}', tool_call_id: 'fixed_id' });
    // deltas really came in several pieces
    expect(payloads(msgs).filter((p) => p.type === 'partial_text' && p.event_type === 'delta').length).toBeGreaterThan(
      3,
    );
    expect(result.stopReason).toBe('completed');
    expect(result.usage).toEqual(
      protocol === 'openai'
        ? { cache_read: 50, cache_write: 0, output: 20, total: 170 }
        : { cache_read: 50, cache_write: 7, output: 20, total: 177 },
    );
  });

  it('sends the converted history and tools, recorded by the server', async () => {
    const s = await start([{ reply: { text: 'ok' } }]);
    const history = [
      userText('go'),
      modelMsg({
        type: 'thinking',
        thinking: 'hm',
        fidelity: protocol === 'openai' ? { source: 'reasoning_content' } : { signature: 'S1' },
      }),
      toolCall('exec_command', '{"cmd":"ls"}', 'c1'),
      toolOutput('c1', 'a.png', 'completed'),
    ];
    const tools = [{ name: 'exec_command', description: 'run', parameters: { type: 'object' } }];
    const { result } = await drain(client(s, protocol).stream(req({ messages: history, tools })));
    expect(result.stopReason).toBe('completed');
    expect(s.requests).toHaveLength(1);
    const r = s.requests[0]!;
    expect(r.protocol).toBe(protocol);
    expect(r.body.stream).toBe(true);
    if (protocol === 'openai') {
      expect(r.path).toBe('/v1/chat/completions');
      expect(r.headers.authorization).toBe('Bearer sk-test');
      expect(r.body.stream_options).toEqual({ include_usage: true });
      expect(r.body.messages[2]).toMatchObject({ role: 'assistant', reasoning_content: 'hm' });
      expect(r.body.messages[3]).toEqual({ role: 'tool', tool_call_id: 'c1', content: 'a.png' });
      expect(r.body.tools[0].function.name).toBe('exec_command');
    } else {
      expect(r.path).toBe('/v1/messages');
      // SDK 1.14 sends the key as a bearer token; older ones used x-api-key
      expect(r.headers['x-api-key'] ?? r.headers.authorization).toMatch(/^(Bearer )?sk-test$/);
      expect(r.body.system).toBe('be brief');
      expect(r.body.messages[1].content[0]).toEqual({ type: 'thinking', thinking: 'hm', signature: 'S1' });
      expect(r.body.messages[2].content[0]).toEqual({ type: 'tool_result', tool_use_id: 'c1', content: 'a.png' });
      expect(r.body.tools[0]).toEqual({ name: 'exec_command', description: 'run', input_schema: { type: 'object' } });
    }
  });

  it('401 → auth with a hint', async () => {
    const s = await start([{ error: { status: 401 } }]);
    const { result } = await drain(client(s, protocol).stream(req()));
    expect(result.stopReason).toBe('auth');
    expect(result.status).toBe(401);
    expect(result.errorMessage).toMatch(
      /^HTTP 401 \S+: Incorrect API key provided \(scripted\)\. — check the API key of provider "test"/,
    );
  });

  it('429 with Retry-After → timeout + retryAfterMs; the SDK does not retry on its own', async () => {
    const s = await start([
      { error: { status: 429, headers: { 'retry-after': '2' } } },
      { reply: { text: 'must not be fetched' } },
    ]);
    const { result } = await drain(client(s, protocol).stream(req()));
    expect(result).toMatchObject({ stopReason: 'timeout', status: 429, retryAfterMs: 2000 });
    expect(result.errorMessage).toMatch(
      /^rate limited: HTTP 429 (rate_limit_error|requests): Rate limit reached \(scripted\)\.$/,
    );
    expect(s.requests).toHaveLength(1);
  });

  it('500 → timeout; 404 → failed', async () => {
    const s = await start([{ error: { status: 500 } }, { error: { status: 404 } }]);
    const c = client(s, protocol);
    expect((await drain(c.stream(req()))).result).toMatchObject({ stopReason: 'timeout', status: 500 });
    expect((await drain(c.stream(req()))).result).toMatchObject({ stopReason: 'failed', status: 404 });
  });

  it('cut stream → malformed, open partials closed, no half tool call emitted', async () => {
    const s = await start([{ cut: { afterText: 'Working on', midToolCall: true } }]);
    const { msgs, result } = await drain(client(s, protocol).stream(req()));
    expect(result.stopReason).toBe('malformed');
    expect(result.errorMessage).toMatch(/^malformed stream: the connection closed before/);
    expect(completes(msgs).filter((p) => p.type === 'tool_call')).toEqual([]);
    const ps = payloads(msgs);
    expect(ps[ps.length - 1]).toMatchObject({ type: 'partial_tool_call', event_type: 'stop' });
  });

  it('cut without a tool call → malformed too', async () => {
    const s = await start([{ cut: { afterText: 'Half a sen' } }]);
    const { msgs, result } = await drain(client(s, protocol).stream(req()));
    expect(result.stopReason).toBe('malformed');
    expect(completes(msgs)).toEqual([]);
  });

  it('a chunk that is not JSON → malformed', async () => {
    const s = await start([{ malformed: true }]);
    const { result } = await drain(client(s, protocol).stream(req()));
    expect(result.stopReason).toBe('malformed');
    expect(result.errorMessage).toMatch(/^malformed stream: a chunk is not valid JSON/);
  });

  it('hang with timeoutMs 300 → timeout, quickly', async () => {
    const s = await start([{ hang: true }]);
    const t0 = Date.now();
    const { result } = await drain(client(s, protocol).stream(req({ timeoutMs: 300 })));
    expect(result.stopReason).toBe('timeout');
    expect(result.errorMessage).toContain('300 ms');
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it('a slow first byte beyond timeoutMs → timeout; a stream that keeps flowing is not cut', async () => {
    const s = await start([
      { reply: { text: 'late', delayMs: 1500 } },
      { reply: { text: 'a steady stream of words', chunkDelayMs: 100 } },
    ]);
    const c = client(s, protocol);
    expect((await drain(c.stream(req({ timeoutMs: 400 })))).result.stopReason).toBe('timeout');
    const ok = await drain(c.stream(req({ timeoutMs: 400 })));
    expect(ok.result.stopReason).toBe('completed');
    expect(completes(ok.msgs)[0].text).toBe('a steady stream of words');
  });

  it('abort signal mid-stream → aborted; already aborted → aborted without a request', async () => {
    const s = await start([{ reply: { text: 'one two three four five six seven eight nine ten', chunkDelayMs: 150 } }]);
    const ac = new AbortController();
    const gen = client(s, protocol).stream(req({ signal: ac.signal }));
    const seen: string[] = [];
    let r = await gen.next();
    while (!r.done) {
      const p = r.value.payload as any;
      seen.push(p.type);
      if (p.type === 'partial_text' && p.event_type === 'delta') ac.abort();
      r = await gen.next();
    }
    expect(r.value.stopReason).toBe('aborted');
    expect(seen).not.toContain('text');
    const pre = new AbortController();
    pre.abort();
    const again = await drain(client(s, protocol).stream(req({ signal: pre.signal })));
    expect(again.result.stopReason).toBe('aborted');
    expect(s.requests).toHaveLength(1);
  });

  it('script exhausted → HTTP 500 "(script exhausted)"', async () => {
    const s = await start([]);
    const { result } = await drain(client(s, protocol).stream(req()));
    expect(result.status).toBe(500);
    expect(result.errorMessage).toContain('(script exhausted)');
  });
});

describe('scripted server extras', () => {
  it('dynamic steps see the request; push() appends; GET /v1/models lists a model', async () => {
    const s = await start([(r) => ({ reply: { text: `you said ${r.body.messages.at(-1).content}` } })]);
    s.push({ reply: { text: 'second' } });
    const c = client(s, 'openai');
    expect(completes((await drain(c.stream(req({ messages: [userText('ping')] })))).msgs)[0].text).toBe(
      'you said ping',
    );
    expect(completes((await drain(c.stream(req()))).msgs)[0].text).toBe('second');
    const models = (await (await fetch(`${s.openaiBaseUrl}/models`)).json()) as { data: { id: string }[] };
    expect(models.data[0]!.id).toBe('scripted-model');
  });

  it('connection refused → timeout with a clear message', async () => {
    const s = await start([]);
    const url = s.openaiBaseUrl;
    await s.close();
    srv = undefined;
    const { result } = await drain(createModelClient(model('openai', url)).stream(req({ timeoutMs: 5000 })));
    expect(result.stopReason).toBe('timeout');
    expect(result.errorMessage).toMatch(/^unreachable: cannot reach http:\/\/127\.0\.0\.1:\d+\/v1/);
  });

  it('runs standalone as a child process (script file + port file)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-model-server-'));
    const scriptFile = path.join(dir, 'script.json');
    const portFile = path.join(dir, 'port');
    fs.writeFileSync(scriptFile, JSON.stringify([{ reply: { text: 'from the child' } }]));
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/model-server.ts', scriptFile, portFile], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: 'ignore',
      env: { ...process.env, FLOE_MODEL_SERVER_TTL_MS: '60000' },
    });
    try {
      const t0 = Date.now();
      while (!fs.existsSync(portFile) || !fs.readFileSync(portFile, 'utf8')) {
        if (Date.now() - t0 > 20_000) throw new Error('standalone model server did not start');
        await new Promise((r) => setTimeout(r, 50));
      }
      const port = fs.readFileSync(portFile, 'utf8').trim();
      const { msgs, result } = await drain(
        createModelClient(model('anthropic', `http://127.0.0.1:${port}`)).stream(req()),
      );
      expect(result.stopReason).toBe('completed');
      expect(completes(msgs)[0].text).toBe('from the child');
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
