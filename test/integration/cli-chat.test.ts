// `floe chat` driven through a real pty: two turns, Ctrl-C aborts the second, the REPL survives; `npx floe --help`.
import { spawnSync } from 'node:child_process';
import * as pty from 'node-pty';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../fixtures/model-server.js';
import { FLOE_BIN, REPO, tempHome, type TempHome } from '../helpers/cli.js';
import { dbPath } from '../../main/config/home.js';
import { openStore } from '../../main/store/index.js';

let server: ModelServer | undefined;
let env: TempHome | undefined;
afterEach(async () => {
  await server?.close();
  env?.cleanup();
});

function waitFor(get: () => string, pattern: RegExp, ms = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const tick = () => {
      if (pattern.test(get())) return resolve();
      if (Date.now() - t0 > ms) return reject(new Error(`timed out waiting for ${pattern}; screen so far:\n${get()}`));
      setTimeout(tick, 50);
    };
    tick();
  });
}

describe('floe chat', () => {
  it('/compact [focus] compacts the context now: the summary streams, the next turn starts from it', async () => {
    server = await startModelServer([
      { reply: { text: 'First answer.' } },
      { reply: { text: '## Goal\nSay hello (CHAT-SUMMARY-5).' } },
      { reply: { text: 'Answer after compaction.' } },
    ]);
    env = tempHome({ baseUrl: server.openaiBaseUrl });
    const p = pty.spawn(process.execPath, [FLOE_BIN, 'chat', '--workspace', env.workspace], {
      cols: 120,
      rows: 40,
      cwd: REPO,
      env: { ...process.env, FLOE_HOME: env.home, NO_COLOR: '1' } as Record<string, string>,
    });
    let screen = '';
    p.onData((d) => (screen += d));
    const exited = new Promise<number>((r) => p.onExit((e) => r(e.exitCode)));
    try {
      await waitFor(() => screen, /› $/m);
      p.write('hello\r');
      await waitFor(() => screen, /First answer\./);
      p.write('/compact the greeting\r');
      await waitFor(() => screen, /context compacted \(summary/);
      expect(screen).toMatch(/compacting the context \(manual/);
      expect(screen).toContain('CHAT-SUMMARY-5');
      p.write('next\r');
      await waitFor(() => screen, /Answer after compaction\./);
      p.write('/exit\r');
      expect(await exited).toBe(0);
    } finally {
      try {
        p.kill();
      } catch {
        /* already gone */
      }
    }
    expect(JSON.stringify(server.requests[1].body.messages)).toContain('Give particular attention to: the greeting');
    const after = JSON.stringify(server.requests[2].body.messages);
    expect(after).toContain('CHAT-SUMMARY-5');
    expect(after).toContain('hello');
    expect(after).not.toContain('First answer.');
  });

  it('two turns; Ctrl-C aborts the running second task and the REPL keeps going', async () => {
    server = await startModelServer([
      { reply: { text: 'First answer.' } },
      { reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd: 'sleep 30.4242' }, id: 'slow' }] } },
      { reply: { text: 'Third answer after the interrupt.' } },
    ]);
    env = tempHome({ baseUrl: server.openaiBaseUrl });
    const p = pty.spawn(process.execPath, [FLOE_BIN, 'chat', '--workspace', env.workspace], {
      cols: 120,
      rows: 40,
      cwd: REPO,
      env: { ...process.env, FLOE_HOME: env.home, NO_COLOR: '1' } as Record<string, string>,
    });
    let screen = '';
    p.onData((d) => (screen += d));
    const exited = new Promise<number>((r) => p.onExit((e) => r(e.exitCode)));
    try {
      await waitFor(() => screen, /› $/m);
      p.write('hello\r');
      await waitFor(() => screen, /First answer\./);
      p.write('run something slow\r');
      await waitFor(() => screen, /▶ exec_command/);
      // interrupt only once the command runs (with --workspace the turn's checkpoint is taken before it starts)
      for (let i = 0; i < 200 && !spawnSync('pgrep', ['-f', 'sleep 30.4242']).stdout.toString().trim(); i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 200));
      p.write('\x03');
      await waitFor(() => screen, /task aborted/);
      p.write('are you still there?\r');
      await waitFor(() => screen, /Third answer after the interrupt\./);
      p.write('/exit\r');
      expect(await exited).toBe(0);
    } finally {
      try {
        p.kill();
      } catch {
        /* exited */
      }
    }
    expect(server.requests).toHaveLength(3);
    // the interrupted call was paired before the third request
    const third = server.requests[2].body.messages;
    expect(third.find((m: any) => m.role === 'tool' && m.tool_call_id === 'slow').content).toBe(
      '[interrupted: tool aborted by user]',
    );
    expect(spawnSync('pgrep', ['-f', 'sleep 30.4242']).stdout.toString().trim()).toBe('');
  });

  it('/mode alone shows the mode; the approval answer is typed on the prompt line; titled from the first prompt', async () => {
    server = await startModelServer([
      { reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd: 'echo approved-7' }, id: 'c1' }] } },
      { reply: { text: 'Ran it.' } },
    ]);
    env = tempHome({ baseUrl: server.openaiBaseUrl });
    const args = [FLOE_BIN, 'chat', '--approve', 'always-ask', '--workspace', env.workspace];
    const p = pty.spawn(process.execPath, args, {
      cols: 120,
      rows: 40,
      cwd: REPO,
      env: { ...process.env, FLOE_HOME: env.home, NO_COLOR: '1' } as Record<string, string>,
    });
    let screen = '';
    p.onData((d) => (screen += d));
    const exited = new Promise<number>((r) => p.onExit((e) => r(e.exitCode)));
    try {
      await waitFor(() => screen, /› $/m);
      p.write('/mode\r');
      await waitFor(() => screen, /^approval mode: always-ask \(change it with \/mode <allow-all\|/m);
      p.write('Please echo something for me\r');
      // the question is the last thing on the screen, after the tool call's own line
      await waitFor(() => screen, /▶ exec_command[^]*allow\? \[y\/n\] $/);
      p.write('y\r');
      await waitFor(() => screen, /Ran it\./);
      expect(screen).toMatch(/allow\? \[y\/n\] y\r\n/);
      p.write('/exit\r');
      expect(await exited).toBe(0);
    } finally {
      try {
        p.kill();
      } catch {
        /* exited */
      }
    }
    const id = /session (session-\S+) ·/.exec(screen)![1]!;
    const store = openStore(dbPath(env.home));
    try {
      expect(store.sessions.get(id)?.title).toBe('Please echo something for me');
    } finally {
      store.close();
    }
  });

  it('npx floe --help prints the usage', () => {
    const r = spawnSync('npx', ['floe', '--help'], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Usage: floe');
    expect(r.stdout).toMatch(/run \[options\] <prompt\.\.\.>/);
  });
});
