// Security suite — the bad-input corpus (test/fixtures/bad-input, issue 6 item 3) through a real session: malformed
// tool JSON, 10 MB arguments, non-UTF-8 and NUL output, OSC 0/2 title and OSC 52 clipboard sequences. Each must
// end in a clear failed output or a harmless model text (no escape sequence, BEL or NUL reaches the model), and
// the session must still run a normal task afterwards. Must not loosen any check to make a case pass.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../main/sdk/index.js';
import { tempHome } from '../helpers/cli.js';
import {
  cleanupAll,
  drain,
  expectTraceMatchesStream,
  intactTrace,
  onCleanup,
  pl,
  sdkSession,
} from '../faults/support.js';

afterEach(cleanupAll);

const CORPUS = path.resolve(import.meta.dirname, '../fixtures/bad-input');
const allow = async () => 'allow' as const;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f\u009b\u009d]/; // everything but \t and \n, plus C1 CSI/OSC

describe('bad-input corpus', () => {
  it('malformed tool JSON: each call fails with the exact SPEC text, nothing runs, the task completes', async () => {
    const cases = JSON.parse(fs.readFileSync(path.join(CORPUS, 'malformed-tool-args.json'), 'utf8')) as {
      arguments: string;
      expect: string;
    }[];
    expect(cases.length).toBeGreaterThanOrEqual(8);
    const { session, env, server } = await sdkSession([
      { reply: { toolCalls: cases.map((c, i) => ({ name: 'exec_command', arguments: c.arguments, id: `m${i}` })) } },
      { reply: { text: 'I will re-issue them properly.' } },
    ]);
    const { msgs, result } = await drain(session.run('go', { approve: allow }));
    expect(result).toMatchObject({ status: 'completed', text: 'I will re-issue them properly.' });
    const outs = pl(msgs, 'tool_call_output');
    expect(outs.map((o) => o.tool_call_id)).toEqual(cases.map((_, i) => `m${i}`));
    cases.forEach((c, i) => {
      expect(outs[i].stop_reason, c.arguments).toBe('failed');
      if (c.expect.startsWith('^')) expect(outs[i].output, c.arguments).toMatch(new RegExp(c.expect));
      else expect(outs[i].output, c.arguments).toBe(c.expect);
    });
    expect(pl(msgs, 'approval_decision').every((d) => d.decision === 'forbidden')).toBe(true);
    expect(fs.readdirSync(env.workspace)).toEqual([]);
    // the model got every failure back, paired with its call
    expect(server.requests[1]!.body.messages.filter((m: any) => m.role === 'tool')).toHaveLength(cases.length);
    expectTraceMatchesStream(intactTrace(env.home), msgs);
  });

  it('10 MB of tool arguments: a clear failed output, the session alive', async () => {
    // The scripted server splits arguments into tiny deltas; 10 MB that way is millions of events, so this case
    // uses its own minimal Chat Completions stream on 127.0.0.1 that sends the arguments in one delta.
    const huge = JSON.stringify({ cmd: `echo ${'A'.repeat(10 * 1024 * 1024)}` });
    let n = 0;
    const bodies: number[] = [];
    const srv = http.createServer((req, res) => {
      let size = 0;
      req.on('data', (d: Buffer) => (size += d.length));
      req.on('end', () => {
        bodies.push(size);
        const k = ++n;
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const chunk = (delta: object, finish: string | null = null) =>
          `data: ${JSON.stringify({ id: `c${k}`, object: 'chat.completion.chunk', created: 1, model: 'm1', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
        if (k === 1) {
          res.write(
            chunk({
              role: 'assistant',
              tool_calls: [
                { index: 0, id: 'huge1', type: 'function', function: { name: 'exec_command', arguments: huge } },
              ],
            }),
          );
          res.write(chunk({}, 'tool_calls'));
        } else {
          res.write(chunk({ role: 'assistant', content: k === 2 ? 'noted' : 'still alive' }));
          res.write(chunk({}, 'stop'));
        }
        res.end('data: [DONE]\n\n');
      });
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
    onCleanup(() => new Promise<void>((r) => (srv.closeAllConnections(), srv.close(() => r()))));
    const env = tempHome({
      baseUrl: `http://127.0.0.1:${(srv.address() as { port: number }).port}/v1`,
      systemConfig: 'system_prompt: t\n',
    });
    onCleanup(() => env.cleanup());
    const agent = await createAgent({ home: env.home, retrySchedule: [5] });
    const session = await agent.createSession({ workspace: env.workspace });
    onCleanup(() => session.dispose());
    const { msgs, result } = await drain(session.run('go', { approve: allow }));
    expect(result.status).toBe('completed');
    expect(pl(msgs, 'tool_call')[0].arguments.length).toBe(huge.length);
    const out = pl(msgs, 'tool_call_output')[0];
    expect(out.tool_call_id).toBe('huge1');
    // the kernel refuses a 10 MB single argument (E2BIG): a clear failed output, not a crash
    expect(out.stop_reason).toBe('failed');
    expect(out.output).toBe('execvp(3) failed.: Argument list too long\n[exit code: 1]');
    expect(out.output.length).toBeLessThan(20_000); // never 10 MB back into the context
    expect(bodies[1]).toBeLessThan(12 * 1024 * 1024 + 200_000); // the call is replayed once, the output is small
    const again = await drain(session.run('still there?'));
    expect(again.result).toMatchObject({ status: 'completed', text: 'still alive' });
    const trace = intactTrace(env.home);
    expect(trace.filter((m) => (m.payload as any).type === 'tool_call_output')).toHaveLength(1);
  });

  it('non-UTF-8 and NUL output becomes clean text (no NUL, no raw bytes) and the command still succeeds', async () => {
    const { session, env } = await sdkSession([
      {
        reply: {
          toolCalls: [
            {
              name: 'exec_command',
              arguments: { cmd: `bash ${JSON.stringify(path.join(CORPUS, 'non-utf8-nul.sh'))}` },
              id: 'u1',
            },
          ],
        },
      },
      { reply: { text: 'read it' } },
    ]);
    const { msgs, result } = await drain(session.run('go', { approve: allow }));
    expect(result.status).toBe('completed');
    const out = pl(msgs, 'tool_call_output')[0];
    expect(out.stop_reason).toBe('completed');
    expect(out.output).not.toMatch(CONTROL);
    const lines = out.output.split('\n');
    expect(lines[0]).toBe('before');
    expect(lines).toContain('after');
    expect(lines.find((l: string) => l.startsWith('bad:'))).toMatch(/^bad:.*:end$/);
    expect(lines.find((l: string) => l.startsWith('nul:'))).toMatch(/^nul:.*:end$/);
    // the deltas streamed to the UI concatenate to exactly the final output (SPEC §4), even for these bytes
    const deltas = msgs
      .filter(
        (m) => (m.payload as any).type === 'partial_tool_call_output' && (m.payload as any).event_type === 'delta',
      )
      .map((m) => (m.payload as any).output ?? '')
      .join('');
    expect(deltas).toBe(out.output);
    expectTraceMatchesStream(intactTrace(env.home), msgs);
  });

  for (const [file, visible, hostile] of [
    ['osc-title.sh', ['visible-title-line', 'done'], ['PWNED-TITLE']],
    ['osc52-clipboard.sh', ['visible-clip-line'], ['UFdORUQtQ0xJUEJPQVJE', 'PWNED', ']52']],
  ] as const) {
    it(`${file}: the escape sequences are stripped from what the model sees; only the visible text remains`, async () => {
      const { session, env, server } = await sdkSession([
        {
          reply: {
            toolCalls: [
              {
                name: 'exec_command',
                arguments: { cmd: `bash ${JSON.stringify(path.join(CORPUS, file))}` },
                id: 'osc',
              },
            ],
          },
        },
        { reply: { text: 'ok' } },
      ]);
      const { msgs, result } = await drain(session.run('go', { approve: allow }));
      expect(result.status).toBe('completed');
      const out = pl(msgs, 'tool_call_output')[0];
      expect(out.stop_reason).toBe('completed');
      expect(out.output.split('\n').filter(Boolean)).toEqual([...visible]);
      expect(out.output).not.toMatch(CONTROL);
      for (const h of hostile) expect(out.output).not.toContain(h);
      const sent = JSON.stringify(server.requests[1]!.body.messages);
      for (const h of hostile) expect(sent).not.toContain(h);
      expect(sent).not.toMatch(/\\u001b|\\u0007/);
      expectTraceMatchesStream(intactTrace(env.home), msgs);
    });
  }
});
