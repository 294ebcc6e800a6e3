// Smoke test of the built desktop main bundle: `electron-vite build` into a temporary out folder at the app root,
// then out/main/index.js runs under plain Node with `electron` resolved to a scripted stub (support/). It must load
// every import, create the real host on a temp FLOE_HOME, answer IPC from our page, refuse a foreign frame,
// forward host events, and quit only after the host was disposed. The Electron window itself cannot run here.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_ROOT } from '../../../main/cli/desktop.js';

const outDir = join(APP_ROOT, `.floe-test-smoke-out-${process.pid}`);
const home = mkdtempSync(join(tmpdir(), 'floe-smoke-home-'));
const project = mkdtempSync(join(tmpdir(), 'floe-smoke-project-'));
afterAll(() => {
  for (const d of [outDir, home, project]) rmSync(d, { recursive: true, force: true });
});

function runBundle(): Promise<{ code: number | null; lines: any[]; stderr: string }> {
  const hooks = pathToFileURL(join(import.meta.dirname, 'support', 'electron-hooks.mjs')).href;
  const register = `data:text/javascript,import { register } from "node:module"; register(${JSON.stringify(hooks)});`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', register, join(outDir, 'main', 'index.js')], {
      cwd: APP_ROOT,
      env: { ...process.env, FLOE_HOME: home, FLOE_SMOKE_PROJECT: project, ELECTRON_RENDERER_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const watchdog = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.on('exit', (code) => {
      clearTimeout(watchdog);
      const lines = out
        .split('\n')
        .filter((l) => l.startsWith('STUB '))
        .map((l) => JSON.parse(l.slice(5)));
      resolve({ code, lines, stderr: err });
    });
  });
}

describe('the built main bundle', () => {
  it('wires a real host to IPC behind the sender check and quits after disposing it', async () => {
    const cli = join(APP_ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
    const built = spawnSync(process.execPath, [cli, 'build', '--outDir', outDir], {
      cwd: APP_ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(built.status, built.stderr).toBe(0);
    expect(existsSync(join(outDir, 'main', 'index.js'))).toBe(true);
    expect(existsSync(join(outDir, 'preload', 'index.cjs'))).toBe(true);

    const { code, lines, stderr } = await runBundle();
    expect(code, stderr).toBe(0);
    const find = (key: string) => lines.filter((l) => key in l);

    const wp = find('window')[0].window;
    expect(wp).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      preload: join(outDir, 'preload', 'index.cjs'),
    });
    expect(find('csp')[0].csp).toContain("img-src 'self' data:");
    expect(find('permission')[0].permission).toBe(false);
    expect(find('menu')[0].menu).toEqual(['File', 'Edit', 'View', 'Window']);
    expect(find('load')[0].load).toBe(pathToFileURL(join(outDir, 'renderer', 'index.html')).href);

    const info = find('info')[0].info;
    expect(info.ok).toBe(true);
    expect(info.value).toMatchObject({ mode: 'desktop', home });
    expect(find('foreign')[0].foreign.error.code).toBe('forbidden');
    const added = find('added')[0].added;
    expect(added.ok, JSON.stringify(added)).toBe(true);
    expect(added.value.path).toBe(project);
    expect(find('event').map((e) => e.name)).toContain('projects.changed');

    // first quit held for host.dispose(), the second let through
    expect(find('quit')).toEqual([
      { quit: true, held: true },
      { quit: true, held: false },
    ]);
    // the host released FLOE_HOME: a new host lock can be taken (no host.lock left behind)
    expect(existsSync(join(home, 'host.lock'))).toBe(false);
  });
});
