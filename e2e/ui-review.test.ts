// End-to-end (issue 25, part 4 "Review") in headless Chromium against a real `floe web`, each at 1440 and 800 px:
// the files a turn changed are listed under that turn in the transcript (two turns, each under its own); a file
// opens the review with a coloured diff per file and per hunk (colours from the theme, AA contrast in light and
// dark), where one hunk is taken back — the file on disk then has exactly that hunk reverted — and one file is
// restored, both listed under the turn and undone from there; every destructive action asks in place (no native
// dialog ever opens: the page fails the test if one does), Esc cancels and gives the focus back.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newSession, openProject, shot, startEnv, stopAfterAll, type Env } from './harness.js';

const call = (cmd: string) => ({ reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd } }] } });
const say = (text: string) => ({ reply: { text } });

const LINES = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
const ORIGINAL = LINES.join('\n') + '\n';
const EDITED = ORIGINAL.replace('line 2\n', 'LINE TWO\n').replace('line 19\n', 'LINE NINETEEN\n');

let env: Env;
const dialogs: string[] = [];
beforeAll(async () => {
  env = await startEnv({
    // two hunks in a.txt (line 2, line 19), old.txt deleted, new.txt made
    EDITS: (phase) =>
      phase === 0
        ? call(
            "sed -i 's/^line 2$/LINE TWO/; s/^line 19$/LINE NINETEEN/' a.txt && rm old.txt && printf 'n\\n' > new.txt",
          )
        : say('Edited the files.'),
    SECOND: (phase) => (phase === 0 ? call("printf 'b2\\n' > b.txt") : say('Second turn done.')),
  });
  env.page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
}, 60_000);

stopAfterAll(() => env, 'review');

const file = (name: string) => join(env.home.workspace, name);
const read = (name: string) => (existsSync(file(name)) ? readFileSync(file(name), 'utf8') : null);

/** A fresh workspace state and a session with two turns: EDITS, then SECOND. */
async function twoTurns(page: Page): Promise<void> {
  writeFileSync(file('a.txt'), ORIGINAL);
  writeFileSync(file('old.txt'), 'old\n');
  writeFileSync(file('b.txt'), 'b1\n');
  // at 800 px the session list may start hidden
  if (!(await page.getByRole('button', { name: 'New session' }).count()))
    await page.getByRole('button', { name: 'Show sessions' }).click();
  await newSession(page, 'allow-all', 'EDITS change the files');
  await page.getByText('Edited the files.').waitFor();
  await page.getByLabel('Prompt').fill('SECOND turn');
  await page.getByLabel('Prompt').press('Enter');
  await page.getByText('Second turn done.').waitFor();
  expect([read('a.txt'), read('old.txt'), read('new.txt'), read('b.txt')]).toEqual([EDITED, null, 'n\n', 'b2\n']);
}

