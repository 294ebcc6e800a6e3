// Tests of a prompt's images on the host side (main/host/attachments.ts) with real files: a vision model gets image
// parts after the user's text; a text-only model gets the images saved under .floe/attachments (kept out of git)
// and named in the prompt; bad bytes and oversize images are refused naming the file, before anything is written.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { preparePrompt } from '../../../main/host/attachments.js';

const PNG_B64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const dirs: string[] = [];
const ws = () => {
  const d = mkdtempSync(join(tmpdir(), 'floe-attach-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('preparePrompt', () => {
  it('passes a prompt without images through', async () => {
    expect(await preparePrompt('hi', undefined, { vision: true, workspace: '' })).toEqual({
      input: 'hi',
      label: 'hi',
      saved: [],
    });
  });

  it('vision model: the text, then one image part per image', async () => {
    const r = await preparePrompt('what is this?', [{ name: 'dot.png', data: PNG_B64 }], {
      vision: true,
      workspace: ws(),
    });
    const input = r.input as any[];
    expect(input.map((m) => m.payload.type)).toEqual(['text', 'image_url']);
    expect(input[0].payload).toMatchObject({ role: 'user', text: 'what is this?' });
    expect(input[1].payload.image_url).toBe(`data:image/png;base64,${PNG_B64}`);
    const only = await preparePrompt('', [{ name: 'dot.png', data: PNG_B64 }], { vision: true, workspace: ws() });
    expect((only.input as any[]).map((m) => m.payload.type)).toEqual(['image_url']);
    expect(only.label).toBe('[image] dot.png');
  });

  it("an attachment name's control characters are shown, never sent raw to a title or an error (issue 26)", async () => {
    const evil = 'shot\x1b]0;pwned\x07\x1b[2J.png';
    const r = await preparePrompt('', [{ name: evil, data: PNG_B64 }], { vision: true, workspace: ws() });
    expect(r.label).toBe('[image] shot\\x1b]0;pwned\\x07\\x1b[2J.png');
    await expect(
      preparePrompt('', [{ name: evil, data: Buffer.from('<svg/>').toString('base64') }], {
        vision: true,
        workspace: ws(),
      }),
    ).rejects.toThrow(/^(?![\s\S]*\x1b)[\s\S]*shot\\x1b/);
  });

  it('text-only model: saved under .floe/attachments, ignored by git, named in the prompt', async () => {
    const d = ws();
    const r = await preparePrompt('fix the layout', [{ name: 'my shot.png', data: PNG_B64 }], {
      vision: false,
      workspace: d,
      now: new Date('2026-12-01T16:30:05.123Z'),
    });
    expect(r.saved).toEqual(['.floe/attachments/20261201-163005-1-my_shot.png']);
    expect(readFileSync(join(d, r.saved[0]!)).toString('base64')).toBe(PNG_B64);
    expect(readFileSync(join(d, '.floe/attachments/.gitignore'), 'utf8')).toBe('*\n');
    expect(r.input).toBe(
      'fix the layout\n\n[Image attached by the user, saved at .floe/attachments/20261201-163005-1-my_shot.png — ' +
        'you cannot see images; use describe_image on this path.]',
    );
  });

  it('refuses an SVG named .png and an image over 5 MB, writing nothing', async () => {
    const d = ws();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');
    await expect(
      preparePrompt(
        'x',
        [
          { name: 'dot.png', data: PNG_B64 },
          { name: 'logo.png', data: svg },
        ],
        {
          vision: false,
          workspace: d,
        },
      ),
    ).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/^Cannot attach image "logo.png".*SVG/),
    });
    const big = Buffer.alloc(5 * 1024 * 1024 + 1).toString('base64');
    await expect(
      preparePrompt('x', [{ name: 'huge.png', data: big }], { vision: true, workspace: d }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      message:
        'Image "huge.png" is too large: 5242881 bytes (5.0 MB); the limit is 5242880 bytes (5.0 MB). ' +
        'Attach a smaller or more compressed image.',
    });
    expect(existsSync(join(d, '.floe'))).toBe(false);
    expect(readdirSync(d)).toEqual([]);
  });
});
