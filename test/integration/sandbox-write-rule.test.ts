// A refused write becomes a project rule (issue 19), in process with the real host, a real SQLite file, the
// scripted model and the real sandbox (bwrap): a command in mode auto that writes a folder outside the workspace
// is refused, the call's sandbox_violation names the path and its folder; rules.add (what the tool card's "Allow
// writing <folder> in this project" calls) stores the folder's real path, and the same session's next command
// (a new box, the policy changed) writes there; once the rule is removed, the next one is refused again. A folder
// that leads into Floe's own home (a symlink), the home folder or a missing folder is refused with a clear error,
// and nothing is stored.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHost, type HostService } from '../../main/host/index.js';
import { startModelServer, type Script } from '../fixtures/model-server.js';
import { tempHome } from '../helpers/cli.js';
import { ok, runToEnd } from '../helpers/host.js';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

const exec = (cmd: string, id: string) => ({
  reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd }, id }] },
});

async function setup(script: Script) {
  const server = await startModelServer(script);
  cleanups.push(() => server.close());
  const env = tempHome({ baseUrl: server.openaiBaseUrl, systemConfig: 'system_prompt: test agent\n' });
  cleanups.push(() => env.cleanup());
  // outside the workspace and outside /tmp (commands get a /tmp of their own, where the folder would not exist)
  const outside = fs.realpathSync(fs.mkdtempSync(path.join('/var/tmp', 'floe-write-rule-')));
  cleanups.push(() => fs.rmSync(outside, { recursive: true, force: true }));
  const h: HostService = createHost({ home: env.home, mode: 'web', retrySchedule: [10, 10, 10] });
  cleanups.push(() => h.dispose());
  return { server, env, outside, h };
}

const payloads = async (h: HostService, sessionId: string, type: string) =>
  (await ok(h, 'sessions.transcript', { sessionId })).messages
    .filter((m: any) => m.payload?.type === type)
    .map((m: any) => m.payload);

describe('a refused write becomes a writable-folder rule of the project', () => {
  it('the violation names the folder; the rule added through rules.add lets the next command write there, until removed', async () => {
    const { server, env, outside, h } = await setup([]);
    const target = path.join(outside, 'x');
    const p = await ok(h, 'projects.add', { path: env.workspace });
    const s = await ok(h, 'sessions.create', { projectId: p.id, approvalMode: 'auto' });

    server.push(exec(`touch ${target}; echo done-1`, 'w1'), { reply: { text: 'ok' } });
    expect(await runToEnd(h, s.id, 'write outside')).toBe('completed');
    expect(fs.existsSync(target)).toBe(false);
    const [v] = await payloads(h, s.id, 'sandbox_violation');
    expect(v).toMatchObject({ tool_call_id: 'w1', kind: 'write', target, folder: outside, source: 'output' });

    const rule = await ok(h, 'rules.add', {
      action: 'allow',
      tool: 'sandbox_write',
      pattern: v.folder,
      scope: 'project',
      sessionId: s.id,
    });
    expect(rule).toMatchObject({ tool: 'sandbox_write', pattern: outside, scope: 'project', scopeKey: env.workspace });
    expect(rule.label).toBe(`allow sandbox_write "${outside}" (project rule ${rule.id})`);

    server.push(exec(`touch ${target} && echo wrote-2`, 'w2'), { reply: { text: 'ok' } });
    expect(await runToEnd(h, s.id, 'write again')).toBe('completed');
    expect(fs.existsSync(target)).toBe(true);
    // still exactly one violation: the second call was not refused
    expect((await payloads(h, s.id, 'sandbox_violation')).map((x: any) => x.tool_call_id)).toEqual(['w1']);

    // the rule removed: the next command is refused again
    await ok(h, 'rules.remove', { ruleId: rule.id });
    server.push(exec(`touch ${outside}/y; echo done-3`, 'w3'), { reply: { text: 'ok' } });
    expect(await runToEnd(h, s.id, 'write after removal')).toBe('completed');
    expect(fs.existsSync(path.join(outside, 'y'))).toBe(false);
    expect((await payloads(h, s.id, 'sandbox_violation')).map((x: any) => x.tool_call_id)).toEqual(['w1', 'w3']);
  });

  it('refuses a folder that leads into FLOE_HOME or is the home folder, saying why; nothing is stored', async () => {
    const { env, outside, h } = await setup([]);
    const p = await ok(h, 'projects.add', { path: env.workspace });
    const link = path.join(outside, 'into-floe');
    fs.symlinkSync(env.home, link);
    const add = (pattern: string) =>
      h.call('rules.add', { action: 'allow', tool: 'sandbox_write', pattern, scope: 'project', projectId: p.id });
    const viaLink = await add(link);
    expect(viaLink).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    const msg = (viaLink as any).error.message as string;
    expect(msg).toContain(`The folder ${fs.realpathSync(env.home)} cannot be made writable: it lies inside`);
    expect(msg).toContain("Floe's own config and database");
    const home = await add(process.env.HOME ?? os.homedir());
    expect((home as any).error.message).toMatch(/cannot be made writable: it is the home folder/);
    const missing = await add(path.join(outside, 'nope'));
    expect((missing as any).error.message).toMatch(/does not exist; create it first/);
    expect(await ok(h, 'rules.list', { projectId: p.id })).toEqual([]);
  });
});
