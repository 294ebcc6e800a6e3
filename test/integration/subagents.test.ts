// Subagents end to end (issue: tool system): approvals inherited and marked with the child's origin, traces
// separate, depth limit, cap 8 with eviction, background rounds, polls and follow-ups.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../main/sdk/index.js';
import type { AgentSession } from '../../main/sdk/index.js';
import type { OmniMessage } from '../../shared/omni/types.js';
import { startModelServer, type ModelServer, type RecordedRequest } from '../fixtures/model-server.js';
import { drain } from '../helpers/drain.js';
import { jsonLines, payloads, readJsonl, runCli, tempHome, traceFiles, type TempHome } from '../helpers/cli.js';
import { firstUserText, roleScript } from '../helpers/roles.js';

let server: ModelServer | undefined;
let env: TempHome | undefined;
const sessions: AgentSession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.dispose();
  await server?.close();
  env?.cleanup();
});

const call = (name: string, args: object, id: string) => ({ reply: { toolCalls: [{ name, arguments: args, id }] } });
const text = (t: string, delayMs = 0) => ({ reply: { text: t, delayMs } });
/** the child's id, as the parent model read it in its history (the run_subagent output) */
const idIn = (req: RecordedRequest): string => {
  const m = JSON.stringify(req.body.messages).match(/subagent_id (session-[0-9a-f-]+)/);
  return m ? m[1] : 'missing';
};

