// E2E (issue 22) in real Chromium against `floe web`: in a git project, "in its own worktree" is on by default; the
// session changes a file in its worktree while the project folder stays as it was; the sidebar lists it under
// "Ready to review"; the Review shows the file's diff; a comment goes back to the session; Merge brings the change
// into the project folder and the worktree goes away.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newSession, openProject, startEnv, stopAfterAll, type Env } from './harness.js';

const say = (text: string) => ({ reply: { text, usage: { input: 40, output: 8 } } });
const exec = (cmd: string, id: string) => ({
  reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd }, id }] },
});

let env: Env;
beforeAll(async () => {
  env = await startEnv({
    WTCHANGE: (phase) => (phase === 0 ? exec(`printf 'changed in worktree\\n' > a.txt`, 'wt1') : say('changed it')),
    'Review of your changes': (phase) =>
      phase === 0 ? exec(`printf 'changed after review\\n' > a.txt`, 'wt2') : say('addressed'),
  });
}, 60_000);
stopAfterAll(() => env, 'ui-worktrees');

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd: dir,
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' },
  }).toString();

describe('sessions in their own worktree', () => {
  it('default on for a git project; review, comment, merge', async () => {
    const { page } = env;
    const ws = env.home.workspace;
    writeFileSync(join(ws, 'a.txt'), 'original\n');
    git(ws, 'init', '-q', '-b', 'main');
    git(ws, 'add', '-A');
    git(ws, 'commit', '-qm', 'first');

    await openProject(page, ws);
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    const box = page.getByLabel('In its own worktree');
    await expect.poll(() => box.isChecked(), { timeout: 15_000 }).toBe(true);
    await newSession(page, 'allow-all', 'WTCHANGE edit a.txt');
    await page.getByText('changed it').waitFor();
    await expect.poll(() => page.getByTestId('session-status').textContent(), { timeout: 15_000 }).toBe('completed');
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('original\n');

    const review = page.getByRole('region', { name: 'Ready to review' });
    await review.getByRole('button', { name: /^Open session WTCHANGE/ }).waitFor();

    const panel = page.getByRole('region', { name: 'Review', exact: true });
    await panel.getByRole('button', { name: 'Diff of a.txt' }).click();
    await expect
      .poll(() => panel.getByTestId('review-diff').textContent(), { timeout: 15_000 })
      .toContain('+changed in worktree');

    await panel.getByLabel('Comment on a.txt').fill('say that it was reviewed');
    await panel.getByRole('button', { name: 'Send comments (1)' }).click();
    await page.getByText('addressed').waitFor();
    await expect.poll(() => page.getByTestId('session-status').textContent(), { timeout: 15_000 }).toBe('completed');
    await panel.getByRole('button', { name: 'Refresh' }).click();
    await expect
      .poll(() => panel.getByTestId('review-diff').textContent(), { timeout: 15_000 })
      .toContain('+changed after review');
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('original\n');

    await panel.getByRole('button', { name: 'Merge into main' }).click();
    await expect
      .poll(() => readFileSync(join(ws, 'a.txt'), 'utf8'), { timeout: 15_000 })
      .toBe('changed after review\n');
    await panel.waitFor({ state: 'detached' });
    expect(git(ws, 'worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
    expect(git(ws, 'log', '-1', '--format=%s')).toBe(
      'WTCHANGE edit a.txt (Floe session ' + (await sessionId()) + ')\n',
    );
  }, 180_000);
});

async function sessionId(): Promise<string> {
  return (await env.page
    .getByTestId('session-status')
    .locator('xpath=..')
    .locator('h2')
    .first()
    .getAttribute('title'))!;
}
