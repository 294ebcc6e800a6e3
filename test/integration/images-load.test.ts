// Integration tests for main/environment/images/load.ts with real files, symlinks and a real HTTP server on
// 127.0.0.1: type sniffed from bytes, size cap, workspace confinement, HTTP errors.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadImage, MAX_IMAGE_BYTES } from '../../main/environment/images/load.js';
import { dataUrl } from '../../main/environment/images/format.js';
import { makePng } from '../unit/tools/fixtures.js';

const root = mkdtempSync(path.join(tmpdir(), 'floe-img-'));
const ws = path.join(root, 'ws');
const outside = path.join(root, 'outside');
const png = makePng(1, 1);
let server: Server;
let base = '';

beforeAll(async () => {
  mkdirSync(ws);
  mkdirSync(outside);
  mkdirSync(path.join(ws, 'sub'));
  writeFileSync(path.join(ws, 'x.jpg'), png);
  writeFileSync(path.join(ws, 'sub', 'pic.png'), png);
  writeFileSync(path.join(ws, 'big.png'), Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length)]));
  writeFileSync(path.join(ws, 'exact.png'), Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES - png.length)]));
  writeFileSync(
    path.join(ws, 'logo.svg'),
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>',
  );
  writeFileSync(path.join(ws, 'notes.txt'), 'hello');
  writeFileSync(path.join(ws, 'empty.png'), '');
  writeFileSync(path.join(outside, 'secret.png'), png);
  symlinkSync(path.join(outside, 'secret.png'), path.join(ws, 'link.png'));
  symlinkSync(path.join(ws, 'sub', 'pic.png'), path.join(ws, 'inner-link.png'));
  symlinkSync(ws, path.join(root, 'ws-link'));

  server = createServer((req, res) => {
    if (req.url === '/ok.png') {
      res.writeHead(200, { 'content-type': 'text/plain' }); // the header lies; the bytes decide
      res.end(png);
    } else if (req.url === '/huge-declared') {
      res.writeHead(200, { 'content-length': String(MAX_IMAGE_BYTES + 10) });
      res.write(png); // never finishes; the loader must refuse from the header
    } else if (req.url === '/huge-chunked') {
      res.writeHead(200, { 'content-type': 'image/png' });
      const block = Buffer.alloc(1024 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent <= MAX_IMAGE_BYTES && !res.destroyed) {
          sent += block.length;
          if (!res.write(block)) return res.once('drain', pump);
        }
        res.end();
      };
      pump();
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not here');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  rmSync(root, { recursive: true, force: true });
});

const load = (source: string) => loadImage(source, { workspace: ws });
const errorOf = async (source: string) => {
  const r = await load(source);
  expect(r.ok).toBe(false);
  return r.ok ? '' : r.error;
};

describe('loadImage from the workspace', () => {
  it('judges the type from the bytes: a PNG named x.jpg is image/png', async () => {
    const r = await load('x.jpg');
    expect(r.ok && r.mime).toBe('image/png');
    expect(r.ok && r.size).toBe(png.length);
    expect(r.ok && r.bytes.equals(png)).toBe(true);
  });

  it('loads a tiny real PNG by relative and by absolute path inside the workspace', async () => {
    const a = await load('sub/pic.png');
    const b = await load(path.join(ws, 'sub', 'pic.png'));
    expect(a.ok && dataUrl(a.mime, a.bytes)).toBe(`data:image/png;base64,${png.toString('base64')}`);
    expect(b.ok && b.mime).toBe('image/png');
  });

  it('accepts exactly 5 MB and refuses 5 MB + 1 byte', async () => {
    expect((await load('exact.png')).ok).toBe(true);
    const e = await errorOf('big.png');
    expect(e).toContain('too large');
    expect(e).toContain(String(MAX_IMAGE_BYTES + 1));
    expect(e).toContain('big.png');
  });

  it('refuses SVG and other non-images', async () => {
    const svg = await errorOf('logo.svg');
    expect(svg).toContain('unsupported image type (SVG');
    expect(svg).toContain('only png, jpeg, gif, webp');
    expect(await errorOf('notes.txt')).toContain('unsupported image type');
  });

  it('refuses paths that leave the workspace', async () => {
    expect(await errorOf('../../etc/passwd')).toContain('leaves the workspace');
    expect(await errorOf('/etc/passwd')).toContain('leaves the workspace');
    expect(await errorOf(path.join(outside, 'secret.png'))).toContain('leaves the workspace');
    expect(await errorOf('sub/../../outside/secret.png')).toContain('leaves the workspace');
  });

  it('refuses a symlink pointing outside, allows one pointing inside', async () => {
    const e = await errorOf('link.png');
    expect(e).toContain('leaves the workspace');
    expect(e).toContain('link.png');
    const r = await load('inner-link.png');
    expect(r.ok && r.mime).toBe('image/png');
  });

  it('works when the workspace itself is reached through a symlink', async () => {
    const viaLink = path.join(root, 'ws-link');
    const r = await loadImage('x.jpg', { workspace: viaLink });
    expect(r.ok).toBe(true);
    const r2 = await loadImage(path.join(ws, 'x.jpg'), { workspace: viaLink });
    expect(r2.ok).toBe(true);
    const r3 = await loadImage('link.png', { workspace: viaLink });
    expect(r3.ok).toBe(false);
  });

  it('refuses missing files, directories and empty files with what to do', async () => {
    expect(await errorOf('nope.png')).toMatch(/no such file .*Check the path/);
    expect(await errorOf('sub')).toContain('is a directory');
    expect(await errorOf('empty.png')).toContain('the file is empty');
    expect(await errorOf('')).toContain('the source is empty');
    expect(await errorOf('file:///etc/passwd')).toContain('"file:" scheme is not supported');
  });

  it('honours a smaller maxBytes', async () => {
    const r = await loadImage('x.jpg', { workspace: ws, maxBytes: 10 });
    expect(!r.ok && r.error).toContain('too large');
  });
});

describe('loadImage from http', () => {
  it('fetches and sniffs an image, ignoring the declared content type', async () => {
    const r = await load(`${base}/ok.png`);
    expect(r.ok && r.mime).toBe('image/png');
    expect(r.ok && r.bytes.equals(png)).toBe(true);
  });

  it('reports the HTTP status', async () => {
    const e = await errorOf(`${base}/missing.png`);
    expect(e).toContain('HTTP 404');
    expect(e).toContain(`${base}/missing.png`);
  });

  it('refuses an over-large Content-Length before reading the body', async () => {
    const e = await errorOf(`${base}/huge-declared`);
    expect(e).toContain('too large');
    expect(e).toContain('Content-Length');
  });

  it('enforces the cap while streaming a body without Content-Length', async () => {
    const e = await errorOf(`${base}/huge-chunked`);
    expect(e).toContain('too large');
  });

  it('reports network errors', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const e = await errorOf(`http://127.0.0.1:${port}/x.png`);
    expect(e).toContain('network error');
    expect(e).toContain('ECONNREFUSED');
  });

  it('stops when the signal aborts', async () => {
    const ac = new AbortController();
    ac.abort();
    const r = await loadImage(`${base}/ok.png`, { workspace: ws, signal: ac.signal });
    expect(!r.ok && r.error).toContain('aborted');
  });
});