describe('subagents', () => {
  it('CLI always-ask: the child approval is asked marked as the child; n denies; parent gets the child text; traces separate', async () => {
    server = await startModelServer(
      roleScript({
        parent: [call('run_subagent', { prompt: 'Check the disk.' }, 'call_p1'), text('Parent done.')],
        child: [call('exec_command', { cmd: 'touch child-marker' }, 'call_c1'), text('Child could not run it.')],
      }),
    );
    env = tempHome({ baseUrl: server.openaiBaseUrl });
    const r = await runCli(['run', '--json', '--approve', 'always-ask', '--workspace', env.workspace, 'delegate'], {
      home: env.home,
      stdin: 'y\nn\n',
    });
    expect(r.code).toBe(0);
    const prompts = r.stderr.split('? Approve ').slice(1);
    expect(prompts).toHaveLength(2);
    expect(prompts[0]).toMatch(/^run_subagent \(rw\)\n/);
    expect(prompts[1]).toMatch(/^exec_command \(rw\) \[subagent session-[^\]]+\]/);
    const msgs = jsonLines(r.stdout);
    const childOut = msgs.find((m) => m.origin && m.payload.type === 'tool_call_output');
    expect(childOut.payload.output).toBe('Tool call denied by user.');
    const parentOut = msgs.find((m) => !m.origin && m.payload.type === 'tool_call_output');
    expect(parentOut.payload).toMatchObject({
      tool_call_id: 'call_p1',
      output: 'Child could not run it.',
      stop_reason: 'completed',
    });

    const files = traceFiles(env.home);
    expect(files).toHaveLength(2);
    const traces = files.map(readJsonl);
    const parent = traces.find((t) => t[0].payload.source !== 'subagent')!;
    const child = traces.find((t) => t[0].payload.source === 'subagent')!;
    expect(payloads(parent, 'subagent')).toEqual([{ type: 'subagent', session_id: child[0].payload.session_id }]);
    expect(parent.filter((m) => m.origin)).toEqual([]);
    expect(payloads(child, 'approval_decision')[0]).toMatchObject({
      decision: 'deny',
      tool_name: 'exec_command',
      decided_by: 'human',
    });
    expect(child[0].payload.workspace).toBe(parent[0].payload.workspace);
    expect(child[0].payload.model_id).toBe(parent[0].payload.model_id);
  });

  it('a child has no subagent tools: calling run_subagent is an unknown tool', async () => {
    server = await startModelServer(
      roleScript({
        parent: [call('run_subagent', { prompt: 'nest' }, 'p1'), text('ok')],
        nest: [call('run_subagent', { prompt: 'deeper' }, 'c1'), text('I cannot nest.')],
      }),
    );
    env = tempHome({ baseUrl: server.openaiBaseUrl });
    const agent = await createAgent({ home: env.home, retrySchedule: [10] });
    const s = await agent.createSession({ workspace: env.workspace });
    sessions.push(s);
    const { msgs } = await drain(s.run('go', { approve: async () => 'allow' }));
    const childOut = msgs.find((m) => m.origin && (m.payload as any).type === 'tool_call_output')!;
    expect((childOut.payload as any).output).toMatch(/^Unknown tool: run_subagent/);
    const childReq = server.requests.find((r) =>
      (r.body.messages ?? []).some((m: any) => m.role === 'user' && m.content === 'nest'),
    )!;
    const names = childReq.body.tools.map((t: any) => t.function.name);
    expect(names).not.toContain('run_subagent');
    expect(names).not.toContain('input_subagent');
    expect(names).toContain('exec_command');
  });

  it('cap 8: a ninth running child is refused with the exact text; a finished one is evicted to make room', async () => {
    const parentCalls = Array.from({ length: 9 }, (_, i) => ({
      name: 'run_subagent',
      arguments: { prompt: i === 0 ? 'quick child' : `hang ${i}`, yield_time_ms: 250 },
      id: `p${i}`,
    }));
    server = await startModelServer(
      roleScript({
        parent: [
          { reply: { toolCalls: parentCalls } },
          // by the time this second turn answers, "quick child" has finished
          {
            reply: {
              toolCalls: [{ name: 'run_subagent', arguments: { prompt: 'late child', yield_time_ms: 5000 }, id: 'p9' }],
              delayMs: 1500,
            },
          },
          text('done'),
        ],
        quick: [text('quick result', 300)],
        hang: Array.from({ length: 8 }, () => ({ hang: true }) as const),
        late: [text('late result')],
      }),
    );
    env = tempHome({ baseUrl: server.openaiBaseUrl });
    const agent = await createAgent({ home: env.home, retrySchedule: [10] });
    const s = await agent.createSession({ workspace: env.workspace });
    sessions.push(s);
    const { msgs } = await drain(s.run('go', { approve: async () => 'allow' }));
    const outs = Object.fromEntries(
      payloads(
        msgs.filter((m) => !m.origin),
        'tool_call_output',
      ).map((p) => [p.tool_call_id, p]),
    );
    const refused = Object.values(outs).filter(
      (o: any) =>
        o.output === '[run_subagent error: too many background subagents; poll or finish existing ones first]',
    );
    expect(refused).toHaveLength(1);
    expect((refused[0] as any).stop_reason).toBe('failed');
    const background = Object.values(outs).filter((o: any) =>
      /\[subagent running with subagent_id session-\S+; use input_subagent to poll for progress or send a follow-up prompt\]$/.test(
        o.output,
      ),
    );
    expect(background).toHaveLength(8);
    expect(outs.p9).toMatchObject({ output: 'late result', stop_reason: 'completed' });
  });

  it('background round, refusal while running, poll returns the text, follow-up runs a second round', async () => {
    server = await startModelServer(
      roleScript({
        parent: [
          call('run_subagent', { prompt: 'slow task', yield_time_ms: 250 }, 'p1'),
          (req) => call('input_subagent', { subagent_id: idIn(req), prompt: 'more' }, 'p2'),
          (req) => call('input_subagent', { subagent_id: idIn(req), yield_time_ms: 5000 }, 'p3'),
          (req) => call('input_subagent', { subagent_id: idIn(req), prompt: 'second round please' }, 'p4'),
          text('all done'),
        ],
        slow: [text('first round result', 1500), text('second round result')],
      }),
    );
    env = tempHome({ baseUrl: server.openaiBaseUrl });
    const agent = await createAgent({ home: env.home, retrySchedule: [10] });
    const s = await agent.createSession({ workspace: env.workspace });
    sessions.push(s);
    let childId = '';
    const gen = s.run('go', { approve: async () => 'allow' });
    const msgs: OmniMessage[] = [];
    for (;;) {
      const r = await gen.next();
      if (r.done) break;
      msgs.push(r.value);
      const p = r.value.payload as any;
      if (p.type === 'subagent') childId = p.session_id;
    }
    const outs = payloads(
      msgs.filter((m) => !m.origin),
      'tool_call_output',
    );
    const by = (id: string) => outs.find((o) => o.tool_call_id === id);
    expect(by('p1').output).toBe(
      `[subagent running with subagent_id ${childId}; use input_subagent to poll for progress or send a follow-up prompt]`,
    );
    expect(by('p2').output).toMatch(/^\[input_subagent error: subagent .* is still running/);
    expect(by('p2').stop_reason).toBe('failed');
    expect(by('p3')).toMatchObject({ output: 'first round result', stop_reason: 'completed' });
    expect(by('p4')).toMatchObject({ output: 'second round result', stop_reason: 'completed' });
  });
});

