// `floe web` as a real process: prints the URL with its token, serves only with the token, refuses a
// non-loopback --host, and stops cleanly on SIGTERM (exit 0).
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { FLOE_BIN, runCli, tempHome, type TempHome } from '../helpers/cli.js';

let env: TempHome | undefined;
let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = undefined;
  env?.cleanup();
  env = undefined;
});

const status = (url: string): Promise<number> =>
  new Promise((resolve, reject) => http.get(url, (res) => (res.resume(), resolve(res.statusCode ?? 0))).on('error', reject));

describe('floe web', () => {
  it('prints a tokened URL on 127.0.0.1, refuses requests without the token, stops on SIGTERM', async () => {
    env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
    const proc = spawn(process.execPath, [FLOE_BIN, 'web', '--port', '0'], { env: { ...process.env, FLOE_HOME: env.home }, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    let out = '';
    let err = '';
    proc.stderr!.on('data', (d) => (err += d));
    const url = await new Promise<string>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no URL printed; stdout: ${out} stderr: ${err}`)), 30_000);
      proc.stdout!.on('data', (d) => {
        out += d;
        const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
        if (m) {
          clearTimeout(t);
          resolve(m[1]!);
        }
      });
    });
    const u = new URL(url);
    expect(await status(url)).toBe(200);
    expect(await status(`${u.origin}/`)).toBe(401);
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
    proc.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses a non-loopback --host with exit 2', async () => {
    env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
    const r = await runCli(['web', '--host', '0.0.0.0'], { home: env.home, timeoutMs: 30_000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--host must be a loopback address');
  });
});
