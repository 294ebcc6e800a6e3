// `npm start` (bin/start.mjs) on this machine without Electron's binary: a real process that prints the one plain
// line, falls back to browser mode and serves the UI on 127.0.0.1. Downloads are switched off
// (FLOE_ELECTRON_DOWNLOAD=0) so the test never leaves loopback; skipped where the binary is installed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ROOT, electronBinaryPath } from '../../../main/cli/desktop.js';

function stop(child: ChildProcess): void {
  if (child.pid && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL'); // the whole group: start.mjs and its floe web child
    } catch {
      // already gone
    }
  }
}

describe('npm start without the Electron binary', () => {
  it.skipIf(electronBinaryPath() !== null)('says so in one line and starts browser mode on 127.0.0.1', async () => {
    const home = mkdtempSync(join(tmpdir(), 'floe-start-'));
    const child = spawn(process.execPath, [join(APP_ROOT, 'bin', 'start.mjs'), '--port', '0'], {
      cwd: APP_ROOT,
      env: { ...process.env, FLOE_HOME: home, FLOE_ELECTRON_DOWNLOAD: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (err += d));
    const watchdog = setTimeout(() => stop(child), 50_000);
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const check = () => {
          const m = /http:\/\/127\.0\.0\.1:\d+\/\S*/.exec(out);
          if (m) resolve(m[0]);
        };
        child.stdout!.on('data', check);
        child.on('exit', (code) => reject(new Error(`start.mjs exited with ${code}\n${out}\n${err}`)));
      });
      expect(out.split('\n')[0]).toBe(
        "Electron's binary is not installed and could not be downloaded; starting browser mode instead.",
      );
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      // SIGTERM to start.mjs is passed on; both exit
      const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      clearTimeout(watchdog);
      stop(child);
      rmSync(home, { recursive: true, force: true });
    }
  });
});
