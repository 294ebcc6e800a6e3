// Issue 23: a real Floe session (`floe run` against the scripted model server, then a resumed second task) exported
// as OpenTelemetry spans: every OTLP request validates against the OTLP JSON schema derived from opentelemetry-proto
// (ajv); the spans follow the GenAI conventions (invoke_agent, chat, execute_tool); content only with --content; and
// export → import into another FLOE_HOME keeps every call, output, token count and timing.
import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { OTLP_TRACE_REQUEST_SCHEMA } from '../../main/trace/otel/otlp-schema.js';
import { SCHEMA_URL } from '../../main/trace/otel/semconv.js';
import { startModelServer, type ModelServer } from '../fixtures/model-server.js';
import { jsonLines, readJsonl, runCli, tempHome, traceFiles, type TempHome } from '../helpers/cli.js';

let server: ModelServer | undefined;
const homes: TempHome[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const h of homes.splice(0)) h.cleanup();
});

const validate = new Ajv({ allErrors: true, strict: false }).compile(OTLP_TRACE_REQUEST_SCHEMA);
const call = (cmd: string, id: string) => ({ name: 'exec_command', arguments: { cmd }, id });

/** A two-task session: thinking, text, two tool calls (one exits 3), usage with cache reads and writes. */
async function floeSession(): Promise<{ env: TempHome; id: string; trace: any[] }> {
  server = await startModelServer([
    {
      reply: {
        thinking: 'I will look.',
        text: 'Looking first.',
        toolCalls: [call('echo one', 'toolu_a'), call('echo two; exit 3', 'toolu_b')],
        usage: { input: 120, output: 31, cacheRead: 40, cacheWrite: 7 },
      },
    },
    { reply: { text: 'Two commands ran.', usage: { input: 200, output: 12, cacheRead: 160, cacheWrite: 0 } } },
    { reply: { text: 'Still fine.', usage: { input: 230, output: 5 } } },
  ]);
  const env = tempHome({
    protocol: 'anthropic',
    baseUrl: server.anthropicBaseUrl,
    systemConfig: 'system_prompt: Be brief.\n',
  });
  homes.push(env);
  const first = await runCli(['run', '--json', '--workspace', env.workspace, 'run two commands'], { home: env.home });
  expect(first.code).toBe(0);
  const id = jsonLines(first.stdout)[0].payload.session_id as string;
  const second = await runCli(['run', '--resume', id, 'and now?'], { home: env.home });
  expect(second.code).toBe(0);
  return { env, id, trace: traceFiles(env.home).flatMap(readJsonl) };
}

const attrs = (span: any): Record<string, unknown> =>
  Object.fromEntries(
    span.attributes.map((kv: any) => [
      kv.key,
      'intValue' in kv.value ? Number(kv.value.intValue) : (kv.value.stringValue ?? kv.value.boolValue ?? kv.value),
    ]),
  );
const spansOf = (req: any): any[] => req.resourceSpans.flatMap((r: any) => r.scopeSpans.flatMap((s: any) => s.spans));
const ms = (ns: string) => Number(BigInt(ns) / 1_000_000n);
const at = (m: any) => Date.parse(m.timestamp);
const ofType = (trace: any[], t: string) => trace.filter((m) => m.payload?.type === t);

