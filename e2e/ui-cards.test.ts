// E2E (issue 12, items 7 and 11) in real Chromium: the approval card shows a command as highlighted shell text
// with its working directory and wait, other tools' arguments as labelled fields, raw JSON only behind a toggle;
// after Stop the abort note shows once and the marker reads as the person's action; Markdown tables have borders,
// code blocks a working Copy button; request metadata is a footer under the answer, not a row before it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newSession, openProject, reachable, shot, startEnv, stopAfterAll, type Env } from './harness.js';

const call = (name: string, args: object) => ({ reply: { toolCalls: [{ name, arguments: args }] } });
const say = (text: string) => ({ reply: { text, usage: { input: 40, output: 8 } } });
const LOOP = 'for i in 1 2 3; do\n  echo "line $i"\ndone';
const TABLE = [
  'Here is the summary:',
  '',
  '| tool | calls |',
  '| --- | --- |',
  '| exec_command | 3 |',
  '| read_image | 1 |',
  '',
  '```bash',
  'echo copy-me-please',
  '```',
].join('\n');

let env: Env;

beforeAll(async () => {
  env = await startEnv({
    SHELLCARD: (ph) =>
      ph === 0 ? call('exec_command', { cmd: LOOP, workdir: 'sub', yield_time_ms: 5000 }) : say('looped'),
    FIELDCARD: (ph) => (ph === 0 ? call('read_image', { source: 'pic.png' }) : say('looked')),
    STOPME: (ph) => (ph === 0 ? call('exec_command', { cmd: 'sleep 100' }) : say('never')),
    TABLEME: () => say(TABLE),
  });
  mkdirSync(join(env.home.workspace, 'sub'));
  writeFileSync(
    join(env.home.workspace, 'pic.png'),
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
  await env.ctx.grantPermissions(['clipboard-read', 'clipboard-write']);
}, 60_000);

stopAfterAll(() => env, 'ui-cards');

describe('readable cards', () => {
  it('a command reads as highlighted multi-line shell text with working directory and wait; raw JSON on demand', async () => {
    const { page } = env;
    await openProject(page, env.home.workspace);
    await newSession(page, 'always-ask', 'SHELLCARD loop please');
    const card = page.getByRole('group', { name: /^Approval needed: exec_command/ });
    await card.waitFor();
    const cmd = card.getByLabel('Command', { exact: true });
    expect((await cmd.innerText()).trim()).toBe(LOOP);
    expect(await cmd.locator('[class*="hljs-"]').count()).toBeGreaterThan(0); // highlighted
    expect(await card.getByText('\\"line $i\\"').count()).toBe(0); // no escaped JSON in view
    await card.getByText('working directory').waitFor();
    await card.getByText('sub', { exact: true }).waitFor();
    await card.getByText(/up to 5 s/).waitFor();
    await shot(page, 'ui-03-approval-shell-card');
    // at 800 px the card's decision buttons stay in view and uncovered, and nothing is wider than the window
    await page.setViewportSize({ width: 800, height: 900 });
    for (const name of ['Allow exec_command', 'Deny exec_command', 'Allow exec_command for this session']) {
      const b = card.getByRole('button', { name, exact: true });
      await b.scrollIntoViewIfNeeded();
      await expect.poll(() => reachable(page, b)).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
    await shot(page, 'ui-03-approval-shell-card-800');
    await page.setViewportSize({ width: 1440, height: 900 });
    await card.getByRole('button', { name: 'Show raw arguments' }).click();
    await card.getByText('"line $i', { exact: false }).last().waitFor();
    expect(await card.locator('.raw-json').innerText()).toContain('\\"line $i\\"');
    await card.getByRole('button', { name: 'Allow exec_command', exact: true }).click();
    await page.getByText('looped').waitFor();
    await expect.poll(() => page.getByTestId('tool-output').first().innerText()).toContain('line 3');
  });

  it('other tools show labelled fields', async () => {
    const { page } = env;
    await newSession(page, 'always-ask', 'FIELDCARD look');
    const card = page.getByRole('group', { name: /^Approval needed: read_image/ });
    await card.waitFor();
    await card.locator('dt', { hasText: 'source' }).waitFor();
    await card.locator('dd', { hasText: 'pic.png' }).waitFor();
    await card.getByRole('button', { name: 'Deny read_image' }).click();
    await page.getByText('looked').waitFor();
  });

  it('after Stop: one abort note, and the marker says the person stopped it', async () => {
    const { page } = env;
    await newSession(page, 'allow-all', 'STOPME sleep');
    await page.locator('.tool-card[data-status="running"]').waitFor();
    await page.getByRole('button', { name: 'Stop the task' }).click();
    await page.getByText('You stopped the task.').waitFor();
    await expect.poll(() => page.getByTestId('session-status').textContent()).toBe('aborted');
    await expect.poll(() => page.getByText('[interrupted').count()).toBe(1);
    expect(await page.getByText('You stopped the task.').count()).toBe(1);
    await shot(page, 'ui-04-stopped-once');
  });
});

describe('markdown and request footers', () => {
  it('tables have borders, code has a working Copy button, request metadata sits under the answer', async () => {
    const { page } = env;
    await newSession(page, 'allow-all', 'TABLEME summarize');
    const table = page.getByRole('table');
    await table.waitFor();
    const border = await table
      .locator('td')
      .first()
      .evaluate((td) => getComputedStyle(td).borderTopWidth);
    expect(border).toBe('1px');
    await page.getByRole('button', { name: 'Copy code' }).click();
    await page.getByRole('button', { name: 'Copy code' }).filter({ hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('echo copy-me-please\n');
    // the request footer comes after the answer
    const answerY = (await page.getByText('Here is the summary:').boundingBox())!.y;
    const footY = (await page.getByRole('note', { name: 'Request 1 details' }).boundingBox())!.y;
    expect(footY).toBeGreaterThan(answerY);
    await shot(page, 'ui-05-markdown-table');
  });
});
