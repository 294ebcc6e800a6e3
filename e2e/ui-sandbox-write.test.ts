// End-to-end (issue 19) in headless Chromium against a real `floe web` whose commands run in the real sandbox: a
// command in mode auto writes a folder outside the workspace and is refused; its tool card shows the refused write
// with "Allow writing <folder> in this project"; one click adds the project's writable-folder rule (Settings lists
// it), and the same command in a new session writes there, with no violation on its card.
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSession, openProject, shot, startEnv, stopAfterAll, type Env } from './harness.js';

// outside /tmp: commands get a /tmp of their own, where the folder would not exist (a different error)
const OUTSIDE = realpathSync(mkdtempSync(path.join('/var/tmp', 'floe-e2e-write-')));
const TARGET = path.join(OUTSIDE, 'out.txt');
const CMD = `touch ${TARGET}; echo END`;
const call = (cmd: string) => ({ reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd } }] } });
const say = (text: string) => ({ reply: { text } });

let env: Env;
beforeAll(async () => {
  env = await startEnv({
    WRITEFIRST: (phase) => (phase === 0 ? call(CMD) : say('First write done.')),
    WRITEAGAIN: (phase) => (phase === 0 ? call(CMD) : say('Second write done.')),
  });
}, 60_000);

stopAfterAll(() => env, 'sandbox-write');
afterAll(() => rmSync(OUTSIDE, { recursive: true, force: true }));

describe('a refused write on the tool card', () => {
  it('shows the write, and one click makes the folder writable in this project', async () => {
    const { page } = env;
    await openProject(page, env.home.workspace);
    await newSession(page, 'auto', 'WRITEFIRST write the file');
    await page.getByText('First write done.').waitFor();
    const tool = page.locator('.tool-card[data-kind="tool"]').first();
    const violations = tool.getByTestId('violations');
    await expect
      .poll(() => violations.locator('li').allInnerTexts())
      .toEqual([
        expect.stringMatching(new RegExp(`^write refused ${TARGET.replace(/\./g, '\\.')} — sandbox: a write`)),
      ]);
    expect(existsSync(TARGET)).toBe(false);
    const button = violations.getByRole('button', { name: `Allow writing ${OUTSIDE} in this project` });
    await button.waitFor();
    await shot(page, 'sandbox-write-01-violation');
    await button.click();
    await violations.getByRole('status').filter({ hasText: 'writable in this project' }).waitFor();

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: `Remove rule allow sandbox_write ${OUTSIDE}` }).waitFor();
    await shot(page, 'sandbox-write-02-rule-in-settings');

    // the rule holds: the same command writes there, and its card shows no violation
    await newSession(page, 'auto', 'WRITEAGAIN write the file again');
    await page.getByText('Second write done.').waitFor();
    expect(existsSync(TARGET)).toBe(true);
    const again = page.locator('.tool-card[data-kind="tool"]').first();
    expect(await again.getByTestId('tool-output').innerText()).toMatch(/END/);
    expect(await again.getByTestId('violations').count()).toBe(0);
    await shot(page, 'sandbox-write-03-rule-holds');
  });
});
