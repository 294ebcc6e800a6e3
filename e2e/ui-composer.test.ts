// E2E (issue 12, item 9, slash commands) in real Chromium: typing "/" lists the commands; /mode changes the
// approval mode; an unknown command says what to do; /clear starts a fresh session with the same mode.
import { beforeAll, describe, expect, it } from 'vitest';
import { openNewChat, shot, startEnv, stopAfterAll, type Env } from './harness.js';

let env: Env;

beforeAll(async () => {
  env = await startEnv({});
}, 60_000);

stopAfterAll(() => env, 'ui-composer');

describe('composer slash commands', () => {
  it('/ lists commands; /mode switches; unknown commands explain; /clear opens a fresh session', async () => {
    const { page } = env;
    const box = await openNewChat(page, env.home.workspace);
    await box.fill('/mo');
    await page
      .getByRole('list', { name: 'Commands' })
      .getByText('/mode <allow-all|deny-all|read-only|always-ask|auto>')
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
