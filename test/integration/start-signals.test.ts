// `npm start` passes SIGTERM and SIGINT on (issue 27): the real `npm start` in browser mode (Electron's download
// turned off), the signal sent to npm's process alone, as a service manager or `kill` would; afterwards nothing it
// started serves the page and no process with its FLOE_HOME is left.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cli.js';
import { until } from '../helpers/procs.js';

/** Pids of live processes whose environment holds `entry` (whatever group or parent they have now). */
function withEnv(entry: string): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (readFileSync(`/proc/${d}/environ`, 'utf8').split('\0').includes(entry)) out.push(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

async function serves(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

async function startThenSignal(sig: NodeJS.Signals): Promise<{ url: string; code: number | null; left: number[] }> {
  const home = mkdtempSync(path.join(tmpdir(), 'floe-start-sig-'));
  // the signal goes to npm's pid only; every process it starts inherits FLOE_HOME, which is how they are found
  const npm = spawn('npm', ['start', '--', '--port', '0'], {
    cwd: REPO,
    env: { ...process.env, FLOE_HOME: home, FLOE_ELECTRON_DOWNLOAD: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const watchdog = setTimeout(() => {
    for (const pid of withEnv(`FLOE_HOME=${home}`)) process.kill(pid, 'SIGKILL');
  }, 100_000);
  try {
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      npm.stdout.on('data', (d) => {
        out += d;
        const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      npm.on('exit', (code) => reject(new Error(`npm start exited (${code}) before serving: ${out}`)));
    });
    expect(await serves(url)).toBe(true);
    const exited = new Promise<number | null>((r) => npm.on('exit', (code) => r(code)));
    process.kill(npm.pid!, sig);
    const code = await exited;
    // the children stop on their own (no one else signals them)
    const mine = `FLOE_HOME=${home}`;
    await until(() => withEnv(mine).length === 0, 15_000);
    return { url, code, left: withEnv(mine) };
  } finally {
    clearTimeout(watchdog);
    for (const pid of withEnv(`FLOE_HOME=${home}`)) process.kill(pid, 'SIGKILL');
    rmSync(home, { recursive: true, force: true });
  }
}

describe('npm start and signals', () => {
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    it(`${sig} to npm start stops every process it started: the page is no longer served`, async () => {
      const r = await startThenSignal(sig);
      expect(r.left).toEqual([]);
      expect(await serves(r.url)).toBe(false);
    }, 120_000);
  }
});
