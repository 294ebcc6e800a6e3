// The sandbox's network goes through the session's allow-list proxy (issue 19): a real HTTP server on the host's
// 127.0.0.1 plays two external hosts (the proxy's test host map names them), curl runs inside the real sandbox with
// the proxy variables a command gets. An allowed host is reached (plain HTTP and a CONNECT tunnel); a blocked one
// is refused with a 403 naming it, after its asker was asked once; a program that ignores the proxy variables
// (`curl --noproxy '*'`) reaches nothing, by name or by IP; DNS gives nothing inside.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandRegistry } from '../../main/environment/commands/registry.js';
import { CommandSandbox } from '../../main/environment/sandbox/sandbox.js';
import { execCommandTool } from '../../main/environment/tools/exec-command.js';
import type { ToolContext } from '../../main/environment/types.js';
import { modeApprover } from '../../main/approval/modes.js';
import { validateRule, type Rule } from '../../main/approval/rules.js';
import type { ApprovalRequest } from '../../main/approval/types.js';

let root: string;
let ws: string;
let sandbox: CommandSandbox;
let registry: CommandRegistry;
let server: http.Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(`${req.headers.host} ${req.url}`);
    res.end(`hello from ${req.headers.host?.split(':')[0]}\n`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'floe-egress-')));
  ws = path.join(root, 'ws');
  mkdirSync(ws);
  sandbox = new CommandSandbox({
    workspace: ws,
    home: root,
    floeHome: path.join(root, 'floe'),
    sessionId: 'egress',
    egressHosts: { 'registry.example.test': '127.0.0.1', 'evil.example.test': '127.0.0.1' },
  });
  if (!sandbox.active) throw new Error(`these tests need the sandbox: ${sandbox.offReason}`);
  registry = new CommandRegistry({ env: { HOME: root }, sandbox });
  await registry.prepare();
  expect(registry.takeWarnings()).toEqual([]);
  expect(sandbox.egress.port).toBeGreaterThan(0);
});

afterAll(async () => {
  await registry?.disposeAll();
  sandbox?.dispose();
  server?.close();
  rmSync(root, { recursive: true, force: true });
});

async function run(cmd: string, tag: string): Promise<{ out: string; code?: number }> {
  const s = registry.start({ cmd, cwd: ws, env: sandbox.egress.env(tag) });
  await s.exited;
  return { out: await s.readClean(), code: s.exitCode };
}

/** An asker that allows `allowed` and records every question. */
function asker(allowed: string[]) {
  const asked: string[] = [];
  return {
    asked,
    fn: (host: string) => {
      asked.push(host);
      return Promise.resolve(allowed.includes(host));
    },
  };
}

