// kill -9 of `floe run` while a tool runs, then `floe run --resume <id> "go on"`: the task continues and every
// tool_call the model sees has exactly one output; the torn last trace line is healed and no line is lost.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../fixtures/model-server.js';
import { jsonLines, readJsonl, runCli, tempHome, traceFiles, type TempHome } from '../helpers/cli.js';

let server: ModelServer | undefined;
let env: TempHome | undefined;
afterEach(async () => {
  await server?.close();
  env?.cleanup();
});

describe('crash and resume', () => {
  it('continues after kill -9 with every tool_call paired and the trace healed', async () => {
    server = await startModelServer([
      {
        reply: {
          toolCalls: [
            { name: 'exec_command', arguments: { cmd: 'echo quick' }, id: 'call_quick' },
            { name: 'exec_command', arguments: { cmd: 'sleep 30; echo never' }, id: 'call_slow' },
          ],
        },
      },
      { reply: { text: 'Resumed and finished.' } },
    ]);
    env = tempHome({ baseUrl: server.openaiBaseUrl });
    let sessionId = '';
    let killed = false;
    const first = await runCli(['run', '--json', '--workspace', env.workspace, 'start'], {
      home: env.home,
      onStdout: (chunk, pid) => {
        for (const m of jsonLines(chunk)) {
          if (m.type === 'session_meta') sessionId = m.payload.session_id;
          // the quick call has finished while the slow one still runs: crash now
          if (m.payload?.type === 'tool_call_output' && m.payload.tool_call_id === 'call_quick' && !killed) {
            killed = true;
            setTimeout(() => process.kill(pid, 'SIGKILL'), 100);
          }
        }
      },
    });
    expect(first.signal).toBe('SIGKILL');
    const files = traceFiles(env.home);
    expect(files).toHaveLength(1);
    sessionId ||= readJsonl(files[0])[0].payload.session_id;
    const before = fs.readFileSync(files[0], 'utf8');
    const linesBefore = before.split('\n').filter(Boolean).length;
    // simulate the worst crash: a torn last line
    fs.appendFileSync(files[0], '{"timestamp":"2026-11-30T00:00:00Z","type":"event_msg","payl');

    const second = await runCli(['run', '--json', '--resume', sessionId, 'go on'], { home: env.home });
    expect(second.code).toBe(0);
    expect(jsonLines(second.stdout).at(-1)).toBeTruthy();

    const request = server.requests[1].body.messages;
    const calls = request.flatMap((m: any) => (m.tool_calls ?? []).map((c: any) => c.id));
    expect(calls).toEqual(['call_quick', 'call_slow']);
    for (const id of calls)
      expect(request.filter((m: any) => m.role === 'tool' && m.tool_call_id === id)).toHaveLength(1);
    expect(request.find((m: any) => m.role === 'tool' && m.tool_call_id === 'call_quick').content).toBe('quick\n');
    // the crash ended the slow call, not the person: the note says so
    expect(request.find((m: any) => m.role === 'tool' && m.tool_call_id === 'call_slow').content).toBe(
      '[interrupted: the host stopped]',
    );
    expect(request.at(-1)).toMatchObject({ role: 'user', content: 'go on' });

    const after = fs.readFileSync(files[0], 'utf8');
    expect(after.startsWith(before)).toBe(true); // nothing lost or rewritten
    const lines = after.split('\n');
    // the torn line stays as it was, closed by a newline; every later line parses
    const torn = lines.findIndex((l) => l.endsWith('"payl'));
    expect(torn).toBe(linesBefore);
    for (const l of lines.slice(torn + 1).filter(Boolean)) expect(() => JSON.parse(l)).not.toThrow();
    expect(path.basename(files[0])).toMatch(/^session-.*_001\.jsonl$/);
  });
});
