// The sandbox's command server (main/environment/sandbox/pty-server.mjs) run directly with node, outside bwrap: a
// flood's output is sent in batches, not one message per ~4 KB pty read (the host parsed a header and ran its
// pipeline once per message: ~4 800 messages for 20 MB before), every byte arrives in order, and a command's output
// always comes before its exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHeader, type Header } from '../../main/environment/sandbox/box-stream.js';
import { until } from '../helpers/procs.js';

const SERVER = path.resolve(import.meta.dirname, '../../main/environment/sandbox/pty-server.mjs');
const NODE_PTY = createRequire(import.meta.url).resolve('node-pty');

let server: ChildProcess | undefined;
afterEach(() => {
  server?.kill('SIGKILL');
  server = undefined;
});

/** Starts the server, runs one command in it to its exit; every header it wrote, with the output bytes. */
async function runInServer(cmd: string): Promise<{ headers: Header[]; output: Buffer }> {
  const s = spawn(process.execPath, [SERVER, NODE_PTY], { stdio: ['pipe', 'pipe', 'inherit'] });
  server = s;
  const chunks: Buffer[] = [];
  s.stdout!.on('data', (d: Buffer) => chunks.push(d));
  const spawnMsg = { t: 'spawn', id: 'c1', file: 'sh', args: ['-c', cmd], cwd: '/tmp', cols: 80, rows: 24 };
  s.stdin!.write(`${JSON.stringify({ ...spawnMsg, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } })}\n`);
  const exited = () => chunks.some((c) => c.includes('"t":"exit"')) || Buffer.concat(chunks).includes('"t":"exit"');
  if (!(await until(exited, 60_000))) throw new Error('the command did not exit within 60 s');
  const all = Buffer.concat(chunks);
  const headers: Header[] = [];
  const output: Buffer[] = [];
  for (let at = 0; at < all.length;) {
    const nl = all.indexOf(10, at);
    const h = parseHeader(all.toString('utf8', at, nl));
    if (!h) throw new Error(`malformed header: ${all.toString('utf8', at, nl)}`);
    headers.push(h);
    at = nl + 1;
    if (h.t === 'data') {
      output.push(all.subarray(at, at + h.n));
      at += h.n;
    }
  }
  return { headers, output: Buffer.concat(output) };
}

describe('the command server', () => {
  it('sends a flood in batches, whole and in order', async () => {
    const bytes = 20_000_000;
    const { headers, output } = await runInServer(`head -c ${bytes} /dev/zero | tr '\\0' a`);
    const data = headers.filter((h) => h.t === 'data');
    expect(output.length).toBe(bytes);
    expect(output.every((b) => b === 97)).toBe(true);
    // one message per pty read would be ~4 800 (20 MB / ~4 KB); batches of up to 32 KB every 4 ms are far fewer
    expect(data.length).toBeLessThan(2400);
    expect(headers.map((h) => h.t)).toEqual(['ready', 'spawned', ...data.map(() => 'data'), 'exit']);
  });

  it("a command's last output comes before its exit", async () => {
    const { headers, output } = await runInServer('printf last-words; exit 3');
    expect(output.toString()).toBe('last-words');
    expect(headers.at(-1)).toEqual({ t: 'exit', id: 'c1', code: 3, signal: 0 });
  });
});
