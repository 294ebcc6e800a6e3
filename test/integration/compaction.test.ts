// Long sessions (issue 10) against the scripted model server over real HTTP: automatic compaction at the threshold
// of a 4 000-token window (summary streamed, begin/end traced, the trace continued in `_002`, `floe run --resume`
// going on from it), overflow recovery (once → compact and retry; twice → a clear failure), abort during a
// compaction (closed failed, the old context kept), a crash during one (closed failed on resume), and AGENTS.md in
// the system prompt before and after a compaction.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../main/sdk/index.js';
import type { AgentSession } from '../../main/sdk/index.js';
import type { OmniMessage } from '../../shared/omni/types.js';
import { startModelServer, type ModelServer, type RecordedRequest, type ScriptStep } from '../fixtures/model-server.js';
import { drain } from '../helpers/drain.js';
import { jsonLines, payloads, readJsonl, runCli, tempHome, traceFiles, type TempHome } from '../helpers/cli.js';

let server: ModelServer | undefined;
let env: TempHome | undefined;
const sessions: AgentSession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.dispose();
  await server?.close();
  env?.cleanup();
});

const AGENTS_MARKER = 'AGENTS-MARKER-7f3: always run the tests with make check.';
const SUMMARY = '## Goal\nBuild the thing (SUMMARY-MARKER-19).\n## Next steps\nRun make check.';

async function setup(script: ScriptStep[], window = 4000) {
  server = await startModelServer(script);
  env = tempHome({ baseUrl: server.openaiBaseUrl });
  const cfg = path.join(env.home, 'config.yaml');
  fs.writeFileSync(cfg, fs.readFileSync(cfg, 'utf8').replace('context_window: 32000', `context_window: ${window}`));
  fs.writeFileSync(path.join(env.workspace, 'AGENTS.md'), `# Rules\n${AGENTS_MARKER}\n`);
  const agent = await createAgent({ home: env.home, retrySchedule: [10, 10] });
  return { agent, server, env };
}

const exec = (cmd: string, id: string, input: number): ScriptStep => ({
  reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd }, id }], usage: { input } },
});
const text = (t: string, input = 300): ScriptStep => ({ reply: { text: t, usage: { input } } });
const systemOf = (r: RecordedRequest): string => r.body.messages.find((m: any) => m.role === 'system')?.content ?? '';
const bodyText = (r: RecordedRequest): string => JSON.stringify(r.body.messages);
const types = (msgs: OmniMessage[]) => msgs.map((m) => (m.payload as any).type as string);

