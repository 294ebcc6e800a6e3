// E2E (issue 12, item 3) in real Chromium: the whole flow without a mouse — from the first screen, Tab to the
// folder field, open the project with Enter, Tab to "New session" and press Enter (focus moves to the prompt),
// send with Enter, decide the approval card with A, and the answer arrives. Every stop on the way has an
// accessible name. No click, no programmatic focus.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startEnv, stopAfterAll, type Env } from './harness.js';

const call = (name: string, args: object) => ({ reply: { toolCalls: [{ name, arguments: args }] } });
const say = (text: string) => ({ reply: { text, usage: { input: 40, output: 8 } } });

let env: Env;

beforeAll(async () => {
  env = await startEnv({
    NOMOUSE: (ph) => (ph === 0 ? call('exec_command', { cmd: 'echo keyboard-only' }) : say('Done without a mouse.')),
  });
}, 60_000);

stopAfterAll(() => env, 'ui-kb-only');

/** The focused element's accessible name: aria-label, else its label, else its text. */
const focusedName = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    if (!a || a === document.body) return '';
    const labels = (a as HTMLInputElement).labels;
    return (a.getAttribute('aria-label') || labels?.[0]?.textContent || a.textContent || '').trim();
  });

/** Presses Tab until the focused element is named `name`; every stop passed must have a name. */
async function tabTo(page: Page, name: string, max = 60): Promise<string[]> {
  const passed: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const now = await focusedName(page);
    passed.push(now);
    if (now === name) return passed;
  }
  throw new Error(`"${name}" was not reached with ${max} Tabs; passed: ${passed.join(' | ')}`);
}

describe('no mouse at all', () => {
  it('open a folder, start a session, send a prompt, allow the call, read the answer — keyboard only', async () => {
    const { page } = env;
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    const stops = await tabTo(page, 'Open folder (absolute path)');
    await page.keyboard.type(env.home.workspace);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'New session' }).waitFor();

    stops.push(...(await tabTo(page, 'New session')));
    await page.keyboard.press('Enter');
    await page.getByText('Empty session. Write a prompt below.').waitFor();
    // the new session's prompt box takes the focus (issue 25: it took 10 Tabs to get there)
    await expect.poll(() => focusedName(page)).toBe('Prompt');
    await page.keyboard.type('NOMOUSE run one command');
    await page.keyboard.press('Enter');

    const card = page.getByRole('group', { name: /^Approval needed: exec_command/ });
    await card.waitFor();
    await expect.poll(() => focusedName(page)).toMatch(/^Approval needed: exec_command/);
    await page.keyboard.press('a');
    await page.getByText('Done without a mouse.').waitFor();
    await expect.poll(() => page.getByTestId('tool-output').first().textContent()).toContain('keyboard-only');
    expect(stops.filter((n) => n === '')).toEqual([]);
  });
});
