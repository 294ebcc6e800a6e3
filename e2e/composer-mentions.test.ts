// E2E (issue 12, item 9, @-mentions) in real Chromium against `floe web`: in a git workspace, "@" in the composer
// opens a fuzzy list of the workspace's files (.gitignore respected); ↑/↓ move, Tab and Enter insert the path, Esc
// closes — keyboard only. Screenshots of the open list at 1440 and 800 px.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openNewChat, shot, startEnv, stopAfterAll, type Env } from './harness.js';

let env: Env;

beforeAll(async () => {
  env = await startEnv({});
  const ws = env.home.workspace;
  const files: Record<string, string> = {
    '.gitignore': 'dist/\n',
    'README.md': '# demo\n',
    'src/main.ts': 'export {};\n',
    'src/util/format.ts': 'export {};\n',
    'docs/guide.md': 'guide\n',
    'dist/bundle.js': '//\n',
  };
  for (const [p, body] of Object.entries(files)) {
    mkdirSync(dirname(join(ws, p)), { recursive: true });
    writeFileSync(join(ws, p), body);
  }
  execFileSync('git', ['-C', ws, 'init', '-q']);
}, 60_000);

stopAfterAll(() => env, 'composer-mentions');

describe('composer @-mentions', () => {
  it('lists workspace files fuzzily and inserts the chosen path with the keyboard', async () => {
    const { page } = env;
    const box = await openNewChat(page, env.home.workspace);
    await box.focus();
    const list = page.getByRole('listbox', { name: 'Workspace files' });
    const selected = list.getByRole('option', { selected: true });

    await page.keyboard.type('tidy @');
    await list.getByRole('option', { name: 'src/util/format.ts' }).waitFor();
    const shown = await list.getByRole('option').allTextContents();
    expect(shown).toContain('README.md');
    expect(shown).not.toContain('dist/bundle.js'); // ignored by .gitignore
    await shot(page, 'composer-mentions-1440');
    await page.setViewportSize({ width: 800, height: 900 });
    await selected.waitFor();
    await shot(page, 'composer-mentions-800');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.keyboard.type('fmt');
    await expect.poll(() => selected.textContent()).toBe('src/util/format.ts');
    await page.keyboard.press('Tab');
    await list.waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe('tidy src/util/format.ts ');

    // ↓ then ↑ then Enter: the highlighted row is inserted, the prompt is not sent
    await page.keyboard.type('and @ma');
    await expect.poll(() => selected.textContent()).toBe('src/main.ts');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => selected.textContent()).not.toBe('src/main.ts');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => selected.textContent()).toBe('src/main.ts');
    await page.keyboard.press('Enter');
    await list.waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe('tidy src/util/format.ts and src/main.ts ');

    // Esc closes the list and leaves the text alone; an ignored file matches nothing
    await page.keyboard.type('@bundle');
    await page.getByText('No file matches "bundle".').waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('No file matches "bundle".').waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe('tidy src/util/format.ts and src/main.ts @bundle');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Prompt');
  });
});