describe('floe traces export --format otlp', () => {
  it('validates against the OTLP JSON schema; GenAI spans carry the calls, tokens and timings; content is opt-in', async () => {
    const { env, id, trace } = await floeSession();
    const out = path.join(env.workspace, 'x.otlp.json');
    const r = await runCli(['traces', 'export', id, '--format', 'otlp', '-o', out], { home: env.home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(fs.readFileSync(out, 'utf8'));
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(doc.resourceSpans[0].scopeSpans[0].schemaUrl).toBe(SCHEMA_URL);
    const spans = spansOf(doc);
    const op = (o: string) => spans.filter((s) => attrs(s)['gen_ai.operation.name'] === o);

    // one invoke_agent per task, a chat per request, an execute_tool per call
    const tasks = op('invoke_agent');
    expect(tasks.map((s) => s.name)).toEqual(['invoke_agent default', 'invoke_agent default']);
    expect(tasks.every((s) => attrs(s)['gen_ai.conversation.id'] === id && !s.parentSpanId)).toBe(true);
    expect(new Set(tasks.map((s) => s.traceId)).size).toBe(2);
    const chats = op('chat');
    expect(chats).toHaveLength(ofType(trace, 'request_begin').length);
    expect(chats.map((s) => ms(s.startTimeUnixNano))).toEqual(ofType(trace, 'request_begin').map(at));
    expect(chats.map((s) => ms(s.endTimeUnixNano))).toEqual(ofType(trace, 'request_end').map(at));
    const usage = ofType(trace, 'token_usage').map((m) => m.payload.request);
    expect(chats.map((s) => attrs(s)['gen_ai.usage.output_tokens'])).toEqual(usage.map((u) => u.output));
    expect(chats.map((s) => attrs(s)['gen_ai.usage.input_tokens'])).toEqual(usage.map((u) => u.total - u.output));
    expect(chats.map((s) => attrs(s)['gen_ai.usage.cache_read.input_tokens'])).toEqual(usage.map((u) => u.cache_read));
    expect(chats.map((s) => attrs(s)['gen_ai.usage.cache_creation.input_tokens'])).toEqual(
      usage.map((u) => u.cache_write),
    );
    expect(chats.every((s) => s.kind === 3 && s.name.startsWith('chat '))).toBe(true);
    const tools = op('execute_tool');
    const calls = ofType(trace, 'tool_call');
    expect(tools.map((s) => attrs(s)['gen_ai.tool.call.id'])).toEqual(calls.map((m) => m.payload.tool_call_id));
    expect(tools.map((s) => s.name)).toEqual(calls.map((m) => `execute_tool ${m.payload.name}`));
    expect(tools.map((s) => ms(s.startTimeUnixNano))).toEqual(calls.map(at));
    const outputs = new Map(ofType(trace, 'tool_call_output').map((m) => [m.payload.tool_call_id, m]));
    expect(tools.map((s) => ms(s.endTimeUnixNano))).toEqual(calls.map((c) => at(outputs.get(c.payload.tool_call_id))));
    // the failing command is an error span; tools sit under their task's invoke_agent
    expect(tools.map((s) => s.status.code)).toEqual([0, 2]);
    expect(tools.every((s) => s.parentSpanId === tasks[0].spanId && s.traceId === tasks[0].traceId)).toBe(true);
    expect(tools.map((s) => attrs(s)['floe.approval.decision'])).toEqual(['allow', 'allow']);
    // no content without --content
    const text = fs.readFileSync(out, 'utf8');
    for (const key of ['gen_ai.input.messages', 'gen_ai.output.messages', 'gen_ai.tool.call.arguments'])
      expect(text).not.toContain(key);
    expect(text).not.toContain('echo one');

    const withContent = await runCli(['traces', 'export', id, '--format', 'otlp', '--content'], { home: env.home });
    const spans2 = spansOf(JSON.parse(withContent.stdout));
    const tool2 = spans2.filter((s) => attrs(s)['gen_ai.operation.name'] === 'execute_tool');
    expect(tool2.map((s) => attrs(s)['gen_ai.tool.call.arguments'])).toEqual(calls.map((m) => m.payload.arguments));
    expect(tool2.map((s) => attrs(s)['gen_ai.tool.call.result'])).toEqual(
      calls.map((c) => outputs.get(c.payload.tool_call_id).payload.output),
    );
    const firstChat = spans2.find((s) => attrs(s)['gen_ai.operation.name'] === 'chat');
    const outMsgs = JSON.parse(String(attrs(firstChat)['gen_ai.output.messages']));
    expect(outMsgs[0].parts.map((p: any) => p.type)).toEqual(['reasoning', 'text', 'tool_call', 'tool_call']);
  });

  it('otlp-jsonl: one valid request per task and line', async () => {
    const { env, id } = await floeSession();
    const r = await runCli(['traces', 'export', id, '--format', 'otlp-jsonl'], { home: env.home });
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(validate(l), JSON.stringify(validate.errors)).toBe(true);
    expect(lines.map((l) => spansOf(l).filter((s) => !s.parentSpanId).length)).toEqual([1, 1]);
  });

  it('round trip: export --content → import elsewhere keeps every call, output, token count and timing', async () => {
    const { env, id, trace } = await floeSession();
    const file = path.join(env.workspace, `${id}.otlp.json`);
    expect(
      (await runCli(['traces', 'export', id, '--format', 'otlp', '--content', '-o', file], { home: env.home })).code,
    ).toBe(0);
    const other = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
    homes.push(other);
    const imp = await runCli(['traces', 'import', file], { home: other.home });
    expect(imp.stderr).toBe('');
    expect(imp.stdout).toBe(`imported ${id}\n`);
    const back = (await runCli(['traces', 'export', id], { home: other.home })).stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    const pick = (list: any[], type: string, keys: string[]) =>
      ofType(list, type).map((m) => ({ at: m.timestamp, ...Object.fromEntries(keys.map((k) => [k, m.payload[k]])) }));
    expect(pick(back, 'tool_call', ['tool_call_id', 'name', 'arguments'])).toEqual(
      pick(trace, 'tool_call', ['tool_call_id', 'name', 'arguments']),
    );
    expect(pick(back, 'tool_call_output', ['tool_call_id', 'output', 'stop_reason', 'exit_code'])).toEqual(
      pick(trace, 'tool_call_output', ['tool_call_id', 'output', 'stop_reason', 'exit_code']),
    );
    expect(pick(back, 'token_usage', ['request', 'session'])).toEqual(
      pick(trace, 'token_usage', ['request', 'session']),
    );
    expect(pick(back, 'request_begin', [])).toEqual(pick(trace, 'request_begin', []));
    expect(pick(back, 'request_end', ['status'])).toEqual(pick(trace, 'request_end', ['status']));
    expect(pick(back, 'approval_decision', ['tool_call_id', 'decision', 'decided_by', 'mode'])).toEqual(
      pick(trace, 'approval_decision', ['tool_call_id', 'decision', 'decided_by', 'mode']),
    );
    const texts = (list: any[]) => ofType(list, 'text').map((m) => [m.payload.role, m.payload.text]);
    expect(texts(back)).toEqual(texts(trace));
    expect(ofType(back, 'thinking').map((m) => m.payload.thinking)).toEqual(
      ofType(trace, 'thinking').map((m) => m.payload.thinking),
    );
    expect(back[0].payload).toMatchObject({
      session_id: id,
      provider: 'mock',
      model_id: 'm1',
      workspace: env.workspace,
    });
    // and the imported session is in the trace browser's list with its events
    const list = jsonLines((await runCli(['traces', 'list', '--json'], { home: other.home })).stdout);
    expect(list.map((s) => [s.sessionId, s.events])).toEqual([[id, back.length]]);
  });

  it('a file that is not OTLP JSON is refused in one line naming the field', async () => {
    const env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
    homes.push(env);
    const file = path.join(env.workspace, 'bad.json');
    fs.writeFileSync(file, JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: 'xyz' }] }] }] }));
    const r = await runCli(['traces', 'import', file], { home: env.home });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`${file}: The trace cannot be imported: OTLP JSON: line 1: not an OTLP`);
    expect(r.stderr).toContain('resourceSpans.0.scopeSpans.0.spans.0');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
