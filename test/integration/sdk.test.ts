// The SDK (createAgent → createSession → run) against the scripted model server over real HTTP.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../main/engine/agent.js';
import type { OmniMessage } from '../../shared/omni/types.js';
import { startModelServer, type ModelServer, type ScriptStep } from '../fixtures/model-server.js';
import { payloads, tempHome, type TempHome } from '../helpers/cli.js';

let server: ModelServer | undefined;
let env: TempHome | undefined;
afterEach(async () => {
  await server?.close();
  env?.cleanup();
});

async function agentFor(script: ScriptStep[]) {
  server = await startModelServer(script);
  env = tempHome({ baseUrl: server.openaiBaseUrl, systemConfig: 'system_prompt: test\n' });
  const agent = await createAgent({ home: env.home, retrySchedule: [10, 10, 10, 10, 10] });
  return { agent, server, env };
}

async function drain(gen: AsyncGenerator<OmniMessage, unknown>) {
  const msgs: OmniMessage[] = [];
  for (;;) {
    const r = await gen.next();
    if (r.done) return { msgs, result: r.value as any };
    msgs.push(r.value);
  }
}

describe('SDK', () => {
  it('no approve callback → every call denied, nothing runs', async () => {
    const { agent, env } = await agentFor([{ reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd: 'touch marker' } }] } }, { reply: { text: 'ok' } }]);
    const s = await agent.createSession({ workspace: env.workspace });
    const { msgs, result } = await drain(s.run('go'));
    await s.dispose();
    expect(result.status).toBe('completed');
    expect(payloads(msgs, 'tool_call_output')[0]).toMatchObject({ output: 'Tool call denied by user.', stop_reason: 'aborted' });
    expect(fs.existsSync(path.join(env.workspace, 'marker'))).toBe(false);
  });

  it('two tool calls in one turn run concurrently; outputs reach the model in call order', async () => {
    const { agent, server, env } = await agentFor([
      {
        reply: {
          toolCalls: [
            { name: 'exec_command', arguments: { cmd: 'sleep 1.5; echo first' }, id: 'call_a' },
            { name: 'exec_command', arguments: { cmd: 'sleep 0.2; echo second' }, id: 'call_b' },
          ],
        },
      },
      { reply: { text: 'both done' } },
    ]);
    const s = await agent.createSession({ workspace: env.workspace });
    const t0 = Date.now();
    const { msgs } = await drain(s.run('go', { approve: async () => 'allow' }));
    const elapsed = Date.now() - t0;
    await s.dispose();
    // sequential would take >= 1.7 s of sleeping plus two login shells
    const outs = payloads(msgs, 'tool_call_output');
    expect(outs.map((o) => o.tool_call_id)).toEqual(['call_b', 'call_a']); // completion order in the stream
    const tools = server.requests[1].body.messages.filter((m: any) => m.role === 'tool');
    expect(tools.map((m: any) => [m.tool_call_id, m.content])).toEqual([
      ['call_a', 'first\n'],
      ['call_b', 'second\n'],
    ]);
    const sumOfSleeps = 1500 + 200;
    const firstStart = msgs.findIndex((m) => (m.payload as any).type === 'approval_decision');
    expect(firstStart).toBeGreaterThan(-1);
    expect(elapsed).toBeLessThan(sumOfSleeps + 1500);
  });
});
