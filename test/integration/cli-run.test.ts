// Issue acceptance for `floe run` end to end: the real bin, a real pty, real trace files, the scripted model
// server as the only pretend part.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer, type ScriptStep } from '../fixtures/model-server.js';
import { jsonLines, payloads, readJsonl, runCli, tempHome, traceFiles, type TempHome } from '../helpers/cli.js';

let server: ModelServer | undefined;
let env: TempHome | undefined;
afterEach(async () => {
  await server?.close();
  env?.cleanup();
  server = undefined;
  env = undefined;
});

async function setup(script: ScriptStep[], protocol: 'openai' | 'anthropic' = 'openai') {
  server = await startModelServer(script);
  env = tempHome({
    protocol,
    baseUrl: protocol === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl,
    systemConfig: 'system_prompt: You are a test agent.\n',
  });
  return { server, env };
}

const execCall = (cmd: string, id = 'call_1') => ({ name: 'exec_command', arguments: { cmd }, id });

describe('floe run', () => {
  it('openai: runs exec_command, reports the exit code note, traces complete messages only, exit 0', async () => {
    const { server, env } = await setup([
      { reply: { toolCalls: [execCall('echo hi; exit 3')] } },
      { reply: { text: 'All done.' } },
    ]);
    const r = await runCli(['run', '--json', '--workspace', env.workspace, 'say hi'], { home: env.home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const msgs = jsonLines(r.stdout);
    expect(payloads(msgs, 'request_begin').length).toBe(2);
    expect(payloads(msgs, 'tool_call')[0]).toMatchObject({ name: 'exec_command', tool_call_id: 'call_1' });
    expect(payloads(msgs, 'approval_decision')[0]).toMatchObject({
      decision: 'allow',
      tool_call_id: 'call_1',
      tool_name: 'exec_command',
    });
    const out = payloads(msgs, 'tool_call_output')[0];
    expect(out.output).toBe('hi\n[exit code: 3]');
    expect(out.stop_reason).toBe('failed');
    expect(payloads(msgs, 'text').at(-1)).toMatchObject({ role: 'assistant', text: 'All done.' });

    const files = traceFiles(env.home);
    expect(files).toHaveLength(1);
    expect(path.dirname(files[0])).toMatch(/agents\/default\/traces\/\d{4}-\d{2}-\d{2}$/);
    const trace = readJsonl(files[0]);
    expect(trace[0].type).toBe('session_meta');
    expect(trace.some((m) => String(m.payload.type).startsWith('partial_'))).toBe(false);
    const completes = (list: any[]) => list.filter((m) => m.type === 'model_msg').map((m) => m.payload);
    expect(completes(trace)).toEqual(completes(msgs.filter((m) => !String(m.payload.type).startsWith('partial_'))));
    // the model got the output back
    const second = server.requests[1].body.messages;
    expect(second.find((m: any) => m.role === 'tool')).toMatchObject({
      tool_call_id: 'call_1',
      content: 'hi\n[exit code: 3]',
    });
  });

  it('anthropic: thinking signature reaches the server unchanged in the next request', async () => {
    const signature = 'EqQBCkgIARABGAIiQ' + 'x'.repeat(120) + '==';
    const { server, env } = await setup(
      [
        { reply: { thinking: 'Let me run it.', signature, toolCalls: [execCall('echo hi; exit 3', 'toolu_1')] } },
        { reply: { text: 'Done.' } },
      ],
      'anthropic',
    );
    const r = await runCli(['run', '--json', '--workspace', env.workspace, 'go'], { home: env.home });
    expect(r.code).toBe(0);
    const msgs = jsonLines(r.stdout);
    expect(payloads(msgs, 'thinking')[0]).toMatchObject({ thinking: 'Let me run it.', fidelity: { signature } });
    expect(payloads(msgs, 'tool_call_output')[0].output).toBe('hi\n[exit code: 3]');
    const assistant = server.requests[1].body.messages.find((m: any) => m.role === 'assistant');
    expect(assistant.content[0]).toEqual({ type: 'thinking', thinking: 'Let me run it.', signature });
    const result = server.requests[1].body.messages.at(-1).content[0];
    expect(result).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_1' });
  });

  it('deny-all: denied with aborted, nothing executed', async () => {
    const { env } = await setup([{ reply: { toolCalls: [execCall('touch marker')] } }, { reply: { text: 'ok' } }]);
    const r = await runCli(['run', '--json', '--approve', 'deny-all', '--workspace', env.workspace, 'go'], {
      home: env.home,
    });
    expect(r.code).toBe(0);
    const out = payloads(jsonLines(r.stdout), 'tool_call_output')[0];
    expect(out).toMatchObject({ output: 'Tool call denied by user.', stop_reason: 'aborted' });
    expect(fs.existsSync(path.join(env.workspace, 'marker'))).toBe(false);
  });

  it('always-ask reads n / y from stdin (not a TTY); EOF denies', async () => {
    for (const [answer, created] of [
      ['n\n', false],
      ['y\n', true],
      ['', false],
    ] as const) {
      const s = await startModelServer([
        { reply: { toolCalls: [execCall('touch marker')] } },
        { reply: { text: 'ok' } },
      ]);
      const e = tempHome({ baseUrl: s.openaiBaseUrl });
      try {
        const r = await runCli(['run', '--json', '--approve', 'always-ask', '--workspace', e.workspace, 'go'], {
          home: e.home,
          stdin: answer,
        });
        expect(r.code).toBe(0);
        expect(r.stderr).toContain('Approve exec_command (rw)');
        expect(r.stderr).toContain('touch marker');
        expect(fs.existsSync(path.join(e.workspace, 'marker'))).toBe(created);
        const d = payloads(jsonLines(r.stdout), 'approval_decision')[0];
        expect(d.decision).toBe(created ? 'allow' : 'deny');
        // a y/n typed by a person is theirs; the automatic denial at end of input is not
        expect(d.decided_by).toBe(answer === '' ? 'mode' : 'human');
      } finally {
        await s.close();
        e.cleanup();
      }
    }
  });

  it('an invalid --approve names the four modes, exit 2', async () => {
    const { env } = await setup([]);
    const r = await runCli(['run', '--approve', 'sometimes', 'go'], { home: env.home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('allow-all, deny-all, read-only, always-ask');
  });

  it('429 twice then success: attempts 1 and 2 with retry_in_ms, tools run once', async () => {
    const { env } = await setup([
      { error: { status: 429 } },
      { error: { status: 429 } },
      { reply: { toolCalls: [execCall('echo run >> count.txt')] } },
      { reply: { text: 'fine' } },
    ]);
    const r = await runCli(['run', '--json', '--workspace', env.workspace, 'go'], { home: env.home });
    expect(r.code).toBe(0);
    const ends = payloads(jsonLines(r.stdout), 'request_end');
    expect(ends.slice(0, 2).map((e) => [e.status, e.attempt, typeof e.retry_in_ms])).toEqual([
      ['timeout', 1, 'number'],
      ['timeout', 2, 'number'],
    ]);
    expect(ends.slice(2).every((e) => e.status === 'completed')).toBe(true);
    expect(fs.readFileSync(path.join(env.workspace, 'count.txt'), 'utf8')).toBe('run\n');
  });

  it('401 → auth, no retry, exit 1', async () => {
    const { server, env } = await setup([{ error: { status: 401 } }, { reply: { text: 'never' } }]);
    const r = await runCli(['run', '--json', '--workspace', env.workspace, 'go'], { home: env.home });
    expect(r.code).toBe(1);
    const ends = payloads(jsonLines(r.stdout), 'request_end');
    expect(ends).toHaveLength(1);
    expect(ends[0].status).toBe('auth');
    expect(server.requests).toHaveLength(1);
    // under --json the fatal error is also one line on stderr (the JSON lines alone are easy to miss)
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^task failed: .*401/)]);
  });

  it('a cut stream is retried; after 5 retries the task fails, exit 1', async () => {
    const { server, env } = await setup(
      Array.from({ length: 6 }, () => ({ cut: { afterText: 'partial ans' } }) as ScriptStep),
    );
    const r = await runCli(['run', '--json', '--workspace', env.workspace, 'go'], { home: env.home });
    expect(r.code).toBe(1);
    const ends = payloads(jsonLines(r.stdout), 'request_end');
    expect(ends.map((e) => e.status)).toEqual(Array(6).fill('malformed'));
    expect(server.requests).toHaveLength(6);
  });

  it('a config.yaml with a YAML error → exit 2 naming the file and line', async () => {
    const { env } = await setup([]);
    fs.writeFileSync(path.join(env.home, 'config.yaml'), 'providers:\n  - name: x\n    models: [\n  bad: : :\n');
    const r = await runCli(['run', 'go'], { home: env.home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(path.join(env.home, 'config.yaml'));
    expect(r.stderr).toMatch(/config\.yaml:\d+/);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});
