// The SDK (createAgent → createSession → run) against the scripted model server over real HTTP.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../main/sdk/index.js';
import { startModelServer, type ModelServer, type ScriptStep } from '../fixtures/model-server.js';
import { drain } from '../helpers/drain.js';
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

describe('SDK', () => {
  it('no approve callback → every call denied, nothing runs', async () => {
    const { agent, env } = await agentFor([
      { reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd: 'touch marker' } }] } },
      { reply: { text: 'ok' } },
    ]);
    const s = await agent.createSession({ workspace: env.workspace });
    const { msgs, result } = await drain(s.run('go'));
    await s.dispose();
    expect(result.status).toBe('completed');
    expect(payloads(msgs, 'tool_call_output')[0]).toMatchObject({
      output: 'Tool call denied by user.',
      stop_reason: 'aborted',
    });
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
    const { msgs } = await drain(s.run('go', { approve: async () => 'allow' }));
    await s.dispose();
    // Run one after the other, call_a (1.5 s) would finish first; concurrently, call_b (0.2 s) finishes first.
    const outs = payloads(msgs, 'tool_call_output');
    expect(outs.map((o) => o.tool_call_id)).toEqual(['call_b', 'call_a']);
    const t = (id: string) =>
      Date.parse(
        msgs.find((m) => (m.payload as any).type === 'tool_call_output' && (m.payload as any).tool_call_id === id)!
          .timestamp,
      );
    expect(t('call_a') - t('call_b')).toBeGreaterThan(800); // b did not wait for a
    const tools = server.requests[1].body.messages.filter((m: any) => m.role === 'tool');
    expect(tools.map((m: any) => [m.tool_call_id, m.content])).toEqual([
      ['call_a', 'first\n'],
      ['call_b', 'second\n'],
    ]);
  });
});