describe('automatic compaction', () => {
  it("fires at the threshold of a 4 000-token window; the next request is smaller and holds the summary and the user's words; `_002` continues; --resume goes on", async () => {
    const { agent, server, env } = await setup([
      exec('echo one', 'c1', 1200),
      exec('echo two', 'c2', 2100), // ≥ 4000 − 2000: the next turn boundary compacts
      text(SUMMARY, 2150), // the summary request
      text('All done.', 500),
    ]);
    const s = await agent.createSession({ workspace: env.workspace });
    sessions.push(s);
    const { msgs, result } = await drain(s.run('build it, carefully', { approve: async () => 'allow' }));
    expect(result).toMatchObject({ status: 'completed', text: 'All done.' });

    const kinds = types(msgs);
    const begin = kinds.indexOf('compaction_begin');
    const end = kinds.indexOf('compaction_end');
    expect(begin).toBeGreaterThan(kinds.lastIndexOf('tool_call_output')); // after the turn's tools finished
    expect(kinds.slice(begin, end).filter((k) => k === 'partial_text').length).toBeGreaterThan(2); // summary streamed
    expect(payloads(msgs, 'compaction_begin')[0]).toMatchObject({
      reason: 'threshold',
      mode: 'auto',
      context: 2100,
      turns: 2,
    });
    expect(payloads(msgs, 'compaction_end')[0]).toMatchObject({ status: 'completed', mode: 'summary' });

    // the request after the compaction: smaller, with the summary, the user's own words and AGENTS.md
    // requests: two turns, the summary request (the whole context plus the instruction), the turn after it
    const [first, , atCompaction, after] = server.requests;
    expect(after.body.messages.length).toBeLessThan(atCompaction.body.messages.length - 1);
    expect(bodyText(after).length).toBeLessThan(bodyText(atCompaction).length);
    expect(bodyText(atCompaction)).toContain('handoff summary');
    expect(bodyText(atCompaction)).toContain('echo two');
    expect(bodyText(after)).toContain('SUMMARY-MARKER-19');
    expect(bodyText(after)).toContain('build it, carefully');
    expect(bodyText(after)).not.toContain('echo one');
    expect(systemOf(first)).toContain(AGENTS_MARKER);
    expect(systemOf(after)).toContain(AGENTS_MARKER);

    // the trace: begin/end in _001, the new context first in _002
    const files = traceFiles(env.home);
    expect(files.map((f) => path.basename(f))).toEqual([`${s.id}_001.jsonl`, `${s.id}_002.jsonl`]);
    const one = readJsonl(files[0]);
    expect(payloads(one, 'compaction_begin')).toHaveLength(1);
    expect(payloads(one, 'compaction_end')).toEqual([expect.objectContaining({ status: 'completed' })]);
    expect(one.some((m) => String(m.payload.type).startsWith('partial_'))).toBe(false);
    const two = readJsonl(files[1]);
    expect(two[0].type).toBe('session_meta');
    expect(two[0].payload.session_id).toBe(s.id);
    expect(two[1].payload).toMatchObject({ type: 'text', role: 'user', text: 'build it, carefully' });
    expect(two[2].payload.text).toContain('SUMMARY-MARKER-19');
    expect(two.map((m) => m.payload.type)).toContain('request_end');
    await s.dispose();
    sessions.splice(0);

    // floe run --resume continues from _002
    server.push(text('Resumed fine.', 400));
    const r = await runCli(['run', '--json', '--resume', s.id, 'and now the docs'], { home: env.home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(jsonLines(r.stdout).at(-1)).toBeDefined();
    const resumed = server.requests.at(-1)!;
    expect(bodyText(resumed)).toContain('SUMMARY-MARKER-19');
    expect(bodyText(resumed)).toContain('All done.');
    expect(bodyText(resumed)).toContain('and now the docs');
    expect(bodyText(resumed)).not.toContain('echo one');
    expect(traceFiles(env.home)).toHaveLength(2);
  });
});

describe('overflow recovery', () => {
  const overflow: ScriptStep = {
    error: {
      status: 400,
      body: {
        error: {
          message:
            "This model's maximum context length is 4000 tokens. However, your messages resulted in 5120 tokens.",
          type: 'invalid_request_error',
          param: 'messages',
          code: 'context_length_exceeded',
        },
      },
    },
  };

  it('a context overflow → one compaction and a retry that succeeds', async () => {
    const { agent, server, env } = await setup([overflow, text(SUMMARY), text('Fitted now.')]);
    const s = await agent.createSession({ workspace: env.workspace });
    sessions.push(s);
    const { msgs, result } = await drain(s.run('a long request', { approve: async () => 'allow' }));
    expect(result).toMatchObject({ status: 'completed', text: 'Fitted now.' });
    expect(payloads(msgs, 'compaction_begin')).toEqual([expect.objectContaining({ reason: 'overflow' })]);
    expect(payloads(msgs, 'request_end').map((e) => e.status)).toEqual(['failed', 'completed']);
    expect(bodyText(server.requests[2])).toContain('SUMMARY-MARKER-19');
    expect(server.requests).toHaveLength(3);
  });

  it('a second overflow right after the compaction ends the task with a clear message (no loop)', async () => {
    const { agent, server, env } = await setup([overflow, text(SUMMARY), overflow, text('never asked')]);
    const s = await agent.createSession({ workspace: env.workspace });
    sessions.push(s);
    const { msgs, result } = await drain(s.run('a long request', { approve: async () => 'allow' }));
    expect(result.status).toBe('failed');
    expect(result.errorMessage).toMatch(
      /^the conversation does not fit the context window of mock\/m1 \(4000 tokens\) even after compaction: /,
    );
    expect(result.errorMessage).toContain('maximum context length is 4000 tokens');
    expect(result.errorMessage).toMatch(/Start a new session, or use a model with a larger context_window\.$/);
    expect(payloads(msgs, 'compaction_begin')).toHaveLength(1);
    expect(server.requests).toHaveLength(3);
  });
});

describe('interrupted compaction', () => {
  it('abort during a compaction: closed as failed, the old context kept, resume uses it', async () => {
    const { agent, env } = await setup([exec('echo one', 'c1', 800), text('First done.'), { hang: true }]);
    const s = await agent.createSession({ workspace: env.workspace });
    sessions.push(s);
    await drain(s.run('first task', { approve: async () => 'allow' }));
    const before = [...s.getHistory()];
    const ac = new AbortController();
    const gen = s.compact('the test results', { signal: ac.signal });
    const msgs: OmniMessage[] = [];
    for (;;) {
      const r = await gen.next();
      if (r.done) {
        expect(r.value.status).toBe('aborted');
        break;
      }
      msgs.push(r.value);
      if ((r.value.payload as any).type === 'compaction_begin') setTimeout(() => ac.abort(new Error('stop')), 50);
    }
    expect(payloads(msgs, 'compaction_begin')[0]).toMatchObject({ reason: 'manual', focus: 'the test results' });
    expect(payloads(msgs, 'compaction_end')).toEqual([expect.objectContaining({ status: 'failed', error: 'aborted' })]);
    expect(s.getHistory()).toEqual(before);
    await s.dispose();
    sessions.splice(0);
    expect(traceFiles(env.home)).toHaveLength(1);
    const again = await agent.resumeSession(s.id);
    sessions.push(again);
    expect(again.getHistory().map((m) => (m.payload as any).type)).toEqual(before.map((m) => (m.payload as any).type));
  });

  it('a crash during a compaction (begin written, no end): resume closes it as failed and uses the context before it', async () => {
    const { agent, env } = await setup([exec('echo one', 'c1', 800), text('First done.')]);
    const s = await agent.createSession({ workspace: env.workspace });
    sessions.push(s);
    await drain(s.run('first task', { approve: async () => 'allow' }));
    const before = s.getHistory().map((m) => (m.payload as any).type);
    await s.dispose();
    sessions.splice(0);
    const [file] = traceFiles(env.home);
    // what a process killed mid-summary leaves: the begin line, nothing after it
    fs.appendFileSync(
      file,
      JSON.stringify({
        timestamp: new Date().toISOString(),
        type: 'event_msg',
        payload: { type: 'compaction_begin', reason: 'threshold' },
      }) + '\n',
    );
    const again = await agent.resumeSession(s.id);
    sessions.push(again);
    const lines = readJsonl(file);
    expect(lines.at(-1).payload).toMatchObject({ type: 'compaction_end', status: 'failed' });
    expect(lines.at(-1).payload.error).toMatch(/^interrupted/);
    expect(again.getHistory().map((m) => (m.payload as any).type)).toEqual(before);
    await again.dispose();
    sessions.splice(0);
    // closed once: a second resume adds nothing
    await (await agent.resumeSession(s.id)).dispose();
    expect(readJsonl(file)).toHaveLength(lines.length);
  });
});

describe('context meter and cost in floe traces', () => {
  it('list and show give tokens in context / window and the cost from config.yaml prices', async () => {
    const { agent, env } = await setup([exec('echo one', 'c1', 1000), text('Done.', 1500)]);
    const cfg = path.join(env.home, 'config.yaml');
    fs.writeFileSync(
      cfg,
      fs
        .readFileSync(cfg, 'utf8')
        .replace(
          'context_window: 4000',
          'context_window: 4000\n        input_per_mtok: 2\n        output_per_mtok: 10',
        ),
    );
    const s = await agent.createSession({ workspace: env.workspace });
    sessions.push(s);
    await drain(s.run('go', { approve: async () => 'allow' }));
    await s.dispose();
    sessions.splice(0);
    await runCli(['traces', 'reindex'], { home: env.home });
    const list = await runCli(['traces', 'list', '--json'], { home: env.home });
    expect(list.stderr).toBe('');
    const row = jsonLines(list.stdout).find((r) => r.sessionId === s.id);
    // scripted usage: prompts 1000 and 1500 (input), 5 output each → 2 500 in, 10 out
    expect(row).toMatchObject({ contextTokens: 1500, contextWindow: 4000 });
    expect(row.cost).toBeCloseTo(2500 * 2e-6 + 10 * 10e-6);
    const show = await runCli(['traces', 'show', s.id], { home: env.home });
    expect(show.stdout).toContain('(tokens in 1000 out 5 · cost 0.0021)');
    expect(show.stdout.trimEnd().split('\n').at(-1)).toBe('context 1 500 / 4 000 (38 %) · cost 0.0051');
  });
});
