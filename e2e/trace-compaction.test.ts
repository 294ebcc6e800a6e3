// E2E (issue 10, trace browser) in real Chromium: a seed-protocol session compacted into two files
// (test/fixtures/traces/seed-compaction: `_001` and `_002`, composed by hand) is picked in the file dialog together,
// imports as one session, and its timeline shows each compaction as a span with its status, the summary collapsed
// until opened, and where the second file begins.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../test/helpers/cli.js';
import { shot, startEnv, stopAfterAll, type Env } from './harness.js';

const DIR = join(REPO, 'test/fixtures/traces/seed-compaction');
const ID = 'seedharness-2025-06-02-build-fix';
const FILES = [join(DIR, `${ID}_002.jsonl`), join(DIR, `${ID}_001.jsonl`)];
const LINES = FILES.map((f) => readFileSync(f, 'utf8').trim().split('\n').length).reduce((a, b) => a + b);

let env: Env;
beforeAll(async () => {
  env = await startEnv({});
}, 60_000);
stopAfterAll(() => env, 'trace-compaction');

describe('a compacted seed-protocol session in the trace browser', () => {
  it('imports as one session; compactions are spans with status; the summary opens on demand; part 2 is marked', async () => {
    const { page } = env;
    await page.getByRole('button', { name: 'Traces', exact: true }).click();
    await page.getByRole('heading', { name: 'Traces' }).waitFor();
    await page.getByLabel('Import a trace file').setInputFiles(FILES);

    // the import opens the session's timeline
    await page.locator('.tl-row[data-kind="compaction"]').first().waitFor();
    await expect.poll(() => page.getByTestId('tl-count').textContent()).toBe(`${LINES} records`);
    const spans = page.locator('.tl-row[data-kind="compaction"]');
    await expect.poll(() => spans.count()).toBe(2);
    expect(await spans.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(['ok', 'error']);
    expect(await spans.locator('.tl-name').allTextContents()).toEqual(['compaction completed', 'compaction failed']);
    // a span, not a point: the completed one lasted 5.4 s of a 22.7 s trace
    const width = await spans
      .first()
      .locator('.tl-bar')
      .evaluate((e) => e.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(40);
    // the second file begins after the first compaction: a row and a mark on the axis
    await expect.poll(() => page.locator('.tl-row[data-marker="part"]').count()).toBe(1);
    expect(await page.locator('.tl-row[data-marker="part"] .tl-detail').textContent()).toBe(`${ID}_002.jsonl`);
    expect(await page.getByTestId('tl-part-start').allTextContents()).toEqual(['_002']);

    await spans.first().click();
    const detail = page.getByTestId('compaction-detail');
    await detail.waitFor();
    await expect.poll(() => detail.textContent()).toContain('threshold');
    expect(await detail.textContent()).toContain('3.8k tokens · 2 turns compacted');
    const summary = page.getByTestId('compaction-summary');
    expect(await summary.evaluate((e) => (e as HTMLDetailsElement).open)).toBe(false);
    expect(await page.getByText(/SEED-SUMMARY/).isVisible()).toBe(false);
    await summary.locator('summary').click();
    await page.getByText(/Fix the failing build \(SEED-SUMMARY\)/).waitFor();
    await shot(page, 'trace-compaction-01-span-summary');

    await spans.nth(1).click();
    await expect.poll(() => page.getByTestId('compaction-detail').textContent()).toContain('failed');

    // one session in the list, with the records of both files
    await page.getByRole('button', { name: 'Back to the trace list' }).click();
    const rows = page.locator('tr[data-session-id]');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-session-id')).toBe(ID);
    expect(await rows.first().locator('td').nth(5).textContent()).toBe(String(LINES));
  });
});
