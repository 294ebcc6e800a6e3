// The spawner (main/os/spawner.ts) with its real helper process: programs start from the helper, not from this
// process; output comes back as bytes with exit code or signal; input, directory and environment are passed; a
// program that cannot start is an error result; a helper that dies fails only what it was running and is replaced;
// a helper that cannot start at all leaves programs running directly.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pidExists, procStat } from '../../main/os/procs.js';
import { Spawner } from '../../main/os/spawner.js';
import { until } from '../helpers/procs.js';

const made: Spawner[] = [];
const newSpawner = (server?: string, idleMs?: number) => {
  const s = server === undefined ? new Spawner(undefined, idleMs) : new Spawner(server, idleMs);
  made.push(s);
  return s;
};
afterEach(() => {
  for (const s of made.splice(0)) s.dispose();
});
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
const REPO = path.resolve(import.meta.dirname, '../..');

describe('Spawner', () => {
  it('starts programs from its helper process, not from this one', async () => {
    const s = newSpawner();
    const r = await s.run('sh', ['-c', 'echo $PPID'], { cwd: os.tmpdir(), env });
    expect(r.code).toBe(0);
    const parent = Number(r.stdout.toString().trim());
    expect(s.pid).toBeGreaterThan(0);
    expect(parent).toBe(s.pid);
    expect(parent).not.toBe(process.pid);
    // one helper for every call
    const again = await s.run('sh', ['-c', 'echo $PPID'], { cwd: os.tmpdir(), env });
    expect(Number(again.stdout.toString().trim())).toBe(s.pid);
  });

  it('passes input, directory and environment; returns bytes, stderr and the exit code or signal', async () => {
    const s = newSpawner();
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'floe-spawner-')));
    try {
      const r = await s.run('sh', ['-c', 'pwd; echo "$FLOE_X"; cat; printf "\\377\\000" ; echo oops >&2; exit 3'], {
        cwd: dir,
        env: { ...env, FLOE_X: 'given' },
        input: 'from stdin\n',
      });
      expect(r.code).toBe(3);
      expect(r.signal).toBeNull();
      expect(r.stdout).toEqual(Buffer.concat([Buffer.from(`${dir}\ngiven\nfrom stdin\n`), Buffer.from([255, 0])]));
      expect(r.stderr.toString()).toBe('oops\n');
      expect(r.error).toBeUndefined();
      const k = await s.run('sh', ['-c', 'kill -TERM $$'], { cwd: dir, env });
      expect(k).toMatchObject({ code: null, signal: 'SIGTERM' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a program that cannot start is an error result', async () => {
    const r = await newSpawner().run('floe-no-such-program', [], { cwd: os.tmpdir(), env });
    expect(r.code).toBeNull();
    expect(r.error).toMatch(/ENOENT/);
  });

  it('a helper that dies fails what it was running, and the next call gets a new helper', async () => {
    const s = newSpawner();
    await s.run('true', [], { cwd: os.tmpdir(), env });
    const first = s.pid!;
    const running = s.run('sleep', ['30'], { cwd: os.tmpdir(), env });
    await new Promise((r) => setTimeout(r, 200));
    process.kill(first, 'SIGKILL');
    const r = await running;
    expect(r.code).toBeNull();
    expect(r.error).toMatch(/the spawner ended \(SIGKILL\)/);
    const next = await s.run('sh', ['-c', 'echo $PPID'], { cwd: os.tmpdir(), env });
    expect(Number(next.stdout.toString().trim())).toBe(s.pid);
    expect(s.pid).not.toBe(first);
  });

  it('a helper that cannot start leaves programs running from this process', async () => {
    const s = newSpawner(path.join(os.tmpdir(), 'floe-no-such-spawner.mjs'));
    const r = await s.run('sh', ['-c', 'echo $PPID'], { cwd: os.tmpdir(), env });
    expect(r.code).toBe(0);
    expect(Number(r.stdout.toString().trim())).toBe(process.pid);
    const again = await s.run('sh', ['-c', 'echo $PPID'], { cwd: os.tmpdir(), env });
    expect(Number(again.stdout.toString().trim())).toBe(process.pid);
    expect(s.pid).toBeUndefined();
  });

  it('an idle helper ends after its idle time; the next call starts a new one', async () => {
    const s = newSpawner(undefined, 300);
    await s.run('true', [], { cwd: os.tmpdir(), env });
    const first = s.pid!;
    expect(first).toBeGreaterThan(0);
    await until(() => s.pid === undefined, 10_000);
    expect(s.pid).toBeUndefined();
    expect(pidExists(first)).toBe(false);
    const r = await s.run('sh', ['-c', 'echo $PPID'], { cwd: os.tmpdir(), env });
    expect(Number(r.stdout.toString().trim())).toBe(s.pid);
    expect(s.pid).not.toBe(first);
  });

  it('start: a long-lived program started by the helper; its pipes are read and written here, none of its output lost', async () => {
    const s = newSpawner();
    const child = await s.start('sh', ['-c', 'echo out; echo err >&2; echo info >&3; cat'], {
      env,
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    expect(procStat(child.pid!)?.ppid).toBe(s.pid); // the helper's child, not this process's
    expect(procStat(child.pid!)?.pgrp).toBe(child.pid); // a process group of its own
    const read = (fd: number) => {
      let text = '';
      (child.stdio[fd] as NodeJS.ReadableStream).on('data', (d: Buffer) => (text += d.toString()));
      return () => text;
    };
    const [out, err, info] = [read(1), read(2), read(3)];
    const exited = new Promise<[number | null, string | null]>((r) => child.on('exit', (c, sig) => r([c, sig])));
    const closed = new Promise<void>((r) => child.once('close', () => r()));
    child.stdin!.write('typed\n');
    expect(await until(() => out() === 'out\ntyped\n', 5000)).toBe(true);
    expect(err()).toBe('err\n'); // written before its pipes reached this process: still here
    expect(info()).toBe('info\n');
    child.stdin!.end();
    expect(await exited).toEqual([0, null]);
    await closed;
    expect(child.exitCode).toBe(0);
  });

  it('start: a program that cannot start rejects; kill ends one that runs', async () => {
    const s = newSpawner();
    await expect(s.start('floe-no-such-program', [], { env, stdio: ['ignore', 'ignore', 'ignore'] })).rejects.toThrow(
      /ENOENT/,
    );
    const child = await s.start('sleep', ['30'], { env, stdio: ['ignore', 'ignore', 'ignore'] });
    const exited = new Promise<[number | null, string | null]>((r) => child.on('exit', (c, sig) => r([c, sig])));
    expect(child.kill('SIGKILL')).toBe(true);
    expect(await exited).toEqual([null, 'SIGKILL']);
  });

  it("ends when its host is killed while it is handing the host a program's pipes", async () => {
    const host = spawn(process.execPath, ['--import', 'tsx', path.join(REPO, 'test/fixtures/spawner-host.ts')], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    host.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise((r) => host.once('exit', r));
    const helper = Number(out.trim());
    expect(helper).toBeGreaterThan(0);
    // its channel never says 'disconnect' here (a handle was still unacknowledged); it notices its parent went
    const gone = await until(() => !pidExists(helper), 10_000);
    if (!gone) process.kill(helper, 'SIGKILL');
    expect(gone).toBe(true);
  });
});
