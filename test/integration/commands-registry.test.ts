// CommandRegistry with real ptys: host events, raw scrollback, kill escalation, the cap-64 eviction rule and
// disposeAll leaving no process behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pgrep, until } from '../helpers/procs.js';
import { groupAlive } from '../../main/environment/commands/process-group.js';
import { CommandRegistry, type CommandEvent } from '../../main/environment/commands/registry.js';

let home: string;
const registries: CommandRegistry[] = [];
const make = (opts: ConstructorParameters<typeof CommandRegistry>[0] = {}): CommandRegistry => {
  const r = new CommandRegistry({ env: { HOME: home }, ...opts });
  registries.push(r);
  return r;
};

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'floe-reg-home-'));
});
afterEach(async () => {
  await Promise.all(registries.splice(0).map((r) => r.disposeAll()));
});
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

const tag = (): string => `1000.${process.pid}${Math.floor(Math.random() * 100000)}`;

describe('CommandRegistry', () => {
  it('reports started/data/exit/removed events, info and raw scrollback', async () => {
    const reg = make({ cols: 100, rows: 30 });
    const events: CommandEvent[] = [];
    const off = reg.onEvent((e) => events.push(e));
    const s = reg.start({ cmd: "printf '\\033[32mgreen\\033[0m\\n'; exit 4", cwd: home });
    expect(s.id).toMatch(/^proc-[0-9a-f]{8}$/);
    await s.exited;
    const info = reg.list()[0];
    expect(info).toMatchObject({ id: s.id, cwd: home, status: 'exited', exitCode: 4, cols: 100, rows: 30, pid: s.pid });
    expect(info.endedAt).toBeGreaterThanOrEqual(info.startedAt);
    expect(reg.scrollback(s.id)).toContain('\x1b[32mgreen\x1b[0m\r\n');
    expect(await s.readClean()).toBe('green\n');
    reg.remove(s.id);
    off();
    const kinds = events.map((e) => e.kind);
    expect(kinds[0]).toBe('started');
    expect(kinds).toContain('data');
    expect(events.find((e) => e.kind === 'exit')).toEqual({ kind: 'exit', id: s.id, exitCode: 4 });
    expect(kinds[kinds.length - 1]).toBe('removed');
    expect(reg.get(s.id)).toBeUndefined();
  });

  it('kill escalates to SIGKILL when the group ignores SIGTERM', async () => {
    const reg = make({ killGraceMs: 300 });
    const s = reg.start({ cmd: `trap '' TERM; sleep ${tag()}`, cwd: home });
    await new Promise((r) => setTimeout(r, 300));
    expect(reg.kill(s.id)).toBe(true);
    await s.exited;
    expect(s.signal).toBe('SIGKILL');
    expect(await until(() => !groupAlive(s.pid), 3000)).toBe(true);
  });

  it('applies write and resize to the terminal', async () => {
    const reg = make();
    const s = reg.start({ cmd: 'read a; stty size', cwd: home });
    expect(reg.resize(s.id, 77, 33)).toBe(true);
    expect(reg.write(s.id, 'go\n')).toBe(true);
    await s.exited;
    expect(await s.readClean()).toBe('go\n33 77\n');
    expect(reg.write('proc-nope', 'x')).toBe(false);
  });

  it('evicts an exited session first, else kills the least recently used idle one (cap 64)', async () => {
    const reg = make({ killGraceMs: 500 });
    const t = tag();
    const sessions = Array.from({ length: 64 }, () => reg.start({ cmd: `sleep ${t}`, cwd: home }));
    expect(reg.list()).toHaveLength(64);
    // make the use order explicit: sessions[0] is the oldest but a tool call is waiting on it
    const base = Date.now() - 100_000;
    sessions.forEach((s, i) => (s.lastUsedAt = base + i * 10));
    const release = sessions[0].hold();
    sessions[0].lastUsedAt = base;
    const removed: string[] = [];
    reg.onEvent((e) => e.kind === 'removed' && removed.push(e.id));

    const s65 = reg.start({ cmd: `sleep ${t}`, cwd: home });
    expect(reg.list()).toHaveLength(64);
    expect(removed).toEqual([sessions[1].id]);
    expect(reg.get(sessions[0].id)).toBeDefined();
    expect(await until(() => !groupAlive(sessions[1].pid), 4000)).toBe(true);

    // an exited session goes before any running one, however recently it was used
    reg.kill(sessions[40].id, 'SIGKILL');
    await sessions[40].exited;
    sessions[40].lastUsedAt = Date.now();
    reg.start({ cmd: `sleep ${t}`, cwd: home });
    expect(removed).toEqual([sessions[1].id, sessions[40].id]);
    expect(reg.get(sessions[2].id)?.status).toBe('running');
    expect(reg.get(s65.id)).toBeDefined();
    release();

    await reg.disposeAll();
    expect(reg.list()).toEqual([]);
    expect(await until(() => pgrep(`sleep ${t}`).length === 0, 4000)).toBe(true);
  }, 60_000);

  it('disposeAll kills running groups and leftovers of removed sessions: no orphans', async () => {
    const reg = make();
    const t = tag();
    const a = reg.start({ cmd: `sleep ${t}1 & sleep ${t}2`, cwd: home });
    // exits at once but leaves a HUP-proof child in its group
    const b = reg.start({ cmd: `nohup sleep ${t}3 >/dev/null 2>&1 & exit 0`, cwd: home });
    await b.exited;
    reg.remove(b.id);
    expect(await until(() => pgrep(`sleep ${t}`).length >= 3, 3000)).toBe(true);
    await reg.disposeAll();
    expect(pgrep(`sleep ${t}`)).toEqual([]);
    expect(groupAlive(a.pid)).toBe(false);
    expect(() => reg.start({ cmd: 'true', cwd: home })).toThrow(/disposed/);
  });
});
