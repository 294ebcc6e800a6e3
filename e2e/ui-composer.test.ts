// E2E (issue 12, item 9, slash commands) in real Chromium: typing "/" lists the commands; /mode changes the
// approval mode; an unknown command says what to do; /clear starts a fresh session with the same mode.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openProject, shot, startEnv, type Env } from './harness.js';

let env: Env;

beforeAll(async () => {
  env = await startEnv({});
}, 60_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && env)
    await shot(env.page, `FAILED-ui-composer-${ctx.task.name.slice(0, 30).replace(/[^a-z0-9]+/gi, '-')}`).catch(
      () => undefined,
    );
});
afterAll(async () => {
  await env?.stop();
});

describe('composer slash commands', () => {
  it('/ lists commands; /mode switches; unknown commands explain; /clear opens a fresh session', async () => {
    const { page } = env;
    await openProject(page, env.home.workspace);
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    await page.getByRole('button', { name: 'New session' }).click();
    const box = page.getByLabel('Prompt');
    await box.waitFor();
    await box.fill('/mo');
    await page
      .getByRole('list', { name: 'Commands' })
      .getByText('/mode <allow-all|deny-all|read-only|always-ask>')
      .waitFor();
    await shot(page, 'ui-11-slash-hints');
    await box.fill('/mode read-only');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#mode-select').inputValue()).toBe('read-only');
    expect(await box.inputValue()).toBe('');

    await box.fill('/frobnicate');
    await page.keyboard.press('Enter');
    await page
      .getByRole('alert')
      .getByText(/Unknown command \/frobnicate/)
      .waitFor();
    expect(await box.inputValue()).toBe('/frobnicate');

    const before = await page.locator('.session-list > li').count();
    await box.fill('/clear');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.session-list > li').count()).toBe(before + 1);
    await expect.poll(() => page.locator('#mode-select').inputValue()).toBe('read-only');
  });
});
