// E2E (issue 12, items 3 and 1) in real Chromium: keyboard-first approvals — the card takes focus when it
// arrives and the composer is empty, A/D/S decide, Esc goes back to the composer, Alt+↑ returns to the card,
// a draft in the composer is never interrupted — and a transcript that follows streaming output until the person
// scrolls up, then offers "Jump to latest".
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openProject, shot, startEnv, stopAfterAll, type Env } from './harness.js';

const call = (name: string, args: object, delayMs = 0) => ({
  reply: { toolCalls: [{ name, arguments: args }], delayMs },
});
const say = (text: string, chunkDelayMs = 0) => ({ reply: { text, chunkDelayMs, usage: { input: 40, output: 8 } } });
// Slow enough to still stream on a loaded machine when the test has scrolled and measured (each test stops it):
// 200 lines in 3-8 character chunks, one every 30 ms, take over a minute. Slower, not longer: a 600-line answer
// left the page too busy to answer clicks within 15 s under load (seen).
const LONG_LINES = 200;
const LONG = Array.from(
  { length: LONG_LINES },
  (_, i) => `Line ${i + 1} of a long streamed answer that keeps on going.`,
).join('\n\n');

let env: Env;

beforeAll(async () => {
  env = await startEnv({
    KEYA: (ph) => (ph === 0 ? call('exec_command', { cmd: 'echo allowed-by-key' }) : say('Ran it after A.')),
    KEYD: (ph) => (ph === 0 ? call('exec_command', { cmd: 'touch denied.txt' }) : say('Not created after D.')),
    KEYS: (ph) =>
      ph === 0
        ? call('exec_command', { cmd: 'echo s-one' })
        : ph === 1
          ? call('exec_command', { cmd: 'echo s-two' })
          : say('Both ran after S.'),
    KEYESC: (ph) => (ph === 0 ? call('exec_command', { cmd: 'echo esc-then-back' }) : say('Back and allowed.')),
    DRAFTING: (ph) => (ph === 0 ? call('exec_command', { cmd: 'echo late' }, 1500) : say('late done')),
    STREAMLONG: () => say(LONG, 30),
  });
}, 60_000);

stopAfterAll(() => env, 'ui-kb');

/** The accessible name (or tag) of the focused element. */
const focused = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return a ? a.getAttribute('aria-label') || a.tagName : '';
  });

/** New session in always-ask; the prompt is typed and sent with Enter (no click on Send). */
async function sendByKeyboard(page: Page, prompt: string): Promise<void> {
  await page.getByRole('button', { name: 'Chat', exact: true }).click();
  await page.getByLabel('Approval mode').selectOption('always-ask');
  await page.getByRole('button', { name: 'New session' }).click();
  const box = page.getByLabel('Prompt');
  await box.waitFor();
  await box.focus();
  await page.keyboard.type(prompt);
  await page.keyboard.press('Enter');
}

const card = (page: Page) => page.getByRole('group', { name: /^Approval needed: exec_command/ });