describe('network through the allow-list proxy', () => {
  it('an allowed host is reached over plain HTTP and through a CONNECT tunnel', async () => {
    const a = asker(['registry.example.test']);
    const detach = sandbox.egress.attach('call-allowed', a.fn);
    try {
      const url = `http://registry.example.test:${port}/pkg`;
      const r = await run(`curl -sS ${url}; curl -sS --proxytunnel ${url}/tunnel`, 'call-allowed');
      expect(r.out).toBe('hello from registry.example.test\nhello from registry.example.test\n');
      expect(hits).toContain(`registry.example.test:${port} /pkg`);
      expect(hits).toContain(`registry.example.test:${port} /pkg/tunnel`);
      // decided once for the command, both requests used the answer
      expect(a.asked).toEqual(['registry.example.test']);
      expect(sandbox.egress.takeViolations('call-allowed')).toEqual([]);
    } finally {
      detach();
    }
  });

  it('a blocked host asks, is refused with a 403 naming it, and becomes a violation of the call', async () => {
    const a = asker([]);
    const detach = sandbox.egress.attach('call-blocked', a.fn);
    const before = hits.length;
    try {
      const r = await run(
        `curl -sS -o /dev/null -w '%{http_code}\\n' http://evil.example.test:${port}/x; ` +
          `curl -sS https://evil.example.test:${port}/y`,
        'call-blocked',
      );
      expect(r.out).toMatch(/^403\n/);
      expect(r.out).toMatch(/CONNECT tunnel failed, response 403/);
      expect(a.asked).toEqual(['evil.example.test']);
      expect(hits.length).toBe(before);
      const v = sandbox.egress.takeViolations('call-blocked');
      expect(v.map((x) => [x.host, x.tag])).toEqual([['evil.example.test', 'call-blocked']]);
      expect(v[0].reason).toMatch(/evil\.example\.test is not allowed/);
    } finally {
      detach();
    }
  });

  it('a command no call answers for is refused without asking anyone', async () => {
    const before = hits.length;
    const r = await run(`curl -sS -o /dev/null -w '%{http_code}\\n' http://registry.example.test:${port}/`, 'gone');
    expect(r.out).toBe('403\n');
    expect(hits.length).toBe(before);
    expect(sandbox.egress.takeViolations('gone').map((v) => v.host)).toEqual(['registry.example.test']);
  });

  it('a program that ignores the proxy variables fails closed: no name resolution, no route to any IP', async () => {
    const a = asker(['registry.example.test']);
    const detach = sandbox.egress.attach('call-noproxy', a.fn);
    const before = hits.length;
    try {
      const r = await run(
        `curl -sS --max-time 5 --noproxy '*' http://registry.example.test:${port}/; echo "exit $?"; ` +
          `curl -sS --max-time 5 --noproxy '*' http://1.1.1.1/; echo "exit $?"; ` +
          `getent hosts example.com; echo "getent $?"`,
        'call-noproxy',
      );
      expect(r.out).toMatch(/Could not resolve host: registry\.example\.test[\s\S]*exit 6\n/);
      expect(r.out).toMatch(/(Failed to connect|Couldn't connect|Network is unreachable)[\s\S]*exit 7\n/);
      expect(r.out).toMatch(/getent 2\n$/);
      expect(a.asked).toEqual([]);
      expect(hits.length).toBe(before);
    } finally {
      detach();
    }
  });

  it('IP literals and names of this machine are refused by the proxy even when allowed', async () => {
    const a = asker(['127.0.0.1', 'localhost']);
    const detach = sandbox.egress.attach('call-local', a.fn);
    const before = hits.length;
    try {
      const r = await run(
        `curl -sS -x "$HTTP_PROXY" --noproxy '' http://127.0.0.1:${port}/; ` +
          `curl -sS -x "$HTTP_PROXY" --noproxy '' http://localhost:${port}/`,
        'call-local',
      );
      expect(r.out).toMatch(/127\.0\.0\.1 is an IP address/);
      expect(r.out).toMatch(/localhost resolves to (127\.0\.0\.1|::1), an address of this machine/);
      expect(hits.length).toBe(before);
    } finally {
      detach();
    }
  });
});

describe('exec_command with the proxy: the ask, the violation event, the rule', () => {
  const rules: Rule[] = [];
  const asked: ApprovalRequest[] = [];
  // auto mode with the session's rules; the person says no to everything
  const approve = modeApprover(
    () => 'auto',
    (req) => {
      asked.push(req);
      return Promise.resolve('deny');
    },
    () => rules,
  );

  async function exec(cmd: string, id: string, yieldMs?: number) {
    const ctx = {
      workspace: ws,
      sessionId: 'sess-1',
      toolCallId: id,
      signal: new AbortController().signal,
      approve,
      call: { name: 'exec_command', arguments: JSON.stringify({ cmd }), tool_call_id: id },
      services: { commands: registry, egress: sandbox.egress },
      definition: execCommandTool.definition,
    } as unknown as ToolContext;
    const gen = execCommandTool.execute({ cmd, ...(yieldMs ? { yield_time_ms: yieldMs } : {}) }, ctx);
    const events: Record<string, unknown>[] = [];
    let text = '';
    for (;;) {
      const n = await gen.next();
      if (n.done) break;
      if (typeof n.value === 'string') text += n.value;
      else events.push(n.value.payload as unknown as Record<string, unknown>);
    }
    return { text, events };
  }

  it('a blocked domain asks (network, naming it, on the call), is refused, and is a violation event', async () => {
    const r = await exec(`curl -sS -o /dev/null -w '%{http_code}\\n' http://registry.example.test:${port}/a`, 'c-1');
    expect(r.text).toMatch(/^403\n/);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      toolName: 'network',
      arguments: JSON.stringify({ domain: 'registry.example.test', port }),
      sessionId: 'sess-1',
    });
    expect(asked[0].call.payload.tool_call_id).toBe('c-1');
    expect(asked[0].uncovered).toEqual([
      {
        text: 'registry.example.test',
        reason: 'no network rule allows this domain',
        suggestion: 'registry.example.test',
      },
    ]);
    expect(r.events).toEqual([
      {
        type: 'sandbox_violation',
        tool_call_id: 'c-1',
        kind: 'network',
        target: 'registry.example.test',
        message: expect.stringMatching(/^registry\.example\.test is not allowed for commands/),
        source: 'proxy',
      },
    ]);
  });

  it('once a project rule allows the domain it passes without asking', async () => {
    rules.push({
      ...validateRule({
        action: 'allow',
        scope: 'project',
        scopeKey: ws,
        tool: 'network',
        pattern: 'registry.example.test',
      }),
      id: 'rule-net',
      createdAt: new Date().toISOString(),
    });
    const n = asked.length;
    const r = await exec(`curl -sS http://registry.example.test:${port}/b`, 'c-2');
    expect(r.text).toBe('hello from registry.example.test\n');
    expect(asked.length).toBe(n);
    expect(r.events).toEqual([]);
  });

  it('a background command is not asked about; its refusal shows on its own call when the next call ends', async () => {
    const n = asked.length;
    const bg = await exec(`sleep 1; curl -sS http://evil.example.test:${port}/late`, 'c-bg', 300);
    expect(bg.text).toBe('');
    expect(bg.events).toEqual([]);
    // wait for the background curl to be refused
    await new Promise((r) => setTimeout(r, 2500));
    const next = await exec('true', 'c-next');
    expect(asked.length).toBe(n);
    expect(next.events).toEqual([
      expect.objectContaining({ type: 'sandbox_violation', tool_call_id: 'c-bg', target: 'evil.example.test' }),
    ]);
  });
});
