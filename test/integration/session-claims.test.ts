// One writer per session across processes (issue 14): a session that `floe run` is running cannot be run by
// `floe web` at the same time, and the reverse; the refusal names the holder (kind and pid), and the trace keeps
// exactly one output per tool call. Real processes (the floe bin, floe web), a real SQLite file, real ptys; only
// the model is scripted.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer } from '../fixtures/model-server.js';
import { jsonLines, runCli, tempHome, traceFiles } from '../helpers/cli.js';
import { startWeb, until } from '../helpers/procs.js';
import { WsClient } from '../unit/host/ws-client.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const payloads = (file: string): any[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l).payload);

describe('one writer per session', () => {
  it('floe run holds a session: floe web is refused; then floe web holds it: floe run is refused', async () => {
    // each command holds its task open until the test has seen the other side refused (a gate file), so the
    // refusal never races the task's end however slow the machine is (a fixed sleep did race under load). The gates
    // live in the workspace: commands run in the sandbox, whose /tmp is its own
    const env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
    cleanups.push(() => env.cleanup());
    const gates = `${env.workspace}/.gates`;
    fs.mkdirSync(gates);
    const gateA = `${gates}/a`;
    const gateB = `${gates}/b`;
    const held = (gate: string, word: string): string =>
      `for i in $(seq 600); do [ -e '${gate}' ] && break; sleep 0.05; done; echo ${word}`;
    const server = await startModelServer([
      { reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd: held(gateA, 'slow-a') }, id: 'call_a' }] } },
      { reply: { text: 'done A' } },
      { reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd: held(gateB, 'slow-b') }, id: 'call_b' }] } },
      { reply: { text: 'done B' } },
    ]);
    cleanups.push(() => server.close());
    const cfg = `${env.home}/config.yaml`;
    fs.writeFileSync(cfg, fs.readFileSync(cfg, 'utf8').replace('http://127.0.0.1:9/v1', server.openaiBaseUrl));
    const web = startWeb(env.home);
    const webProc: ChildProcess = web.proc;
    cleanups.push(() => webProc.exitCode === null && webProc.kill('SIGKILL'));
    const u = new URL(await web.url);
    const client = await WsClient.connect(Number(u.port), u.searchParams.get('token'));
    cleanups.push(() => client.close());

    // 1. the CLI runs a task; while its command runs, browser mode tries to run the same session
    let refusedByCli: Promise<any> | undefined;
    let sessionId = '';
    const cli = await runCli(['run', '--json', '--workspace', env.workspace, 'first task'], {
      home: env.home,
      onStdout: (chunk) => {
        for (const m of jsonLines(chunk)) {
          if (m.type === 'session_meta') sessionId = m.payload.session_id;
          if (m.payload?.type === 'tool_call' && !refusedByCli) {
            refusedByCli = client
              .call('sessions.run', { sessionId, prompt: 'hijack' })
              .finally(() => fs.writeFileSync(gateA, ''));
          }
        }
      },
    });
    expect(cli.code).toBe(0);
    const refusal = await refusedByCli!;
    expect(refusal.ok).toBe(false);
    expect(refusal.error.code).toBe('conflict');
    expect(refusal.error.message).toBe(
      `Session ${sessionId} is being run by floe run (pid ${cli.pid}). Wait for that task to finish or stop it there, then try again.`,
    );

    // 2. browser mode runs the next task; while its command runs, the CLI tries to resume the session
    expect((await client.call('sessions.run', { sessionId, prompt: 'second task' })).ok).toBe(true);
    await client.waitFor(
      'session.message',
      (p) => p.sessionId === sessionId && p.message.payload?.type === 'tool_call',
    );
    const second = await runCli(['run', '--resume', sessionId, 'hijack'], { home: env.home });
    fs.writeFileSync(gateB, '');
    expect(second.code).toBe(2);
    expect(second.stderr).toBe(
      `floe: Session ${sessionId} is being run by floe web (pid ${webProc.pid}). Wait for that task to finish or stop it there, then try again.\n`,
    );
    await client.waitFor('session.status', (p) => p.sessionId === sessionId && p.status === 'completed');

    // the trace: one output per call, the two real answers, no trace of either hijack
    const [file, ...more] = traceFiles(env.home);
    expect(more).toEqual([]);
    const ps = payloads(file!);
    const calls = ps.filter((p) => p.type === 'tool_call').map((p) => p.tool_call_id);
    const outs = ps.filter((p) => p.type === 'tool_call_output');
    expect(calls).toEqual(['call_a', 'call_b']);
    expect(outs.map((p) => [p.tool_call_id, p.stop_reason])).toEqual([
      ['call_a', 'completed'],
      ['call_b', 'completed'],
    ]);
    expect(ps.filter((p) => p.type === 'text' && p.role === 'assistant').map((p) => p.text)).toEqual([
      'done A',
      'done B',
    ]);
    expect(ps.filter((p) => p.type === 'text' && p.role === 'user').map((p) => p.text)).toEqual([
      'first task',
      'second task',
    ]);
    expect(server.requests).toHaveLength(4);
    // no claim is left behind once both tasks ended (the host lets go right after reporting the status)
    expect(await until(() => fs.readdirSync(`${env.home}/claims`).length === 0, 5_000)).toBe(true);
  }, 90_000);
});
