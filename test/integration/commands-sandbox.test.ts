// Commands in the sandbox keep working as in a terminal (issue 19): job control, Ctrl-C, killing the whole command,
// a dev server started by one command reached on localhost by the next (the session's shared loopback) but not from
// the host, the network only when asked for; and a machine that cannot sandbox says so once, in one line, through
// exec_command's warning event (never a silent fallback). Real bwrap, real ptys.
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandRegistry } from '../../main/environment/commands/registry.js';
import { CommandSandbox } from '../../main/environment/sandbox/sandbox.js';
import { execCommandTool } from '../../main/environment/tools/exec-command.js';
import type { ToolContext } from '../../main/environment/types.js';
import { pgrep, until } from '../helpers/procs.js';

let root: string;
let ws: string;
let sandbox: CommandSandbox;
let registry: CommandRegistry;

beforeAll(async () => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'floe-sbx-cmd-')));
  ws = path.join(root, 'ws');
  mkdirSync(ws);
  sandbox = new CommandSandbox({ workspace: ws, home: root, floeHome: path.join(root, 'floe'), sessionId: 'cmds' });
  if (!sandbox.active) throw new Error(`these tests need the sandbox: ${sandbox.offReason}`);
  registry = new CommandRegistry({ env: { HOME: root }, sandbox });
  await registry.prepare();
  expect(registry.takeWarnings()).toEqual([]);
});

afterAll(async () => {
  await registry?.disposeAll();
  sandbox?.dispose();
  rmSync(root, { recursive: true, force: true });
});

async function run(cmd: string, opts: { network?: boolean } = {}): Promise<{ out: string; code?: number }> {
  const s = registry.start({ cmd, cwd: ws, ...opts });
  await s.exited;
  return { out: await s.readClean(), code: s.exitCode };
}

function hostServer(): Promise<{ port: number; hits: () => number; close: () => void }> {
  let hits = 0;
  const srv = net.createServer((c) => {
    hits++;
    c.end('from-host\n');
  });
  return new Promise((resolve) =>
    srv.listen(0, '127.0.0.1', () =>
      resolve({ port: (srv.address() as net.AddressInfo).port, hits: () => hits, close: () => srv.close() }),
    ),
  );
}

describe('commands in the sandbox', () => {
  it('job control: a background job is listed, killed by job number and waited for', async () => {
    // kill only once the job runs `sleep` itself: a signal sent while the forked shell had not exec'd yet was lost
    // once in a full run on a loaded machine (the job then ran its 30 s and the test timed out)
    const r = await run(
      'sleep 30 & jobs; until [ "$(cat /proc/$!/comm 2>/dev/null)" = sleep ]; do sleep 0.01; done; kill %1; wait %1; echo "after: $?"',
    );
    expect(r.out).toMatch(/^\[1\]\+\s+Running\s+sleep 30 &\nafter: 143\n$/);
    expect(r.code).toBe(0);
  });

  it('Ctrl-C ends a running command as in a terminal', async () => {
    const s = registry.start({ cmd: 'echo ready; sleep 30', cwd: ws });
    await until(() => s.charsSeen > 0, 5000);
    s.write('\x03');
    const t0 = Date.now();
    await s.exited;
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(s.signal ?? s.exitCode).toMatch(/SIGINT|130/);
  });

  it('kill ends the command and everything it started, a setsid child included', async () => {
    const tag = `4${process.pid}`;
    const s = registry.start({ cmd: `setsid sleep 1000.${tag} & sleep 1000.${tag}1`, cwd: ws });
    expect(await until(() => pgrep(`^sleep 1000.${tag}`).length === 2, 5000)).toBe(true);
    registry.kill(s.id);
    await s.exited;
    expect(await until(() => pgrep(`^sleep 1000.${tag}`).length === 0, 5000)).toBe(true);
  });

  it('a server started by one command is reached on localhost by the next, not from the host', async () => {
    const server = registry.start({ cmd: 'python3 -m http.server 0 --bind 127.0.0.1', cwd: ws });
    let port = 0;
    expect(
      await until(() => {
        port = Number(/port (\d+)/.exec(server.scrollback())?.[1] ?? 0);
        return port > 0;
      }, 10_000),
    ).toBe(true);
    writeFileSync(path.join(ws, 'hello.txt'), 'served\n');
    const r = await run(`curl -sS http://127.0.0.1:${port}/hello.txt`);
    expect(r.out).toBe('served\n');
    const fromHost = await new Promise<string>((resolve) => {
      const c = net.connect(port, '127.0.0.1', () => resolve('connected'));
      c.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    });
    expect(fromHost).toBe('ECONNREFUSED');
    registry.kill(server.id);
    await server.exited;
  });

  it("the host's network only when the call asks for it", async () => {
    const host = await hostServer();
    try {
      const cmd = `(exec 3<>/dev/tcp/127.0.0.1/${host.port} && cat <&3) 2>&1`;
      const without = await run(cmd);
      expect(without.out).toMatch(/Connection refused/);
      expect(host.hits()).toBe(0);
      const withNet = await run(cmd, { network: true });
      expect(withNet.out).toBe('from-host\n');
      expect(host.hits()).toBe(1);
    } finally {
      host.close();
    }
  });
});

