// E2E (issue 25, trace browser) in real Chromium: unchecking a kind in the timeline filter hides that kind and
// keeps every other row (it showed only that kind), and search finds words deep in a long output (it read only the
// first 500 characters of each output). Screenshots at 1440 and 800 px.
import { beforeAll, describe, expect, it } from 'vitest';
import { newSession, openProject, shot, startEnv, stopAfterAll, type Env } from './harness.js';

const call = (name: string, args: object) => ({ reply: { toolCalls: [{ name, arguments: args }] } });
const say = (text: string) => ({ reply: { text, usage: { input: 40, output: 8 } } });

let env: Env;

beforeAll(async () => {
  env = await startEnv({
    // 3000 characters of filler, then the word: far past the index's excerpt
    DEEPOUT: (ph) =>
      ph === 0
        ? call('exec_command', { cmd: "head -c 3000 /dev/zero | tr '\\0' x; echo; echo deep-needle-word" })
        : say('printed it'),
  });
}, 60_000);

stopAfterAll(() => env, 'ui-trace-filters');

describe('trace browser: filters and search', () => {
  it('unchecking "message" hides messages and keeps the rest; search reads whole outputs', async () => {
    const { page } = env;
    await openProject(page, env.home.workspace);
    await newSession(page, 'allow-all', 'DEEPOUT print a long output');
    await page.getByText('printed it').waitFor();
    await page.getByRole('button', { name: 'Traces', exact: true }).click();
    await page.getByRole('button', { name: /Open trace of DEEPOUT/ }).click();
    const rows = page.locator('.tl-row');
    await page.locator('.tl-row[data-kind="tool"]').first().waitFor();
    const kindsShown = () => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
    const before = await kindsShown();
    expect(before).toContain('message');
    expect(before).toContain('tool');

    await page.getByLabel('Show message rows').uncheck();
    await expect.poll(kindsShown).toEqual(before.filter((k) => k !== 'message'));
    expect(await page.getByLabel('Show message rows').isChecked()).toBe(false);
    expect(await page.getByLabel('Show tool rows').isChecked()).toBe(true);
    await shot(page, 'ui-25-trace-filter-1440');
    await page.getByLabel('Show message rows').check();
    await expect.poll(kindsShown).toEqual(before);

    await page.getByLabel('Search the trace').fill('deep-needle-word');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: 'Clear search' }).waitFor();
    await expect.poll(kindsShown).toEqual(['tool']);
    await page.setViewportSize({ width: 800, height: 900 });
    await shot(page, 'ui-25-trace-search-800');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
