// E2E (issue 23) in real Chromium: a Claude Code session file and a Codex rollout file (fixtures written from their
// documented formats) picked in the trace browser import and show in the same timeline as Floe's sessions — a row
// per model request and per tool call, the failed calls coloured as errors; then the opened session is exported
// with "Export HTML", and that file, opened from disk with every network request blocked, shows the transcript and
// the timeline without having made a single request.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../test/helpers/cli.js';
import { shot, startEnv, stopAfterAll, type Env } from './harness.js';

const DIR = join(REPO, 'test/fixtures/traces');
const CC = join(DIR, 'claude-code/7d3f2a10-5b6c-4e8f-9a01-23456789abcd.jsonl');
const CODEX = join(DIR, 'codex/rollout-2025-10-02T08-15-00-0199a2b3-c4d5-7e6f-8a9b-0c1d2e3f4a5b.jsonl');
const lines = (f: string): any[] =>
  readFileSync(f, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

let env: Env;
beforeAll(async () => {
  env = await startEnv({});
}, 60_000);
stopAfterAll(() => env, 'trace-foreign');

async function importFile(file: string) {
  const { page } = env;
  await page.getByRole('button', { name: 'Traces', exact: true }).click();
  const back = page.getByRole('button', { name: 'Back to the trace list' });
  if (await back.isVisible()) await back.click();
  await page.getByRole('heading', { name: 'Traces' }).waitFor();
  await page.getByLabel('Import a trace file').setInputFiles([file]);
  await page.locator('.tl-row[data-kind="tool"]').first().waitFor();
}

describe('other agents’ sessions in the trace browser', () => {
  it('a Claude Code session imports and shows its requests and tool calls in the timeline', async () => {
    const { page } = env;
    await importFile(CC);
    const src = lines(CC);
    const uses = src
      .filter((l) => l.type === 'assistant')
      .flatMap((l) => l.message.content)
      .filter((b: any) => b.type === 'tool_use');
    const replies = new Set(src.filter((l) => l.type === 'assistant').map((l) => l.message.id));
    const tools = page.locator('.tl-row[data-kind="tool"]');
    await expect.poll(() => tools.count()).toBe(uses.length);
    expect(await tools.locator('.tl-name').allTextContents()).toEqual(uses.map((b: any) => b.name));
    await expect.poll(() => page.locator('.tl-row[data-kind="request"]').count()).toBe(replies.size);
    // the Bash call's result was an error
    const failed = uses.findIndex((u: any) =>
      src.some((l) =>
        (Array.isArray(l.message?.content) ? l.message.content : []).some(
          (b: any) => b.type === 'tool_result' && b.tool_use_id === u.id && b.is_error,
        ),
      ),
    );
    expect(await tools.nth(failed).getAttribute('data-status')).toBe('error');
    await shot(page, 'trace-foreign-01-claude-code');
    await page.getByRole('button', { name: 'Back to the trace list' }).click();
    const row = page.locator(`tr[data-session-id="claude-code-${src[1].sessionId}"]`);
    await row.waitFor();
    const model = src.find((l) => l.type === 'assistant').message.model;
    expect(await row.locator('td').nth(3).textContent()).toBe(`anthropic/${model}`);
  });

  it('a Codex rollout imports into the same timeline; Export HTML opens from disk with no network', async () => {
    const { page, ctx } = env;
    await importFile(CODEX);
    const src = lines(CODEX);
    const calls = src.filter((l) => l.payload.type === 'function_call').map((l) => l.payload);
    const tools = page.locator('.tl-row[data-kind="tool"]');
    await expect.poll(() => tools.count()).toBe(calls.length);
    expect(await tools.locator('.tl-name').allTextContents()).toEqual(calls.map((c) => c.name));
    const counts = src.filter((l) => l.payload.type === 'token_count').length;
    await expect.poll(() => page.locator('.tl-row[data-kind="request"]').count()).toBe(counts);
    // the second call exited 1
    expect(await tools.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(['ok', 'error']);
    await shot(page, 'trace-foreign-02-codex');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export HTML' }).click(),
    ]);
    const file = join(env.home.workspace, download.suggestedFilename());
    await download.saveAs(file);
    expect(download.suggestedFilename()).toBe(`codex-${src[0].payload.id}.html`);

    // open it from disk with every request other than the file itself refused, and record them all
    const offline = await ctx.newPage();
    const requests: string[] = [];
    offline.on('request', (r) => requests.push(r.url()));
    await offline.route('**/*', (route) =>
      route.request().url().startsWith('file:') ? route.continue() : route.abort(),
    );
    const url = pathToFileURL(file).href;
    await offline.goto(url);
    await offline.getByRole('heading', { name: 'Transcript' }).waitFor();
    expect(requests.filter((r) => r !== url)).toEqual([]);
    const userText = src.find((l) => l.payload.type === 'message' && !/^</.test(l.payload.content[0].text));
    expect(await offline.locator('[data-entry="user"]').allTextContents()).toEqual([
      expect.stringContaining(userText.payload.content[0].text),
    ]);
    expect(await offline.locator('[data-entry="call"]').count()).toBe(calls.length);
    expect(
      await offline
        .locator('.tl-row[data-kind="tool"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))),
    ).toEqual(['ok', 'error']);
    expect(await offline.locator('.tl-row[data-kind="request"]').count()).toBe(counts);
    // the bars lie on the time axis: the first tool starts left of the second
    const lefts = await offline
      .locator('.tl-row[data-kind="tool"] .tl-bar')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().left));
    expect(lefts[0]).toBeLessThan(lefts[1]!);
    await offline.locator('[data-entry="call"] summary').first().click();
    await offline.getByText('router.get').waitFor();
    await offline.screenshot({ path: join(REPO, 'test-results/screenshots/trace-foreign-03-html.png') });
    expect(requests.filter((r) => r !== url)).toEqual([]);
    await offline.close();
  });
});