describe('what the sandbox refused, as events of the call', () => {
  it('a write outside is a violation of the call, a blocked network a warning; the output is unchanged', async () => {
    const ctx = {
      workspace: ws,
      toolCallId: 'c2',
      signal: new AbortController().signal,
      call: { name: 'exec_command', arguments: '{}', tool_call_id: 'c2' },
      services: { commands: registry },
      definition: execCommandTool.definition,
    } as unknown as ToolContext;
    const cmd = 'touch /etc/floe-x; curl -sS -m 3 http://floe-example.invalid/; echo end';
    const gen = execCommandTool.execute({ cmd }, ctx);
    const warnings: { type: string; source?: string; message: string }[] = [];
    let text = '';
    for (;;) {
      const n = await gen.next();
      if (n.done) break;
      if (typeof n.value === 'string') text += n.value;
      else warnings.push(n.value.payload as unknown as { type: string; source?: string; message: string });
    }
    expect(text).toContain("touch: cannot touch '/etc/floe-x': Read-only file system");
    expect(text).toMatch(/end\n$/);
    // the refused write is a violation of the call (its tool card offers it), the network failure a warning
    expect(warnings.map((w) => [w.type, w.source, w.message.split(' (')[0]])).toEqual([
      ['sandbox_violation', 'output', 'sandbox: a write to /etc/floe-x was refused'],
      ['warning', 'sandbox', 'sandbox: the network is off for commands'],
    ]);
    expect(warnings[0]).toMatchObject({ tool_call_id: 'c2', kind: 'write', target: '/etc/floe-x' });
  });
});

describe('a machine that cannot sandbox', () => {
  async function execWarnings(reg: CommandRegistry): Promise<{ warnings: string[]; output: string }> {
    const ctx = {
      workspace: ws,
      toolCallId: 'c1',
      signal: new AbortController().signal,
      call: { name: 'exec_command', arguments: '{}', tool_call_id: 'c1' },
      services: { commands: reg },
      definition: execCommandTool.definition,
    } as unknown as ToolContext;
    const warnings: string[] = [];
    let output = '';
    const gen = execCommandTool.execute({ cmd: 'echo ran' }, ctx);
    for (;;) {
      const n = await gen.next();
      if (n.done) break;
      if (typeof n.value === 'string') output += n.value;
      else if ((n.value.payload as { type?: string }).type === 'warning')
        warnings.push((n.value.payload as { message: string }).message);
    }
    return { warnings, output };
  }

  it('bwrap missing: one line with the install command, once; commands run unsandboxed and say so', async () => {
    const off = new CommandSandbox({
      workspace: ws,
      home: root,
      floeHome: path.join(root, 'floe'),
      sessionId: 'off',
      bwrap: path.join(root, 'no-such-bwrap'),
    });
    const reg = new CommandRegistry({ env: { HOME: root }, sandbox: off });
    try {
      expect(reg.sandboxed).toBe(false);
      const first = await execWarnings(reg);
      expect(first.warnings).toEqual([
        `the command sandbox is off: bubblewrap (${path.join(root, 'no-such-bwrap')}) is not installed; install it ` +
          'with "sudo apt-get install -y bubblewrap" (or your distribution\'s bubblewrap package) — until then every ' +
          'command asks for approval',
      ]);
      expect(first.output).toBe('ran\n');
      expect((await execWarnings(reg)).warnings).toEqual([]);
    } finally {
      await reg.disposeAll();
      off.dispose();
    }
  });

  it('bwrap blocked (user namespaces refused): the reason and how to allow them', () => {
    const fake = path.join(root, 'blocked-bwrap');
    writeFileSync(fake, '#!/bin/sh\necho "bwrap: setting up uid map: Permission denied" >&2\nexit 1\n');
    chmodSync(fake, 0o755);
    const off = new CommandSandbox({
      workspace: ws,
      home: root,
      floeHome: path.join(root, 'floe'),
      sessionId: 'b',
      bwrap: fake,
    });
    expect(off.active).toBe(false);
    expect(off.offReason).toMatch(
      /^the command sandbox is off: bwrap cannot create a namespace here \(bwrap: setting up uid map: Permission denied\); allow unprivileged user namespaces/,
    );
    expect(off.takeWarnings()).toHaveLength(1);
    expect(off.takeWarnings()).toHaveLength(0);
  });
});