describe('keyboard-first approvals', () => {
  it('the card takes focus after Enter; A allows; focus returns to the composer', async () => {
    const { page } = env;
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    await openProject(page, env.home.workspace);
    await sendByKeyboard(page, 'KEYA run it');
    await card(page).waitFor();
    await expect.poll(() => focused(page)).toMatch(/^Approval needed: exec_command\. Press A to allow/);
    await shot(page, 'ui-01-approval-focused');
    await page.keyboard.press('a');
    await page.getByText('Ran it after A.').waitFor();
    await expect.poll(() => page.getByTestId('tool-output').first().textContent()).toContain('allowed-by-key');
    // the key decided, it was not typed anywhere
    expect(await page.getByLabel('Prompt').inputValue()).toBe('');
    expect(await focused(page)).toBe('Prompt');
  });

  it('D denies', async () => {
    const { page } = env;
    await sendByKeyboard(page, 'KEYD make a file');
    await card(page).waitFor();
    await expect.poll(() => focused(page)).toMatch(/^Approval needed/);
    await page.keyboard.press('d');
    await page.getByText('Not created after D.').waitFor();
    await expect.poll(() => page.locator('.tool-card[data-status="denied"]').count()).toBe(1);
    expect(existsSync(join(env.home.workspace, 'denied.txt'))).toBe(false);
  });

  it('S allows the tool for the rest of the session: the second call asks nothing', async () => {
    const { page } = env;
    await sendByKeyboard(page, 'KEYS two commands');
    await card(page).waitFor();
    await expect.poll(() => focused(page)).toMatch(/^Approval needed/);
    await page.keyboard.press('s');
    await page.getByText('Both ran after S.').waitFor();
    await expect.poll(() => page.locator('.tool-card[data-status="ok"]').count()).toBe(2);
    expect(await page.getByTestId('pending-count').textContent()).toBe('0');
  });

  it('Esc goes back to the composer, Alt+↑ returns to the card, Tab reaches named buttons, Enter on Allow', async () => {
    const { page } = env;
    await sendByKeyboard(page, 'KEYESC go back and forth');
    await card(page).waitFor();
    await expect.poll(() => focused(page)).toMatch(/^Approval needed/);
    await page.keyboard.press('Escape');
    expect(await focused(page)).toBe('Steering message');
    await page.keyboard.press('Alt+ArrowUp');
    expect(await focused(page)).toMatch(/^Approval needed/);
    // Tab walks the card's controls, each with a name, and reaches Allow
    const names: string[] = [];
    for (let i = 0; i < 6 && names.at(-1) !== 'Allow exec_command'; i++) {
      await page.keyboard.press('Tab');
      names.push(await focused(page));
    }
    expect(names.every((n) => n && n !== 'BUTTON')).toBe(true);
    expect(names.at(-1)).toBe('Allow exec_command');
    await page.keyboard.press('Enter');
    await page.getByText('Back and allowed.').waitFor();
  });

  it('a draft in the composer is not interrupted by an arriving card', async () => {
    const { page } = env;
    await sendByKeyboard(page, 'DRAFTING slow tool call');
    // the task runs: the box is now the steering box; start a draft before the card arrives
    const steer = page.getByLabel('Steering message');
    await steer.waitFor();
    await steer.focus();
    await page.keyboard.type('my draft');
    await card(page).waitFor();
    await page.keyboard.type(' continues');
    expect(await steer.inputValue()).toBe('my draft continues');
    expect(await focused(page)).toBe('Steering message');
    await card(page).getByRole('button', { name: 'Allow exec_command', exact: true }).click();
    await page.getByText('late done').waitFor();
  });
});

