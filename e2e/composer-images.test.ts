// E2E (issue 12, item 9, images) in real Chromium against `floe web`: an image pasted or dropped into the composer
// shows as a thumbnail with a remove button; files that are not images or larger than 5 MB are refused with a
// reason; bytes that are not an image are refused by the host. Sent to a vision model, the image is an image part
// of the user's message; after switching to a text-only model it is saved under .floe/attachments/ and the
// prompt names that path for describe_image. Screenshots at 1440 and 800 px.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openNewChat, shot, startEnv, stopAfterAll, type Env } from './harness.js';

let env: Env;

beforeAll(async () => {
  env = await startEnv(
    { picture: (_phase, prompt) => ({ reply: { text: `seen: ${prompt.split('\n')[0]}` } }) },
    { moreModels: [{ id: 'm2', vision: false }] },
  );
}, 60_000);

stopAfterAll(() => env, 'composer-images');

type Fake = { name: string; kind: 'png' | 'text' | 'svg' | 'huge' };

/** Pastes (into the prompt) or drops (on the composer) a file made in the page: a drawn PNG, text, SVG, 6 MB. */
async function give(page: Page, how: 'paste' | 'drop', f: Fake): Promise<void> {
  await page.evaluate(
    async ({ how, f }) => {
      let file: File;
      if (f.kind === 'png') {
        const c = document.createElement('canvas');
        c.width = 240;
        c.height = 150;
        const g = c.getContext('2d')!;
        g.fillStyle = '#2f6fde';
        g.fillRect(0, 0, 240, 150);
        g.fillStyle = '#f6ad55';
        g.fillRect(20, 80, 40, 50);
        g.fillRect(80, 50, 40, 80);
        g.fillRect(140, 20, 40, 110);
        const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), 'image/png'));
        file = new File([blob], f.name, { type: 'image/png' });
      } else if (f.kind === 'text') file = new File(['just notes'], f.name, { type: 'text/plain' });
      else if (f.kind === 'svg')
        file = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], f.name, { type: 'image/png' });
      else file = new File([new Uint8Array(6 * 1024 * 1024)], f.name, { type: 'image/png' });
      const dt = new DataTransfer();
      dt.items.add(file);
      const box = document.querySelector('textarea[data-composer]')!;
      const ev =
        how === 'paste'
          ? new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true })
          : new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true });
      box.dispatchEvent(ev);
    },
    { how, f },
  );
}

describe('composer images', () => {
  it('paste and drop, checks, image parts for a vision model, saved files for a text-only one', async () => {
    const { page } = env;
    const box = await openNewChat(page, env.home.workspace);
    const thumbs = page.getByRole('list', { name: 'Attached images' });
    const alert = page.locator('.composer').getByRole('alert');

    await give(page, 'paste', { name: 'chart.png', kind: 'png' });
    await thumbs.getByRole('img', { name: 'chart.png' }).waitFor();
    await give(page, 'drop', { name: 'photo.png', kind: 'png' });
    await thumbs.getByRole('img', { name: 'photo.png' }).waitFor();
    await box.fill('describe this picture');
    await shot(page, 'composer-images-1440');
    await page.setViewportSize({ width: 800, height: 900 });
    await thumbs.getByRole('img', { name: 'photo.png' }).waitFor();
    await shot(page, 'composer-images-800');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: 'Remove photo.png' }).click();
    await thumbs.getByRole('img', { name: 'photo.png' }).waitFor({ state: 'detached' });

    await give(page, 'drop', { name: 'notes.txt', kind: 'text' });
    await alert
      .getByText('Cannot attach notes.txt: text/plain is not a supported image; use PNG, JPEG, GIF or WebP.')
      .waitFor();
    await give(page, 'paste', { name: 'huge.png', kind: 'huge' });
    await alert
      .getByText(/Cannot attach huge\.png: it is too large: 6291456 bytes \(6\.0 MB\); the limit is 5242880/)
      .waitFor();
    expect(await thumbs.getByRole('img').count()).toBe(1);

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('seen: describe this picture').waitFor();
    await thumbs.waitFor({ state: 'detached' });
    const sent = env.model.requests.at(-1)!.body.messages as { role: string; content: unknown }[];
    const user = sent.filter((m) => m.role === 'user').at(-1)!.content as {
      type: string;
      image_url?: { url: string };
    }[];
    expect(user.map((p) => p.type)).toEqual(['text', 'image_url']);
    expect(user[1]!.image_url!.url).toMatch(/^data:image\/png;base64,iVBOR/);
    await page.locator('.conversation img').first().waitFor(); // the transcript shows the picture
    await expect.poll(() => page.getByTestId('session-status').textContent()).not.toBe('running');

    // bytes that are not an image, under an image name: the host says so and nothing is sent
    const before = env.model.requests.length;
    await give(page, 'paste', { name: 'fake.png', kind: 'svg' });
    await thumbs.getByRole('img', { name: 'fake.png' }).waitFor();
    await box.fill('look at this picture');
    await page.keyboard.press('Enter');
    await page
      .getByRole('alert')
      .getByText(/Cannot attach image "fake\.png".*SVG/)
      .waitFor();
    expect(env.model.requests.length).toBe(before);
    // nothing is lost: the image and the text come back to the composer
    await thumbs.getByRole('img', { name: 'fake.png' }).waitFor();
    expect(await box.inputValue()).toBe('look at this picture');
    await page.getByRole('button', { name: 'Remove fake.png' }).click();
    await thumbs.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Dismiss error' }).click();

    // a text-only model: the image is saved in the workspace and the prompt names it
    await page.getByLabel('Session model').selectOption('mock/m2');
    await page.getByText('Model switched to mock/m2 (was mock/m1)').waitFor();
    await give(page, 'paste', { name: 'chart.png', kind: 'png' });
    await thumbs.getByRole('img', { name: 'chart.png' }).waitFor();
    await box.fill('another picture');
    await page.keyboard.press('Enter');
    await page.getByText('seen: another picture').waitFor();
    const dir = join(env.home.workspace, '.floe/attachments');
    const saved = readdirSync(dir).filter((n) => n.endsWith('-chart.png'));
    expect(saved).toHaveLength(1);
    expect(existsSync(join(dir, '.gitignore'))).toBe(true);
    const text = JSON.stringify(env.model.requests.at(-1)!.body.messages);
    expect(text).toContain(`.floe/attachments/${saved[0]}`);
    expect(text).toContain('describe_image');
    // the image sent to the vision model earlier is not sent to the text-only one
    expect(text).not.toContain('data:image/png');
    expect(text).toContain('the current model cannot see images');
  });
});
