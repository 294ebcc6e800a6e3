// Fault suite — tools (issue 6 item 2): a tool that hangs past its timeoutMs (read_image on a 127.0.0.1 server
// that never answers, timeout set through tools.builtin), and a pty child that ignores SIGTERM, which must still
// be gone after an abort and after dispose (checked with pgrep on a unique marker). Each asserts the status and
// an intact trace. Must not leave a process or server behind.
import http from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanupAll,
  drain,
  expectTraceMatchesStream,
  intactTrace,
  onCleanup,
  pidsWith,
  pl,
  sdkSession,
  waitFor,
} from './support.js';

afterEach(cleanupAll);

const allow = async () => 'allow' as const;

/** A server on 127.0.0.1 that accepts requests and never answers. */
async function hangingServer(): Promise<{ url: string; hits: () => number; openSockets: () => number }> {
  let hits = 0;
  const sockets = new Set<Socket>();
  const srv = http.createServer(() => {
    hits++; // never respond
  });
  srv.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  onCleanup(
    () =>
      new Promise<void>((r) => {
        srv.closeAllConnections();
        srv.close(() => r());
      }),
  );
  const port = (srv.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/pic.png`, hits: () => hits, openSockets: () => sockets.size };
}

const readImageWithTimeout = (ms: number) =>
  [
    'system_prompt: fault suite',
    'tools:',
    '  builtin:',
    '    - name: read_image',
    '      description: Read an image.',
    '      parameters: {type: object, properties: {source: {type: string}}, required: [source]}',
    '      permission: r',
    '      forModel: vision',
    `      timeoutMs: ${ms}`,
  ].join('\n');

describe('tool faults', () => {
  it('a tool that hangs past its timeoutMs → failed with the timeout note; the task goes on; trace intact', async () => {
    const hang = await hangingServer();
    const s2 = await sdkSession(
      [
        { reply: { toolCalls: [{ name: 'read_image', arguments: { source: hang.url }, id: 'img1' }] } },
        { reply: { text: 'The image timed out.' } },
      ],
      { vision: true, systemConfig: readImageWithTimeout(700) },
    );
    const started = Date.now();
    const { msgs, result } = await drain(s2.session.run('look', { approve: allow }));
    expect(result.status).toBe('completed');
    expect(result.text).toBe('The image timed out.');
    expect(Date.now() - started).toBeLessThan(10_000);
    const out = pl(msgs, 'tool_call_output')[0];
    expect(out).toMatchObject({ tool_call_id: 'img1', stop_reason: 'failed' });
    expect(out.output).toMatch(/\[tool timeout: exceeded 700ms\]$/);
    expect(hang.hits()).toBe(1);
    await waitFor(() => hang.openSockets() === 0, 5000, 'the timed-out request to be closed');
    // the model got the failure back
    const toolMsg = s2.server.requests[1]!.body.messages.find((m: any) => m.role === 'tool');
    expect(toolMsg.content).toContain('[tool timeout: exceeded 700ms]');
    expectTraceMatchesStream(intactTrace(s2.env.home), msgs);
  });

  it('a pty child that ignores SIGTERM is still killed on abort (no process left)', async () => {
    const marker = `sleep 917.${process.pid}${Date.now() % 100000}`;
    const { session, env } = await sdkSession([
      {
        reply: {
          toolCalls: [
            { name: 'exec_command', arguments: { cmd: `trap '' TERM; echo started; ${marker}` }, id: 'stubborn' },
          ],
        },
      },
      { reply: { text: 'never asked' } },
    ]);
    const ac = new AbortController();
    // abort as soon as the stubborn child is running (watched from outside the stream)
    void waitFor(() => pidsWith(marker).length > 0, 20_000, 'the stubborn sleep to start').then(
      () => setTimeout(() => ac.abort(), 200),
      () => ac.abort(),
    );
    const { msgs, result } = await drain(session.run('go', { approve: allow, signal: ac.signal }));
    expect(result.status).toBe('aborted');
    expect(pl(msgs, 'abort')).toHaveLength(1);
    expect(pl(msgs, 'tool_call_output')[0]).toMatchObject({ tool_call_id: 'stubborn', stop_reason: 'aborted' });
    expect(pl(msgs, 'tool_call_output')[0].output).toContain('[interrupted: tool aborted by user]');
    await waitFor(() => pidsWith(marker).length === 0, 8000, 'the TERM-ignoring child to be killed');
    expectTraceMatchesStream(intactTrace(env.home), msgs);
  });

  it('a TERM-ignoring background command is killed when the session is disposed', async () => {
    const marker = `sleep 918.${process.pid}${Date.now() % 100000}`;
    const { session, env } = await sdkSession([
      {
        reply: {
          toolCalls: [
            { name: 'exec_command', arguments: { cmd: `trap '' TERM; ${marker}`, yield_time_ms: 300 }, id: 'bg' },
          ],
        },
      },
      { reply: { text: 'left it running' } },
    ]);
    const { msgs, result } = await drain(session.run('go', { approve: allow }));
    expect(result.status).toBe('completed');
    const out = pl(msgs, 'tool_call_output')[0];
    expect(out.stop_reason).toBe('completed');
    expect(out.output).toMatch(/\[process running with process_id proc-[0-9a-f]{8}; use input_command/);
    expect(pidsWith(marker).length).toBeGreaterThan(0);
    await session.dispose();
    await waitFor(() => pidsWith(marker).length === 0, 8000, 'dispose to kill the TERM-ignoring child');
    expectTraceMatchesStream(intactTrace(env.home), msgs);
  });
});
