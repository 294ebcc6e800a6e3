// Security suite — image tools (issue 6 item 3): path escapes (`..`, absolute, symlink, file: URLs) are refused
// before anything outside the workspace is read; SVG (even named .png), oversized and unknown files are refused;
// polyglots (PNG magic + garbage, GIF header + JavaScript) are typed from their bytes and only ever returned as a
// base64 data: URL of that sniffed type. Through loadImage and through read_image in a real session.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadImage, MAX_IMAGE_BYTES } from '../../main/environment/images/load.js';
import {
  cleanupAll,
  drain,
  expectTraceMatchesStream,
  intactTrace,
  onCleanup,
  pl,
  sdkSession,
} from '../faults/support.js';

afterEach(cleanupAll);

const CORPUS = path.resolve(import.meta.dirname, '../fixtures/bad-input');
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function scene() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-sec-img-'));
  onCleanup(() => fs.rmSync(root, { recursive: true, force: true }));
  const ws = path.join(root, 'ws');
  const outside = path.join(root, 'outside');
  fs.mkdirSync(ws);
  fs.mkdirSync(outside);
  // a real-looking PNG header outside the workspace: reading it would be a leak
  const secret = Buffer.concat([PNG_MAGIC, Buffer.from('0000000dIHDR-outside-secret')]);
  fs.writeFileSync(path.join(outside, 'secret.png'), secret);
  fs.symlinkSync(path.join(outside, 'secret.png'), path.join(ws, 'link.png'));
  fs.symlinkSync(outside, path.join(ws, 'dirlink'));
  return { root, ws, outside };
}

describe('image path escapes', () => {
  it('.., absolute, symlinked file and folder, file: URL — all refused as leaving the workspace', async () => {
    const { ws, outside } = scene();
    const escapes = [
      '../outside/secret.png',
      'sub/../../outside/secret.png',
      path.join(outside, 'secret.png'),
      'link.png',
      'dirlink/secret.png',
      '/etc/passwd',
    ];
    for (const src of escapes) {
      const r = await loadImage(src, { workspace: ws });
      expect(r.ok, src).toBe(false);
      if (!r.ok) expect(r.error, src).toContain('leaves the workspace');
    }
    for (const src of [
      `file://${path.join(outside, 'secret.png')}`,
      'data:image/png;base64,iVBORw0KGgo=',
      'ftp://127.0.0.1/x.png',
    ]) {
      const r = await loadImage(src, { workspace: ws });
      expect(r.ok, src).toBe(false);
      if (!r.ok) expect(r.error, src).toMatch(/scheme is not supported/);
    }
  });

  it('read_image in a session: every escape is a failed output naming the reason; nothing outside leaks', async () => {
    const { ws, outside } = scene();
    const sources = ['../outside/secret.png', path.join(outside, 'secret.png'), 'link.png', 'dirlink/secret.png'];
    const { session, env, server } = await sdkSession(
      [
        {
          reply: { toolCalls: sources.map((s, i) => ({ name: 'read_image', arguments: { source: s }, id: `i${i}` })) },
        },
        { reply: { text: 'refused' } },
      ],
      { vision: true, workspace: ws },
    );
    const { msgs, result } = await drain(session.run('look', { approve: async () => 'allow' }));
    expect(result.status).toBe('completed');
    const outs = pl(msgs, 'tool_call_output');
    expect(outs).toHaveLength(sources.length);
    for (const o of outs) {
      expect(o.stop_reason).toBe('failed');
      expect(o.output).toContain('leaves the workspace');
      expect(o.images).toBeUndefined();
    }
    expect(JSON.stringify(server.requests.map((r) => r.body))).not.toContain('outside-secret');
    expect(JSON.stringify(server.requests.map((r) => r.body))).not.toContain(
      Buffer.from('0000000dIHDR-outside-secret').toString('base64').slice(0, 16),
    );
    expectTraceMatchesStream(intactTrace(env.home), msgs);
  });
});