describe('transcript follows output', () => {
  // measured after two frames, so a growth and the scroll that answers it are both painted
  const metrics = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<{ top: number; gap: number }>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const el = document.querySelector('[data-testid="transcript"] [data-virtuoso-scroller]') as HTMLElement;
              resolve({ top: el.scrollTop, gap: el.scrollHeight - el.scrollTop - el.clientHeight });
            }),
          ),
        ),
    );

  // The highest "Line N" streamed so far. Waiting for a fixed line after a reading is not enough on a loaded
  // machine: the stream may already be near that line when the reading is taken, and then too little grows after it.
  const lastLine = (page: Page) =>
    page.evaluate(() => {
      const text = document.querySelector('[data-testid="transcript"]')?.textContent ?? '';
      return Math.max(0, ...Array.from(text.matchAll(/Line (\d+) of a long/g), (m) => Number(m[1])));
    });
  // Wait until the answer has streamed `more` lines past what is on the page now (each line is a paragraph of its
  // own: 15 of them are well over 100 px).
  async function waitForMoreLines(page: Page, more: number): Promise<void> {
    const target = Math.min(LONG_LINES, (await lastLine(page)) + more);
    await page.getByText(`Line ${target} of a long`).waitFor({ state: 'attached', timeout: 30_000 });
  }

  /** A new allow-all session whose answer streams for a while (LONG_LINES lines, 30 ms a chunk). */
  async function startLongAnswer(page: Page): Promise<void> {
    await openProject(page, env.home.workspace);
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    await page.getByLabel('Approval mode').selectOption('allow-all');
    await page.getByRole('button', { name: 'New session' }).click();
    await page.getByLabel('Prompt').fill('STREAMLONG tell me a lot');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
  }

  it(
    'sticks to the bottom while streaming; scrolling up shows "Jump to latest" and stops following',
    { timeout: 120_000 },
    async () => {
      const { page } = env;
      await startLongAnswer(page);
      // while it streams, sample the distance to the bottom several times
      await page.getByText('Line 40 of a long').waitFor({ timeout: 30_000 });
      const gaps: number[] = [];
      for (let i = 0; i < 5; i++) {
        gaps.push((await metrics(page)).gap);
        await page.waitForTimeout(150);
      }
      expect(Math.max(...gaps), `gaps while streaming: ${gaps.join(', ')}`).toBeLessThan(60);
      expect(await page.getByRole('button', { name: 'Jump to latest' }).count()).toBe(0);

      // scroll up with the wheel: the pill appears, and growth no longer moves the view
      await page.locator('[data-testid="transcript"]').hover();
      await page.mouse.wheel(0, -600);
      await page.getByRole('button', { name: 'Jump to latest' }).waitFor();
      // let the smooth wheel scroll land: two readings a few frames apart agree
      let before = await metrics(page);
      await expect
        .poll(async () => {
          const now = await metrics(page);
          const still = now.top === before.top;
          before = now;
          return still;
        })
        .toBe(true);
      await waitForMoreLines(page, 15);
      const after = await metrics(page);
      expect(after.gap, `before ${JSON.stringify(before)}`).toBeGreaterThan(before.gap + 100); // it kept growing below …
      expect(
        Math.abs(after.top - before.top),
        `before ${JSON.stringify(before)} after ${JSON.stringify(after)}`,
      ).toBeLessThan(5); // … and the view stayed where the person put it

      await page.getByRole('button', { name: 'Jump to latest' }).click();
      await expect.poll(async () => (await metrics(page)).gap).toBeLessThan(60);
      await page.getByText('Line 100 of a long').waitFor({ timeout: 30_000 });
      await expect.poll(async () => (await metrics(page)).gap).toBeLessThan(60);
      expect(await page.getByRole('button', { name: 'Jump to latest' }).count()).toBe(0);
      // the answer is long on purpose (it must still stream while we look): stop it here
      await page.getByRole('button', { name: 'Stop the task' }).click();
      await expect.poll(() => page.getByTestId('session-status').textContent()).toBe('aborted');
      await page.locator('[data-testid="transcript"]').hover();
      await page.mouse.wheel(0, -400);
      await page.getByRole('button', { name: 'Jump to latest' }).waitFor();
      await shot(page, 'ui-02-jump-to-latest');
    },
  );

  it(
    'a wheel up that barely moves the view still stops following: growth below does not pull it back down',
    { timeout: 120_000 },
    async () => {
      // The list library has its own follow logic that snaps to the bottom when it finds itself there after a size
      // increase; a person who scrolled up by a hair (or whose wheel scroll had not landed yet) was pulled back.
      const { page } = env;
      await startLongAnswer(page);
      await page.getByText('Line 30 of a long').waitFor({ timeout: 30_000 });
      await expect.poll(async () => (await metrics(page)).gap).toBeLessThan(60);
      await page.locator('[data-testid="transcript"]').hover();
      await page.mouse.wheel(0, -2);
      await page.getByRole('button', { name: 'Jump to latest' }).waitFor();
      const before = await metrics(page);
      await waitForMoreLines(page, 15);
      const after = await metrics(page);
      expect(after.gap, `before ${JSON.stringify(before)} after ${JSON.stringify(after)}`).toBeGreaterThan(
        before.gap + 100,
      );
      expect(Math.abs(after.top - before.top), `before ${JSON.stringify(before)}`).toBeLessThan(5);
      await page.getByRole('button', { name: 'Stop the task' }).click();
      await expect.poll(() => page.getByTestId('session-status').textContent()).toBe('aborted');
      // following again, with nothing growing: a shorter window keeps the bottom in view
      await page.getByRole('button', { name: 'Jump to latest' }).click();
      await expect.poll(async () => (await metrics(page)).gap).toBeLessThan(60);
      try {
        await page.setViewportSize({ width: 1440, height: 600 });
        await expect.poll(async () => (await metrics(page)).gap).toBeLessThan(60);
      } finally {
        await page.setViewportSize({ width: 1440, height: 900 });
      }
    },
  );
});
