// End-to-end (issue 13) in headless Chromium against a real `floe web`: the approval card lists the parts of a
// command no rule covers and offers "Always allow <prefix> in this project"; rules then let covered commands
// through without a card while the card of a mixed command lists only the uncovered part; the turn's changed files
// are listed under the turn with a diff; a Restore confirmed in place brings the files back and "Undo this restore"
// brings the turn back;
// Settings lists, adds and removes rules.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newSession, openProject, shot, startEnv, stopAfterAll, type Env } from './harness.js';

const call = (cmd: string) => ({ reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd } }] } });
const say = (text: string) => ({ reply: { text } });

let env: Env;
beforeAll(async () => {
  env = await startEnv({
    EDITS: (phase) =>
      phase === 0 ? call("printf 'two\\n' > a.txt && rm old.txt && printf 'x' > new.txt") : say('Edited the files.'),
    PRINTONLY: (phase) => (phase === 0 ? call("printf 'ok\\n' && rm -f b.txt") : say('Printed without asking.')),
    MIXED: (phase) => (phase === 0 ? call("printf 'c' > c.txt && rm -f c.txt") : say('Mixed done.')),
  });
  writeFileSync(join(env.home.workspace, 'a.txt'), 'one\n');
  writeFileSync(join(env.home.workspace, 'old.txt'), 'old\n');
  writeFileSync(join(env.home.workspace, 'b.txt'), 'to be removed by an allowed command\n');
}, 60_000);

stopAfterAll(() => env, 'rules');

const file = (name: string) => join(env.home.workspace, name);
const read = (name: string) => (existsSync(file(name)) ? readFileSync(file(name), 'utf8') : null);

describe('approval rules and checkpoints in the UI', () => {
  it('card → "Always allow rm in this project" → changed files with diff → confirmed restore → undo', async () => {
    const { page } = env;
    await openProject(page, env.home.workspace);
    await newSession(page, 'read-only', 'EDITS change the files');
    const card = page.locator('.approval').first();
    await card.waitFor();
    const parts = card.getByTestId('uncovered').locator('li');
    await expect
      .poll(() => parts.allInnerTexts())
      .toEqual([
        "printf 'two\\n' > a.txt — writes to a.txt",
        'rm old.txt — no rule covers this command',
        "printf 'x' > new.txt — writes to new.txt",
      ]);
    await shot(page, 'rules-01-uncovered');
    await card.getByRole('button', { name: 'Always allow rm in this project' }).click();
    await page.getByText('Edited the files.').waitFor();
    expect([read('a.txt'), read('old.txt'), read('new.txt')]).toEqual(['two\n', null, 'x']);

    const turn = page.getByTestId('transcript').locator('[data-testid="turn-files"][data-kind="turn"]');
    const files = turn.locator('.tf-files li');
    await expect
      .poll(() =>
        files.evaluateAll((els) =>
          els.map((e) => `${e.getAttribute('data-status')} ${e.querySelector('.path')?.textContent}`),
        ),
      )
      .toEqual(['modified a.txt', 'added new.txt', 'deleted old.txt']);
    await turn.getByRole('button', { name: 'Review the changes of EDITS change the files' }).click();
    const review = page.getByRole('dialog', { name: 'Changes of “EDITS change the files”' });
    await expect
      .poll(() => review.locator('.file-diff[data-path="a.txt"] .line:not(.context) .text').allInnerTexts())
      .toEqual(['one', 'two']);
    await shot(page, 'rules-02-changed-files');
    await review.getByRole('button', { name: 'Close the review' }).click();

    await turn.getByRole('button', { name: 'Restore files to before EDITS change the files' }).click();
    await turn.getByRole('button', { name: 'Restore all files' }).click();
    await expect
      .poll(() => [read('a.txt'), read('old.txt'), read('new.txt')], { timeout: 20_000 })
      .toEqual(['one\n', 'old\n', null]);
    const undo = page.getByTestId('transcript').locator('[data-testid="turn-files"][data-kind="restore"]');
    await undo.getByRole('button', { name: 'Undo this restore' }).click();
    await undo.getByRole('button', { name: 'Undo restore' }).click();
    await expect
      .poll(() => [read('a.txt'), read('old.txt'), read('new.txt')], { timeout: 20_000 })
      .toEqual(['two\n', null, 'x']);
    await shot(page, 'rules-03-restored');
  });

  it('a project rule lets its command through; a mixed command lists only the uncovered part', async () => {
    const { page } = env;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Action').selectOption('allow');
    await page.getByLabel('Tool (name or glob)').fill('exec_command');
    await page.getByLabel('Command (exec_command only)').fill('printf');
    await page.getByLabel('Where').selectOption({ label: 'ws' });
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByRole('button', { name: 'Remove rule allow exec_command printf' }).waitFor();
    await page.getByRole('button', { name: 'Remove rule allow exec_command rm' }).waitFor();
    await shot(page, 'rules-04-settings');

    await newSession(page, 'read-only', 'MIXED one allowed part');
    const card = page.locator('.approval').first();
    await card.waitFor();
    // printf is covered (the write into c.txt is not: a rule on a command does not cover a file redirect)
    await expect
      .poll(() => card.getByTestId('uncovered').locator('li').allInnerTexts())
      .toEqual(["printf 'c' > c.txt — writes to c.txt"]);
    await card.getByRole('button', { name: 'Deny exec_command' }).click();
    await page.getByText('Mixed done.').waitFor();

    await newSession(page, 'read-only', 'PRINTONLY no card expected');
    await page.getByText('Printed without asking.').waitFor();
    expect(await page.locator('.approval').count()).toBe(0);
    expect(read('b.txt')).toBeNull();

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Remove rule allow exec_command printf' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Remove rule allow exec_command printf' }).count())
      .toBe(0);
  });
});
