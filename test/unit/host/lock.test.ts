import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireHostLock } from '../../../main/host/lock.js';

describe('host lock (one host per FLOE_HOME)', () => {
  it('refuses a second host while the first holds the lock, and frees it on release', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-lock-'));
    const release = acquireHostLock(home);
    // the same process cannot be told apart from a stale lock, so play the other host with a live child pid
    fs.writeFileSync(path.join(home, 'host.lock'), String(process.ppid));
    expect(() => acquireHostLock(home)).toThrow(/Another Floe host \(pid \d+\) is using/);
    fs.writeFileSync(path.join(home, 'host.lock'), String(process.pid));
    release();
    expect(fs.existsSync(path.join(home, 'host.lock'))).toBe(false);
    acquireHostLock(home)();
  });
  it('takes over a lock left by a dead process', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-lock-'));
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    fs.writeFileSync(path.join(home, 'host.lock'), dead);
    const release = acquireHostLock(home);
    expect(fs.readFileSync(path.join(home, 'host.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