describe('hostile image files', () => {
  it('SVG with script is refused, even named .png; oversized and non-images are refused', async () => {
    const { ws } = scene();
    fs.copyFileSync(path.join(CORPUS, 'evil.svg'), path.join(ws, 'evil.png'));
    fs.copyFileSync(path.join(CORPUS, 'evil.svg'), path.join(ws, 'evil.svg'));
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    PNG_MAGIC.copy(big);
    fs.writeFileSync(path.join(ws, 'big.png'), big);
    fs.writeFileSync(path.join(ws, 'page.png'), '<html><script>alert(1)</script></html>');
    fs.writeFileSync(path.join(ws, 'empty.png'), '');
    const svg = await loadImage('evil.png', { workspace: ws });
    expect(svg).toMatchObject({ ok: false });
    if (!svg.ok) expect(svg.error).toContain('unsupported image type (SVG (image/svg+xml))');
    expect(await loadImage('evil.svg', { workspace: ws })).toMatchObject({ ok: false });
    const over = await loadImage('big.png', { workspace: ws });
    expect(over.ok).toBe(false);
    if (!over.ok) expect(over.error).toContain(`too large: ${MAX_IMAGE_BYTES + 1} bytes`);
    const html = await loadImage('page.png', { workspace: ws });
    expect(html.ok).toBe(false);
    if (!html.ok) expect(html.error).toContain('not a recognized image format');
    expect(await loadImage('empty.png', { workspace: ws })).toMatchObject({
      ok: false,
      error: expect.stringContaining('empty'),
    });
  });

  it('polyglots are typed from their bytes and only returned as a base64 data: URL of that type', async () => {
    const { ws } = scene();
    const gif = fs.readFileSync(path.join(CORPUS, 'gif-script.gif'));
    fs.writeFileSync(path.join(ws, 'script.js'), gif); // the name says JavaScript, the bytes say GIF
    const truncated = Buffer.concat([PNG_MAGIC, Buffer.from('garbage<script>alert("png-pwned")</script>')]);
    fs.writeFileSync(path.join(ws, 'broken.png'), truncated);
    // magic + a plausible IHDR chunk header, then an HTML/JS payload instead of image data
    const headed = Buffer.concat([
      PNG_MAGIC,
      Buffer.from([0, 0, 0, 13]),
      Buffer.from('IHDR<html><script>alert("png-pwned")</script>'),
    ]);
    fs.writeFileSync(path.join(ws, 'headed.png'), headed);
    fs.copyFileSync(path.join(CORPUS, 'evil.svg'), path.join(ws, 'evil.png'));
    const { session, env, server } = await sdkSession(
      [
        {
          reply: {
            toolCalls: [
              { name: 'read_image', arguments: { source: 'script.js' }, id: 'g1' },
              { name: 'read_image', arguments: { source: 'broken.png' }, id: 'p1' },
              { name: 'read_image', arguments: { source: 'evil.png' }, id: 's1' },
              { name: 'read_image', arguments: { source: 'headed.png' }, id: 'p2' },
            ],
          },
        },
        { reply: { text: 'looked' } },
      ],
      { vision: true, workspace: ws },
    );
    const { msgs, result } = await drain(session.run('look', { approve: async () => 'allow' }));
    expect(result.status).toBe('completed');
    const outs = Object.fromEntries(pl(msgs, 'tool_call_output').map((o) => [o.tool_call_id, o]));
    for (const [id, mime, bytes] of [
      ['g1', 'image/gif', gif],
      ['p2', 'image/png', headed],
    ] as const) {
      // accepted only as what the bytes are, as inert base64: no script text anywhere in the output
      expect(outs[id]!.output).toMatch(new RegExp(`^${mime.replace('/', '\\/')}, \\d+ B$`));
      expect(outs[id]!.images).toEqual([`data:${mime};base64,${bytes.toString('base64')}`]);
      expect(JSON.stringify(outs[id])).not.toMatch(/alert|<script/);
    }
    // PNG magic followed by garbage is not a PNG: refused
    expect(outs.p1).toMatchObject({ stop_reason: 'failed' });
    expect(outs.p1!.output).toContain('Cannot load image "broken.png": unsupported image type');
    expect(outs.p1!.images).toBeUndefined();
    expect(outs.s1).toMatchObject({ stop_reason: 'failed' });
    expect(outs.s1!.images).toBeUndefined();
    expect(JSON.stringify(server.requests[1]!.body.messages)).not.toMatch(/alert\(|<script/);
    expectTraceMatchesStream(intactTrace(env.home), msgs);
  });
});
