// `floe web` as a real process: prints the URL with its token, serves only with the token, refuses a
// non-loopback --host, and stops cleanly on SIGTERM (exit 0).
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { httpStatus, startWeb } from '../helpers/procs.js';
import { runCli, tempHome, type TempHome } from '../helpers/cli.js';

let env: TempHome | undefined;
let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = undefined;
  env?.cleanup();
  env = undefined;
});

describe('floe web', () => {
  it('prints a tokened URL on 127.0.0.1, refuses requests without the token, stops on SIGTERM', async () => {
    env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
    const web = startWeb(env.home);
    const proc = web.proc;
    child = proc;
    const url = await web.url;
    const u = new URL(url);
    expect(await httpStatus(url)).toBe(200);
    expect(await httpStatus(`${u.origin}/`)).toBe(401);
    proc.kill('SIGTERM');
    expect(await web.exit).toBe(0);
  });

  it('refuses a non-loopback --host with exit 2', async () => {
    env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
    const r = await runCli(['web', '--host', '0.0.0.0'], { home: env.home, timeoutMs: 30_000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--host must be a loopback address');
  });
});
