// Containment (issue 9 item 7): abort ends every descendant of a command, also those that left its process group
// or session; a host killed with SIGKILL leaves nothing running (its watchdog reaps, or the next start does).
// Real bash, real ptys, the real `floe` CLI as the host; only the model is scripted.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../fixtures/model-server.js';
import { runCli, tempHome, type TempHome } from '../helpers/cli.js';
import { pgrep, until } from '../helpers/procs.js';
import { CommandRegistry } from '../../main/environment/commands/registry.js';
import { canFindTagged } from '../../main/environment/commands/containment.js';
import { execCommandTool } from '../../main/environment/tools/exec-command.js';
import type { ToolContext } from '../../main/environment/types.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const REPO = join(import.meta.dirname, '../..');
const unique = (): string => `${process.pid}${Math.floor(Math.random() * 1e6)}`;

/** session id and process group of a pid (fields 6 and 5 of /proc/<pid>/stat) */
function sidPgid(pid: number): { sid: number; pgid: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { pgid: Number(rest[2]), sid: Number(rest[3]) };
}

describe.runIf(canFindTagged)('containment', () => {
  it('abort ends a `setsid` child and a child that called setpgid, with the rest of the command', async () => {
    console.log(
      'containment mechanism exercised: process-group signal + FLOE_PROC environment tag found in /proc/<pid>/environ',
    );
    const t = unique();
    const home = mkdtempSync(join(tmpdir(), 'floe-contain-'));
    const reg = new CommandRegistry({ env: { HOME: home }, killGraceMs: 500 });
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    cleanups.push(() => reg.disposeAll());
    const cmd = `setsid sleep 1000.${t}1 & perl -e 'setpgrp(0, 0); sleep 1000' own-group-${t} & sleep 1000.${t}3`;
    const ac = new AbortController();
    const ctx: ToolContext = {
      workspace: home,
      toolCallId: 'c1',
      signal: ac.signal,
      call: { type: 'tool_call', name: 'exec_command', arguments: '{}', tool_call_id: 'c1' },
      services: { commands: reg },
      definition: execCommandTool.definition,
    };
    const gen = execCommandTool.execute({ cmd }, ctx);
    const done = (async () => {
      for (;;) if ((await gen.next()).done) return;
    })();
    expect(
      await until(
        () => pgrep(`^sleep 1000.${t}1$`).length === 1 && pgrep(`^perl .* own-group-${t}$`).length === 1,
        5000,
      ),
    ).toBe(true);
    // they really left: another session, another process group than the command's shell
    const shell = reg.list()[0].pid;
    expect(sidPgid(pgrep(`^sleep 1000.${t}1$`)[0]).sid).not.toBe(shell);
    expect(sidPgid(pgrep(`^perl .* own-group-${t}$`)[0]).pgid).not.toBe(shell);
    ac.abort();
    await done;
    expect(await until(() => pgrep(`${t}`).filter((p) => p !== process.pid).length === 0, 4000)).toBe(true);
  }, 20_000);

  /** A `floe run` host running a command that leaves its group and session; `sandboxed`: in the OS sandbox. */
  async function hostRunning(sandboxed = true): Promise<{
    t: string;
    env: TempHome;
    server: ModelServer;
    host: Promise<unknown>;
    pid: () => number;
  }> {
    const t = unique();
    const cmd = `setsid sleep 1000.${t}1 & nohup sleep 1000.${t}2 >/dev/null 2>&1 & sleep 1000.${t}3`;
    const server = await startModelServer([
      { reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd }, id: 'call_1' }] } },
      { reply: { text: 'x' } },
    ]);
    const systemConfig = `system_prompt: t\n${sandboxed ? '' : 'sandbox: { enabled: false }\n'}`;
    const env = tempHome({ baseUrl: server.openaiBaseUrl, systemConfig });
    cleanups.push(() => env.cleanup());
    cleanups.push(() => server.close());
    let pid = 0;
    const host = runCli(['run', '--json', '--workspace', env.workspace, 'go'], {
      home: env.home,
      onStdout: (_c, p) => (pid = p),
    });
    expect(await until(() => pgrep(`^sleep 1000.${t}[123]$`).length === 3, 20_000)).toBe(true);
    // the host's watchdog (started by its spawner, a moment after the first command at most)
    expect(await until(() => pgrep(`floe-watchdog .*${env.home}/commands/`).length === 1, 5000)).toBe(true);
    return { t, env, server, host, pid: () => pid };
  }

  it('kill -9 of the host while a command runs: its watchdog ends every process of the command within seconds', async () => {
    const { t, host, pid } = await hostRunning();
    process.kill(pid(), 'SIGKILL');
    await host;
    expect(await until(() => pgrep(`^sleep 1000.${t}[123]$`).length === 0, 5000)).toBe(true);
  }, 40_000);

  it('kill -9 of the host and its watchdog, sandbox off: the next start reaps what they left', async () => {
    const { t, env, host, pid } = await hostRunning(false);
    const watchdogs = pgrep(`floe-watchdog .*${env.home}/commands/`);
    expect(watchdogs).toHaveLength(1);
    process.kill(watchdogs[0], 'SIGKILL');
    process.kill(pid(), 'SIGKILL');
    await host;
    // the setsid one outlives the host (the nohup one too: the terminal's hang-up does not reach them)
    await new Promise((r) => setTimeout(r, 1000));
    expect(pgrep(`^sleep 1000.${t}1$`)).toHaveLength(1);
    const next = new CommandRegistry({ reapDir: join(env.home, 'commands') });
    cleanups.push(() => next.disposeAll());
    expect(await until(() => pgrep(`^sleep 1000.${t}[123]$`).length === 0, 3000)).toBe(true);
  }, 40_000);

  it('kill -9 of the host and its watchdog, sandboxed: the PID namespace ends every process at once', async () => {
    const { t, env, host, pid } = await hostRunning(true);
    const watchdogs = pgrep(`floe-watchdog .*${env.home}/commands/`);
    expect(watchdogs).toHaveLength(1);
    process.kill(watchdogs[0], 'SIGKILL');
    process.kill(pid(), 'SIGKILL');
    await host;
    // bwrap dies with its parent, and with it the namespace: even the setsid child, with no reaper anywhere
    expect(await until(() => pgrep(`^sleep 1000.${t}[123]$`).length === 0, 3000)).toBe(true);
  }, 40_000);

  it('one watchdog per host process: three registries share it; kill -9 of the host ends all their commands', async () => {
    const t = unique();
    const home = mkdtempSync(join(tmpdir(), 'floe-reap-'));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    const dir = join(home, 'commands');
    const host = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'test/fixtures/reaper-host.ts'), dir, t, '3'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(() => void host.kill('SIGKILL'));
    cleanups.push(() => pgrep(`^sleep 1000.${t}`).forEach((p) => process.kill(p, 'SIGKILL')));
    // every registry's commands run: three setsid sleeps (out of the command's session) and three in it
    expect(await until(() => pgrep(`^sleep 1000.${t}[12][012]$`).length === 6, 20_000)).toBe(true);
    // the spawner starts the watchdog (no fork of the host): it may come a moment after the commands; one for all
    expect(await until(() => pgrep(`floe-watchdog .*${dir}/`).length > 0, 5000)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    const watchdogs = pgrep(`floe-watchdog .*${dir}/`);
    expect(watchdogs).toHaveLength(1);
    // started by the host's spawner, not forked from the host itself (a fork stops the host's event loop)
    const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
    const parent = parentOf(watchdogs[0]!);
    expect(parent).not.toBe(host.pid);
    expect(parentOf(parent)).toBe(host.pid);
    expect(readdirSync(dir).filter((n) => n.endsWith('.json'))).toHaveLength(3);
    host.kill('SIGKILL');
    expect(await until(() => pgrep(`^sleep 1000.${t}`).length === 0, 5000)).toBe(true);
    // and it removed the three records and left
    expect(
      await until(() => readdirSync(dir).length === 0 && pgrep(`floe-watchdog .*${dir}/`).length === 0, 3000),
    ).toBe(true);
  }, 40_000);

  it('a registry that closes leaves the shared watchdog to the others; the last one out lets it go', async () => {
    const t = unique();
    const home = mkdtempSync(join(tmpdir(), 'floe-reap-'));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    const dir = join(home, 'commands');
    const a = new CommandRegistry({ reapDir: dir, env: { HOME: home }, killGraceMs: 500 });
    const b = new CommandRegistry({ reapDir: dir, env: { HOME: home }, killGraceMs: 500 });
    cleanups.push(() => a.disposeAll());
    cleanups.push(() => b.disposeAll());
    a.start({ cmd: `sleep 1000.${t}1`, cwd: home });
    b.start({ cmd: `sleep 1000.${t}2`, cwd: home });
    expect(await until(() => pgrep(`^sleep 1000.${t}[12]$`).length === 2, 20_000)).toBe(true);
    // the spawner starts the watchdog: it may come a moment after the commands
    expect(await until(() => pgrep(`floe-watchdog .*${dir}/`).length > 0, 5000)).toBe(true);
    const watchdogs = pgrep(`floe-watchdog .*${dir}/`);
    expect(watchdogs).toHaveLength(1);
    await a.disposeAll();
    expect(pgrep(`^sleep 1000.${t}1$`)).toHaveLength(0);
    // b still runs and is still watched, by the same watchdog
    expect(pgrep(`^sleep 1000.${t}2$`)).toHaveLength(1);
    expect(pgrep(`floe-watchdog .*${dir}/`)).toEqual(watchdogs);
    await b.disposeAll();
    expect(await until(() => pgrep(`floe-watchdog .*${dir}/`).length === 0, 3000)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  }, 40_000);
});