/** Relative luminance and contrast ratio of two CSS rgb() colours (WCAG 2). */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((x) => {
      const v = Number(x) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

/** Colours of the first added and removed line of the open review: background, text and marker. */
async function lineColours(page: Page) {
  return page.evaluate(() => {
    const pick = (sel: string) => {
      const row = document.querySelector(`dialog.review ${sel}`)!;
      const cs = (el: Element) => getComputedStyle(el);
      return {
        bg: cs(row).backgroundColor,
        text: cs(row.querySelector('.text')!).color,
        mark: cs(row.querySelector('.mark')!).color,
        no: cs(row.querySelector('.no')!).color,
      };
    };
    const head = document.querySelector('dialog.review .hunk-head')!;
    return {
      added: pick('.line.added'),
      removed: pick('.line.removed'),
      context: pick('.line.context'),
      hunk: { bg: getComputedStyle(head).backgroundColor, text: getComputedStyle(head.querySelector('code')!).color },
    };
  });
}

/** axe-core's critical and serious WCAG A/AA findings inside `selector`, one line each (empty: none). */
async function axeFindings(page: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page: page as never })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`));
}

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
}

describe.each([1440, 800])('review at %i px', (width) => {
  it('changed files are listed under their turn, each under its own', async () => {
    const { page } = env;
    await page.setViewportSize({ width, height: 900 });
    await setTheme(page, 'light');
    if (width === 1440) await openProject(page, env.home.workspace);
    await twoTurns(page);
    const transcript = page.getByTestId('transcript');
    const blocks = transcript.getByTestId('turn-files');
    await expect.poll(() => blocks.count()).toBe(2);
    const first = blocks.nth(0);
    const rows = (b: ReturnType<Page['locator']>) =>
      b
        .locator('.tf-files li')
        .evaluateAll((els) =>
          els.map((e) =>
            [
              (e as HTMLElement).dataset.status,
              ...[...e.querySelectorAll('.path, .count')].map((x) => x.textContent),
            ].join(' '),
          ),
        );
    await expect.poll(() => rows(first)).toEqual(['modified a.txt +2 −2', 'added new.txt +1', 'deleted old.txt −1']);
    await expect.poll(() => rows(blocks.nth(1))).toEqual(['modified b.txt +1 −1']);
    // placement: the first block lies below the first turn's answer and above the second prompt; the second
    // block below the second answer
    const y = async (l: ReturnType<Page['locator']>) => (await l.boundingBox())!.y;
    await transcript.getByText('Edited the files.').scrollIntoViewIfNeeded();
    expect(await y(first)).toBeGreaterThan(await y(transcript.getByText('Edited the files.')));
    expect(await y(first)).toBeLessThan(await y(transcript.getByText('SECOND turn', { exact: true })));
    await blocks.nth(1).scrollIntoViewIfNeeded();
    expect(await y(blocks.nth(1))).toBeGreaterThan(await y(transcript.getByText('Second turn done.')));
    await first.scrollIntoViewIfNeeded();
    expect(await axeFindings(page, '[data-testid="turn-files"]')).toEqual([]);
    await shot(page, `review-01-turn-files-${width}`);
  });

  it('a coloured diff per file and hunk, readable in both themes; one hunk and one file restored, then undone', async () => {
    const { page } = env;
    const first = page.getByTestId('transcript').getByTestId('turn-files').first();
    await first.scrollIntoViewIfNeeded();
    await first.getByRole('button', { name: /^a\.txt modified/ }).click();
    const review = page.getByRole('dialog', { name: 'Changes of “EDITS change the files”' });
    await review.waitFor();
    const a = review.locator('.file-diff[data-path="a.txt"]');
    await expect
      .poll(() => a.locator('.hunk-head code').allInnerTexts())
      .toEqual(['@@ -1,5 +1,5 @@', '@@ -16,5 +16,5 @@ line 15']);
    await expect
      .poll(() => a.locator('.hunk').nth(1).locator('.line.removed .text, .line.added .text').allInnerTexts())
      .toEqual(['line 19', 'LINE NINETEEN']);
    expect(
      await review.locator('.file-diff').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.path)),
    ).toEqual(['a.txt', 'new.txt', 'old.txt']);

    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      const c = await lineColours(page);
      // added, removed and context lines are told apart by their background, and every text on them holds AA
      expect(new Set([c.added.bg, c.removed.bg, c.context.bg]).size).toBe(3);
      for (const l of [c.added, c.removed, c.context])
        for (const fg of [l.text, l.mark, l.no]) expect(contrast(fg, l.bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.hunk.text, c.hunk.bg)).toBeGreaterThanOrEqual(4.5);
      expect(await axeFindings(page, 'dialog.review')).toEqual([]);
      await a.locator('.hunk').nth(1).scrollIntoViewIfNeeded();
      await shot(page, `review-02-diff-${theme}-${width}`);
    }
    await setTheme(page, 'light');

    // take back hunk 2 of a.txt: asked in place, then exactly that hunk is reverted on disk
    await a.getByRole('button', { name: 'Take back hunk 2 of a.txt' }).click();
    const ask = a.getByRole('group', { name: /Take back these 2 changed lines of a.txt/ });
    await ask.waitFor();
    await shot(page, `review-03-confirm-hunk-${width}`);
    expect(read('a.txt')).toBe(EDITED);
    await ask.getByRole('button', { name: 'Take back hunk' }).click();
    await expect.poll(() => read('a.txt'), { timeout: 20_000 }).toBe(EDITED.replace('LINE NINETEEN\n', 'line 19\n'));
    await review.getByRole('status').getByText('Hunk 2 of a.txt taken back.').waitFor();

    // restore one file: new.txt (made by the turn) goes, nothing else changes
    await review.getByRole('button', { name: 'Restore file new.txt to before this turn' }).click();
    await review
      .getByRole('group', { name: /Delete new.txt, which this turn made/ })
      .getByRole('button', { name: 'Restore file' })
      .click();
    await expect.poll(() => read('new.txt'), { timeout: 20_000 }).toBeNull();
    await review.getByRole('status').getByText('new.txt restored to before “EDITS change the files”.').waitFor();
    expect([read('a.txt'), read('old.txt'), read('b.txt')]).toEqual([
      EDITED.replace('LINE NINETEEN\n', 'line 19\n'),
      null,
      'b2\n',
    ]);
    await shot(page, `review-04-restored-${width}`);
    await page.keyboard.press('Escape');
    await review.waitFor({ state: 'detached' });

    // both restores are listed where they happened in the conversation — after the second turn — and undo there
    const blocks = page.getByTestId('transcript').getByTestId('turn-files');
    const restores = page.getByTestId('transcript').locator('[data-testid="turn-files"][data-kind="restore"]');
    await expect.poll(() => restores.count(), { timeout: 20_000 }).toBe(2);
    await expect
      .poll(() => blocks.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.kind)))
      .toEqual(['turn', 'turn', 'restore', 'restore']);
    const hunkRestore = restores.filter({ hasText: 'hunk 2 of a.txt taken back' });
    await hunkRestore.scrollIntoViewIfNeeded();
    await shot(page, `review-05-restores-under-turn-${width}`);
    await hunkRestore.getByRole('button', { name: 'Undo this restore' }).click();
    await hunkRestore.getByRole('button', { name: 'Undo restore' }).click();
    await expect.poll(() => read('a.txt'), { timeout: 20_000 }).toBe(EDITED);
    expect(read('new.txt')).toBeNull(); // the other restore stays
    expect(dialogs).toEqual([]);
  });

  it('destructive actions ask in place: Esc or Cancel keeps everything, the focus goes back', async () => {
    const { page } = env;
    const turn = page.getByTestId('transcript').locator('[data-testid="turn-files"][data-kind="turn"]').last();
    await turn.scrollIntoViewIfNeeded();
    const trigger = turn.getByRole('button', { name: 'Restore files to before SECOND turn' });
    await trigger.click();
    const ask = turn.getByRole('group', { name: /Put every file back as it was before this turn/ });
    await ask.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Restore all files');
    await shot(page, `review-06-inline-confirm-${width}`);
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(read('b.txt')).toBe('b2\n');

    // the session list's delete asks in place (the list is open at 1440; at 800 it is opened first)
    if (!(await page.getByRole('button', { name: /^Delete session / }).count()))
      await page.getByRole('button', { name: 'Show sessions' }).click();
    const del = page.getByRole('button', { name: /^Delete session / }).first();
    await del.click();
    const delAsk = page.getByRole('group', { name: /and its trace\?/ });
    await delAsk.waitFor();
    await shot(page, `review-07-delete-session-${width}`);
    await delAsk.getByRole('button', { name: 'Cancel' }).click();
    await delAsk.waitFor({ state: 'detached' });

    // Settings: removing a provider asks in place too; Cancel keeps it
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const remove = page.getByRole('button', { name: /^Remove provider / }).first();
    await remove.click();
    const provAsk = page.getByRole('group', { name: /^Remove provider .*\?$/ });
    await provAsk.waitFor();
    await shot(page, `review-08-remove-provider-${width}`);
    await provAsk.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Remove provider / }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    expect(dialogs).toEqual([]);
  });
});
