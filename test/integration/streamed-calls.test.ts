// SPEC §3, "calls start as their stream completes": against the scripted model server over real HTTP (both wire
// formats), a reply stalls 3 s right after its first tool call is complete. The call is decided and run during the
// stall: its output exists before the request's `request_end`, and the trace keeps call → decision → output order.
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../main/sdk/index.js';
import type { OmniMessage } from '../../shared/omni/types.js';
import { startModelServer, type ModelServer } from '../fixtures/model-server.js';
import { drain } from '../helpers/drain.js';
import { readJsonl, tempHome, traceFiles, type TempHome } from '../helpers/cli.js';

let server: ModelServer | undefined;
let env: TempHome | undefined;
afterEach(async () => {
  await server?.close();
  env?.cleanup();
});

/** `kind` or `kind:tool_call_id` of every complete message and event, in order */
const marks = (msgs: OmniMessage[]): string[] =>
  msgs
    .filter((m) => m.type !== 'session_meta' && !String((m.payload as any).type).startsWith('partial_'))
    .map((m) => {
      const p = m.payload as any;
      return p.tool_call_id ? `${p.type}:${p.tool_call_id}` : p.type;
    });

describe.each(['openai', 'anthropic'] as const)('calls start as their stream completes (%s)', (protocol) => {
  it('a call complete before a 3 s stall has its output before request_end; outputs return in call order', async () => {
    server = await startModelServer([
      // warm-up: the session's first command captures the login environment; the measured turn comes after it
      { reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd: 'true' }, id: 'call_warm' }] } },
      {
        reply: {
          text: 'Two steps.',
          toolCalls: [
            { name: 'exec_command', arguments: { cmd: 'echo early' }, id: 'call_a' },
            { name: 'exec_command', arguments: { cmd: 'echo late' }, id: 'call_b' },
          ],
          stallAfterToolCallMs: 3000,
        },
      },
      { reply: { text: 'both done' } },
    ]);
    env = tempHome({ protocol, baseUrl: protocol === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl });
    const agent = await createAgent({ home: env.home, retrySchedule: [10] });
    const s = await agent.createSession({ workspace: env.workspace });
    const { msgs, result } = await drain(s.run('go', { approve: async () => 'allow' }));
    await s.dispose();
    expect(result).toMatchObject({ status: 'completed', text: 'both done' });

    const all = marks(msgs);
    const live = all.slice(all.indexOf('tool_call_output:call_warm') + 1);
    const firstEnd = live.indexOf('request_end');
    // decided and finished while the model was still streaming (stalled), before its request ended
    expect(live.indexOf('approval_decision:call_a')).toBeLessThan(live.indexOf('tool_call:call_b'));
    expect(live.indexOf('tool_call_output:call_a')).toBeGreaterThan(-1);
    expect(live.indexOf('tool_call_output:call_a')).toBeLessThan(firstEnd);
    expect(live.indexOf('token_usage')).toBe(firstEnd - 1);
    // every call exactly one decision and one output
    for (const id of ['call_a', 'call_b']) {
      expect(live.filter((k) => k === `approval_decision:${id}`)).toHaveLength(1);
      expect(live.filter((k) => k === `tool_call_output:${id}`)).toHaveLength(1);
    }

    // the trace: each call is written before its decision and its output; request_end did not wait for the tools
    const [file] = traceFiles(env.home);
    const traced = marks(readJsonl(file));
    expect(traced.slice(0, 3)).toEqual(['tool_list_ready', 'text', 'request_begin']);
    expect(traced.indexOf('tool_call:call_a')).toBeLessThan(traced.indexOf('approval_decision:call_a'));
    expect(traced.indexOf('approval_decision:call_a')).toBeLessThan(traced.indexOf('tool_call_output:call_a'));
    expect(traced.indexOf('tool_call_output:call_a')).toBeLessThan(traced.indexOf('tool_call:call_b'));
    expect(traced.indexOf('tool_call:call_b')).toBeLessThan(traced.indexOf('approval_decision:call_b'));
    expect(fs.readFileSync(file, 'utf8')).not.toContain('partial_');

    // the next request gets the outputs in call order, after both calls
    const second = server.requests[2].body.messages;
    const outputs =
      protocol === 'openai'
        ? second.filter((m: any) => m.role === 'tool').map((m: any) => [m.tool_call_id, m.content])
        : second
            .flatMap((m: any) => (Array.isArray(m.content) ? m.content : []))
            .filter((c: any) => c.type === 'tool_result')
            .map((c: any) => [
              c.tool_use_id,
              typeof c.content === 'string' ? c.content : c.content.map((x: any) => x.text).join(''),
            ]);
    expect(outputs).toEqual([
      ['call_warm', '[no output]'],
      ['call_a', 'early\n'],
      ['call_b', 'late\n'],
    ]);
  });
});

describe('a call whose arguments are whole starts before finish_reason (openai)', () => {
  it('the model stalls 3 s before finish_reason: the lone call is decided and run during the stall', async () => {
    server = await startModelServer([
      { reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd: 'true' }, id: 'call_warm' }] } },
      {
        reply: {
          toolCalls: [{ name: 'exec_command', arguments: { cmd: 'echo lone' }, id: 'call_lone' }],
          stallBeforeFinishMs: 3000,
        },
      },
      { reply: { text: 'done' } },
    ]);
    env = tempHome({ protocol: 'openai', baseUrl: server.openaiBaseUrl });
    const agent = await createAgent({ home: env.home, retrySchedule: [10] });
    const s = await agent.createSession({ workspace: env.workspace });
    const { msgs, result } = await drain(s.run('go', { approve: async () => 'allow' }));
    await s.dispose();
    expect(result).toMatchObject({ status: 'completed', text: 'done' });
    const all = marks(msgs);
    const live = all.slice(all.indexOf('tool_call_output:call_warm') + 1);
    // finished while the model still stalled: its output comes before the request's token_usage and request_end
    expect(live.indexOf('tool_call_output:call_lone')).toBeGreaterThan(-1);
    expect(live.indexOf('tool_call_output:call_lone')).toBeLessThan(live.indexOf('request_end'));
    expect(live.filter((k) => k === 'tool_call:call_lone')).toHaveLength(1);
  });
});
