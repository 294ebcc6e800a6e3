import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireHostLock } from '../../../main/host/lock.js';
import { processStart } from '../../../main/os/procs.js';
import { parseOwner } from '../../../main/store/owner-file.js';

const homes: string[] = [];
const tmpHome = (): string => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-lock-'));
  homes.push(home);
  return home;
};
afterAll(() => {
  for (const home of homes) fs.rmSync(home, { recursive: true, force: true });
});
const deadPid = (): number =>
  Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());

describe('host lock (one host per FLOE_HOME)', () => {
  it('writes pid, start time and kind; refuses a second host in this process; frees the lock on release', () => {
    const home = tmpHome();
    const release = acquireHostLock(home, 'floe web');
    const owner = parseOwner(fs.readFileSync(path.join(home, 'host.lock'), 'utf8'));
    expect(owner).toMatchObject({ pid: process.pid, kind: 'floe web', start: processStart(process.pid) });
    expect(owner.start).toMatch(/^\d+$/);
    expect(() => acquireHostLock(home)).toThrow(/Another Floe host in this process is using/);
    release();
    expect(fs.existsSync(path.join(home, 'host.lock'))).toBe(false);
    acquireHostLock(home)();
  });
  it('refuses while another live process holds it, naming its pid and kind', async () => {
    const home = tmpHome();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      const start = processStart(child.pid!);
      fs.writeFileSync(
        path.join(home, 'host.lock'),
        JSON.stringify({ pid: child.pid, start, kind: 'desktop', nonce: 'n' }),
      );
      expect(() => acquireHostLock(home)).toThrow(`Another Floe host (pid ${child.pid}, desktop) is using ${home}`);
      // the same pid with another start time is a reused pid: the claim is dead and taken over
      fs.writeFileSync(
        path.join(home, 'host.lock'),
        JSON.stringify({ pid: child.pid, start: '1', kind: 'desktop', nonce: 'n' }),
      );
      acquireHostLock(home)();
    } finally {
      child.kill();
    }
  });
  it('takes over a lock left by a dead process (old bare-pid format and JSON)', () => {
    for (const text of [String(deadPid()), JSON.stringify({ pid: deadPid(), kind: 'floe web', nonce: 'z' }), '']) {
      const home = tmpHome();
      fs.writeFileSync(path.join(home, 'host.lock'), text);
      const release = acquireHostLock(home);
      expect(parseOwner(fs.readFileSync(path.join(home, 'host.lock'), 'utf8')).pid).toBe(process.pid);
      release();
      expect(fs.readdirSync(home)).toEqual([]); // no temp files or take-over markers left behind
    }
  });
  it('takes over past a take-over marker whose taker died', () => {
    const home = tmpHome();
    const lock = path.join(home, 'host.lock');
    const raw = JSON.stringify({ pid: deadPid(), kind: 'floe web', nonce: 'a' });
    fs.writeFileSync(lock, raw);
    const hash = (s: string): string => createHash('sha256').update(s).digest('hex').slice(0, 16);
    fs.writeFileSync(
      `${lock}.takeover-${hash(raw)}`,
      JSON.stringify({ pid: deadPid(), kind: 'take-over', nonce: 'b' }),
    );
    const release = acquireHostLock(home);
    expect(parseOwner(fs.readFileSync(lock, 'utf8')).pid).toBe(process.pid);
    release();
  });
});
