// User-side failures of the `floe` command end with one clear line (what, where, what to do), exit 2, on stderr
// also under --json, and never a stack trace (issue 14). Real `floe` processes on a temp FLOE_HOME.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ScriptStep } from '../fixtures/model-server.js';
import { REPO, runCli, tempHome, type TempHome } from '../helpers/cli.js';

let env: TempHome | undefined;
afterEach(() => env?.cleanup());

const noStack = (s: string): void => {
  expect(s).not.toMatch(/\n\s+at /);
  expect(s).not.toContain('internal error');
};

describe('floe: clear errors', () => {
  it('an unwritable traces folder: names the file and the fix, exit 2, with and without --json', async () => {
    env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
    // a file where the traces folder should be (chmod cannot stop root, a file in the path stops everyone)
    fs.mkdirSync(path.join(env.home, 'agents/default'), { recursive: true });
    fs.writeFileSync(path.join(env.home, 'agents/default/traces'), 'not a folder');
    for (const json of [false, true]) {
      const r = await runCli(['run', ...(json ? ['--json'] : []), '--workspace', env.workspace, 'hi'], {
        home: env.home,
      });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(
        new RegExp(
          `^floe: Cannot open trace file ${env.home}/agents/default/traces/\\d{4}-\\d{2}-\\d{2}/session-[\\w-]+_001\\.jsonl: ` +
            'a part of the path is a file, not a folder \\(ENOTDIR\\)\\. Move that file away or point FLOE_HOME elsewhere\\.\\n$',
        ),
      );
      noStack(r.stderr);
    }
  });

  const tool = (name: string, aliases: string[] = []) =>
    [
      `    - name: ${name}`,
      '      description: d',
      '      permission: rw',
      '      parameters: {type: object, properties: {}}',
      `      aliases: [${aliases.join(', ')}]`,
    ].join('\n');
  const FS_BIN = path.join(REPO, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');

  for (const c of [
    {
      what: 'an unknown tool in tools.builtin',
      at: '3:7',
      yaml: `tools:\n  builtin:\n${tool('exec_comand')}\n`,
      message:
        'tools.builtin: unknown tool "exec_comand" (known: describe_image, exec_command, input_command, input_subagent, read_image, run_subagent)',
    },
    {
      what: 'an alias colliding with another tool',
      at: '8:7', // the second tool declaring it
      yaml: `tools:\n  builtin:\n${tool('exec_command', ['run'])}\n${tool('input_command', ['Run'])}\n`,
      message:
        'The alias "run" is declared by more than one tool ("exec_command", "input_command"). Remove it from all but one of them.',
    },
    {
      what: 'two MCP servers whose tool names differ only in case',
      at: '11:7', // the second server
      yaml: `tools:\n  builtin:\n${tool('exec_command')}\n  mcpServers:\n    - name: fs\n      config: {command: ${process.execPath}, args: [${FS_BIN}, /tmp]}\n    - name: FS\n      config: {command: ${process.execPath}, args: [${FS_BIN}, /tmp]}\n`,
      message:
        'Tool names "mcp__FS__read_file" and "mcp__fs__read_file" differ only in case, so calls cannot tell them apart.',
    },
  ]) {
    it(`${c.what}: file:line and the problem on stderr, exit 2, also under --json`, async () => {
      env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1', systemConfig: c.yaml });
      const file = path.join(env.home, 'agents/default/system_config.yaml');
      for (const json of [false, true]) {
        const r = await runCli(['run', ...(json ? ['--json'] : []), '--workspace', env.workspace, 'hi'], {
          home: env.home,
        });
        expect(r.code).toBe(2);
        const last = r.stderr.trimEnd().split('\n').at(-1)!;
        expect(last.startsWith(`floe: ${file}:${c.at}: tool configuration of agent "default": `), last).toBe(true);
        expect(last).toContain(c.message);
        noStack(r.stderr);
        if (json)
          expect(
            r.stdout
              .split('\n')
              .filter(Boolean)
              .map((l) => JSON.parse(l).type)[0],
          ).toBe('session_meta');
      }
    }, 60_000);
  }

  describe('provider failures are labelled by what happened', () => {
    const closedServers: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const c of closedServers.splice(0)) await c();
    });
    /** a server that accepts connections and hangs up on the first bytes, before any response header */
    async function hangUpServer(): Promise<string> {
      const srv = net.createServer((sock) => sock.once('data', () => sock.destroy()));
      await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
      closedServers.push(() => new Promise((r) => srv.close(() => r())));
      return `http://127.0.0.1:${(srv.address() as net.AddressInfo).port}/v1`;
    }
    async function deadPort(): Promise<string> {
      const srv = net.createServer();
      await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
      const port = (srv.address() as net.AddressInfo).port;
      await new Promise((r) => srv.close(r));
      return `http://127.0.0.1:${port}/v1`;
    }
    const cases: { what: string; base: () => Promise<string>; line: RegExp }[] = [
      {
        what: 'HTTP 503',
        base: async () => await scripted([{ error: { status: 503 } }]),
        line: /^task failed: server error: HTTP 503/,
      },
      {
        what: 'HTTP 429',
        base: async () => await scripted([{ error: { status: 429 } }]),
        line: /^task failed: rate limited: HTTP 429/,
      },
      {
        what: 'closed before the headers',
        base: hangUpServer,
        line: /^task failed: connection closed early: http:\/\/127\.0\.0\.1:\d+\/v1 accepted the connection but closed it before sending a response/,
      },
      {
        what: 'unreachable',
        base: deadPort,
        line: /^task failed: unreachable: cannot reach http:\/\/127\.0\.0\.1:\d+\/v1 \(.*ECONNREFUSED.*\) — is the server running/,
      },
    ];
    async function scripted(steps: ScriptStep[]): Promise<string> {
      const srv = await startModelServer({ next: () => steps[0]! });
      closedServers.push(() => srv.close());
      return srv.openaiBaseUrl;
    }
    for (const c of cases) {
      it(`${c.what}: "task failed" with the label, exit 1, no stack`, async () => {
        env = tempHome({ baseUrl: await c.base() });
        const r = await runCli(['run', '--workspace', env.workspace, 'hi'], {
          home: env.home,
          env: { FLOE_RETRY_SCHEDULE_MS: '1,1' },
        });
        expect(r.code).toBe(1);
        const last = r.stderr.trimEnd().split('\n').at(-1)!;
        expect(last).toMatch(c.line);
        expect(r.stdout).toContain('! request failed: ');
        expect(r.stdout).not.toContain('request timeout');
        noStack(r.stderr);
      }, 60_000);
    }
  });
});