describe('subagents with another agent (agent_id)', () => {
  it('the child is built from the configuration read when the agent was created; its file is not read again', async () => {
    server = await startModelServer(
      roleScript({
        parent: [
          call('run_subagent', { prompt: 'review the change', agent_id: 'reviewer' }, 'p1'),
          call('run_subagent', { prompt: 'ghost task', agent_id: 'ghost' }, 'p2'),
          text('done'),
        ],
        review: [text('Looks fine.')],
      }),
    );
    env = tempHome({ baseUrl: server.openaiBaseUrl });
    const reviewerFile = path.join(env.home, 'agents/reviewer/system_config.yaml');
    fs.mkdirSync(path.dirname(reviewerFile), { recursive: true });
    fs.writeFileSync(reviewerFile, 'system_prompt: You are the reviewer.\n');
    const agent = await createAgent({ home: env.home, retrySchedule: [10] });
    // broken after composition: a session that re-read the YAML mid-run would fail the spawn
    fs.writeFileSync(reviewerFile, 'system_prompt: [unclosed\n');
    const s = await agent.createSession({ workspace: env.workspace });
    sessions.push(s);
    const { msgs } = await drain(s.run('go', { approve: async () => 'allow' }));
    const outs = payloads(
      msgs.filter((m) => !m.origin),
      'tool_call_output',
    );
    expect(outs.find((o) => o.tool_call_id === 'p1')).toMatchObject({
      output: 'Looks fine.',
      stop_reason: 'completed',
    });
    const ghost = outs.find((o) => o.tool_call_id === 'p2');
    expect(ghost.stop_reason).toBe('failed');
    expect(ghost.output).toContain('agents/ghost/system_config.yaml: agent "ghost" has no system_config.yaml');
    expect(ghost.output).toContain('use one of: default, reviewer');
    const childReq = server.requests.find((r) => firstUserText(r).startsWith('review the change'))!;
    expect(childReq.body.messages[0]).toMatchObject({ role: 'system' });
    expect(childReq.body.messages[0].content).toMatch(/^You are the reviewer\.\n\nWorkspace: /);
  });
});

describe('subagent approvals after the foreground window', () => {
  it('an approval that arises in the background waits and is surfaced on the next poll, with a count in the note', async () => {
    server = await startModelServer(
      roleScript({
        parent: [
          call('run_subagent', { prompt: 'late asker', yield_time_ms: 250 }, 'p1'),
          (req) => ({
            reply: {
              toolCalls: [
                { name: 'input_subagent', arguments: { subagent_id: idIn(req), yield_time_ms: 8000 }, id: 'p2' },
              ],
              delayMs: 1200,
            },
          }),
          text('done'),
        ],
        late: [
          {
            reply: {
              toolCalls: [{ name: 'exec_command', arguments: { cmd: 'echo from-child' }, id: 'c1' }],
              delayMs: 600,
            },
          },
          text('child finished'),
        ],
      }),
    );
    env = tempHome({ baseUrl: server.openaiBaseUrl });
    const agent = await createAgent({ home: env.home, retrySchedule: [10] });
    const s = await agent.createSession({ workspace: env.workspace });
    sessions.push(s);
    const asked: { tool: string; origin?: string[]; at: number }[] = [];
    let windowClosedAt = 0;
    const gen = s.run('go', {
      approve: async (req) => {
        asked.push({ tool: req.toolName, origin: req.call.origin, at: Date.now() });
        return 'allow';
      },
    });
    const msgs: OmniMessage[] = [];
    for (;;) {
      const r = await gen.next();
      if (r.done) break;
      msgs.push(r.value);
      const p = r.value.payload as any;
      if (!r.value.origin && p.type === 'tool_call_output' && p.tool_call_id === 'p1') windowClosedAt = Date.now();
    }
    const outs = payloads(
      msgs.filter((m) => !m.origin),
      'tool_call_output',
    );
    expect(outs.find((o) => o.tool_call_id === 'p1').output).toMatch(/^\[subagent running with subagent_id /);
    const childAsk = asked.find((a) => a.tool === 'exec_command')!;
    expect(childAsk.origin?.[0]).toMatch(/^session-/);
    expect(childAsk.at).toBeGreaterThan(windowClosedAt + 500); // asked during the poll, not when it arose
    const poll = outs.find((o) => o.tool_call_id === 'p2');
    expect(poll.output).toMatch(
      /^child finished\n\[subagent session-\S+: 1 approval that arose in the background asked during this poll\]$/,
    );
    const childOut = msgs.find((m) => m.origin && (m.payload as any).type === 'tool_call_output')!;
    expect((childOut.payload as any).output).toBe('from-child\n');
  });
});
