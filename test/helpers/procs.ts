// Test helpers for processes: find them by command line, wait for a condition, start `floe web` and read its URL.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { FLOE_BIN } from './cli.js';

/** pids whose command line matches `pattern` (pgrep -f). */
export function pgrep(pattern: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', pattern], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Polls `cond` every 50 ms for up to `ms`; returns its last value. */
export async function until(cond: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return cond();
}

/** HTTP status of a GET. */
export const httpStatus = (url: string): Promise<number> =>
  new Promise((resolve, reject) =>
    http.get(url, (res) => (res.resume(), resolve(res.statusCode ?? 0))).on('error', reject),
  );

export interface WebProcess {
  proc: ChildProcess;
  /** the printed URL with its token (rejects if none comes within 30 s or the process exits first) */
  url: Promise<string>;
  out: () => string;
  err: () => string;
  exit: Promise<number | null>;
}

/** Starts `floe web --port 0` on `home` as a child process. The caller kills it. */
export function startWeb(home: string): WebProcess {
  const proc = spawn(process.execPath, [FLOE_BIN, 'web', '--port', '0'], {
    env: { ...process.env, FLOE_HOME: home, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stderr!.on('data', (d) => (err += d));
  const exit = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no URL printed; stdout: ${out} stderr: ${err}`)), 30_000);
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve(m[1]!);
      }
    });
    void exit.then(() => {
      clearTimeout(t);
      reject(new Error(`exited before printing a URL; stderr: ${err}`));
    });
  });
  url.catch(() => {});
  return { proc, url, out: () => out, err: () => err, exit };
}
