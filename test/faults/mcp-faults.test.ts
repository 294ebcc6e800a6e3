// Fault suite — MCP servers (issue 6 item 2): a server that hangs on connect is skipped within its
// connectTimeoutMs and the session runs; a server that dies mid-session makes the next call fail clearly while
// the task goes on. Real stdio servers (the reference "everything" server, a silent node process). Asserts
// statuses, no child left behind, and an intact trace. Must not leave a server process running.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedRequest, ScriptStep } from '../fixtures/model-server.js';
import {
  cleanupAll,
  drain,
  expectTraceMatchesStream,
  intactTrace,
  pidsWith,
  pl,
  sdkSession,
  sleep,
  waitFor,
} from './support.js';

afterEach(cleanupAll);

const require = createRequire(import.meta.url);
const EVERY_BIN = path.join(
  path.dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);

/** direct children of this process whose command line contains `needle` */
function childPids(needle: string): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && l.includes(needle))
      .map((l) => Number(l.split(/\s+/)[0]));
  } catch {
    return [];
  }
}

const allow = async () => 'allow' as const;

describe('MCP faults', () => {
  it('a server that hangs on connect is skipped within connectTimeoutMs; the task completes', async () => {
    const marker = `floe-hang-${process.pid}-${Date.now()}`;
    const cfg = [
      'system_prompt: fault suite',
      'tools:',
      '  mcpServers:',
      '    - name: silent',
      '      config:',
      `        command: ${JSON.stringify(process.execPath)}`,
      `        args: ["-e", "setInterval(() => {}, 1000) // ${marker}"]`,
      '        connectTimeoutMs: 600',
    ].join('\n');
    const { session, env, server } = await sdkSession([{ reply: { text: 'still working' } }], { systemConfig: cfg });
    const t0 = Date.now();
    const { msgs, result } = await drain(session.run('hi'));
    expect(Date.now() - t0).toBeLessThan(8000);
    expect(result).toMatchObject({ status: 'completed', text: 'still working' });
    const end = pl(msgs, 'mcp_connect_end')[0];
    expect(end.status).toBe('failed');
    expect(end.results[0]).toMatchObject({ server: 'silent', status: 'failed' });
    expect(end.results[0].error).toContain('timed out after 600ms');
    expect(server.requests).toHaveLength(1);
    expectTraceMatchesStream(intactTrace(env.home), msgs);
    await waitFor(() => pidsWith(marker).length === 0, 5000, 'the hanging server to be killed');
  });

  it('a server that dies mid-session: the next call fails clearly, the task goes on', async () => {
    const cfg = [
      'system_prompt: fault suite',
      'tools:',
      '  mcpServers:',
      '    - name: every',
      '      config:',
      `        command: ${JSON.stringify(process.execPath)}`,
      `        args: [${JSON.stringify(EVERY_BIN)}, stdio]`,
    ].join('\n');
    const echo = (id: string, message: string) => ({
      name: 'execute_extra_tool',
      arguments: { tool_name: 'mcp__every__echo', params: { message } },
      id,
    });
    let killed = 0;
    const steps: ScriptStep[] = [
      { reply: { toolCalls: [echo('e1', 'alive')] } },
      // before answering the second request, kill the server: its next call must fail
      ((_req: RecordedRequest) => {
        for (const pid of childPids(EVERY_BIN)) {
          process.kill(pid, 'SIGKILL');
          killed++;
        }
        return { reply: { toolCalls: [echo('e2', 'after death')], delayMs: 300 } };
      }) as ScriptStep,
      { reply: { text: 'The server is gone; carrying on.' } },
    ];
    const { session, env, server } = await sdkSession(steps, { systemConfig: cfg });
    const { msgs, result } = await drain(session.run('go', { approve: allow }));
    expect(killed).toBe(1);
    expect(result).toMatchObject({ status: 'completed', text: 'The server is gone; carrying on.' });
    const outs = Object.fromEntries(pl(msgs, 'tool_call_output').map((o) => [o.tool_call_id, o]));
    expect(outs.e1.stop_reason).toBe('completed');
    expect(outs.e1.output).toContain('alive');
    expect(outs.e2.stop_reason).toBe('failed');
    expect(outs.e2.output).toMatch(/MCP server "every"/);
    expect(server.requests).toHaveLength(3);
    // the failure reached the model as a tool output, not as an exception
    const toolMsgs = server.requests[2]!.body.messages.filter((m: any) => m.role === 'tool');
    expect(toolMsgs.map((m: any) => m.tool_call_id)).toEqual(['e1', 'e2']);
    expectTraceMatchesStream(intactTrace(env.home), msgs);
    await session.dispose();
    await sleep(50);
    expect(childPids(EVERY_BIN)).toEqual([]);
  });
});
