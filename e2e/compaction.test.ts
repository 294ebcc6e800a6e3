// E2E (issue 10, UI part) in real Chromium: the session header's context meter shows tokens in context / window from
// the first request and moves; the header names the project instruction file (AGENTS.md) and its tokens; the Compact button runs a manual compaction (its summary streams, a "Context compacted" marker appears and
// the meter drops to 0); the trace timeline shows the compaction as a completed span with its summary collapsed, and
// the start of the trace's second file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newSession, openProject, shot, startEnv, stopAfterAll, type Env } from './harness.js';

let env: Env;

beforeAll(async () => {
  env = await startEnv({
    METERDEMO: (_ph, _prompt, req) =>
      JSON.stringify(req.body.messages).includes('handoff summary')
        ? { reply: { text: '## Goal\nShow the meter (E2E-SUMMARY).', usage: { input: 1500, output: 20 } } }
        : { reply: { text: 'Meter answer.', usage: { input: 1500, output: 8 } } },
  });
}, 60_000);

stopAfterAll(() => env, 'compaction');

describe('context meter and Compact', () => {
  it('the meter shows the last prompt against the window; Compact streams a summary, marks it and resets the meter', async () => {
    const { page } = env;
    // project instructions: the header names the file and its tokens (415 characters ≈ 104 tokens)
    writeFileSync(join(env.home.workspace, 'AGENTS.md'), `# House rules\n${'Use tabs. '.repeat(40)}\n`);
    await openProject(page, env.home.workspace);
    await newSession(page, 'allow-all', 'METERDEMO say something');
    await page.getByText('Meter answer.').waitFor();
    const meter = page.getByTestId('context-meter');
    // live, from the first request: the tokens against the model's window (config.yaml: 32000), no reload needed
    await expect.poll(() => meter.textContent(), { timeout: 10_000 }).toBe('1.5k / 32.0k');
    expect(await meter.getAttribute('title')).toContain('compacts automatically at 30.0k tokens');
    const badge = page.getByTestId('instructions-badge');
    expect(await badge.textContent()).toContain('AGENTS.md');
    await badge.click();
    await expect.poll(() => page.getByTestId('instructions-list').textContent()).toContain('AGENTS.md · ~104 tokens');
    await shot(page, 'compaction-01-meter');
    await page.keyboard.press('Escape');
    await page.getByTestId('instructions-list').waitFor({ state: 'detached' });
    // after a reload the same, read back from the host
    await page.reload();
    await page.getByText('Meter answer.').waitFor();
    await expect.poll(() => meter.textContent(), { timeout: 10_000 }).toBe('1.5k / 32.0k');
    await page.getByTestId('instructions-badge').waitFor();

    await page.getByRole('button', { name: 'Compact', exact: true }).click();
    await page.getByText('Context compacted').waitFor();
    await page
      .getByText(/E2E-SUMMARY/)
      .first()
      .waitFor();
    await expect.poll(() => meter.textContent()).toMatch(/^0 \/ \d/);
    await expect.poll(() => page.getByTestId('session-status').textContent(), { timeout: 10_000 }).toBe('completed');
    await shot(page, 'compaction-02-compacted');
    // reloaded from the trace's two files: the prompt once (the second file's copy is not shown again), the summary
    await page.reload();
    await page.getByText('Context compacted').waitFor();
    await page
      .getByText(/Show the meter \(E2E-SUMMARY\)/)
      .first()
      .waitFor();
    // (the message's own text: its Retry/Edit/Fork actions are not part of it)
    expect(await page.locator('[data-kind="user"] .bubble').allTextContents()).toEqual(['METERDEMO say something']);
    expect(await page.getByText(/Summary of the conversation so far/).count()).toBe(0);

    await page.getByRole('button', { name: 'Traces', exact: true }).click();
    await page.getByRole('button', { name: /Open trace of METERDEMO/ }).click();
    await page.locator('.tl-row[data-kind="request"]').first().waitFor();
    // the compaction is one span (begin → end) that completed, and the trace continues in a second file
    const span = page.locator('.tl-row[data-kind="compaction"]');
    await expect.poll(() => span.count()).toBe(1);
    expect(await span.getAttribute('data-status')).toBe('ok');
    expect(await span.locator('.tl-name').textContent()).toBe('compaction completed');
    await expect.poll(() => page.locator('.tl-row[data-marker="part"]').count()).toBe(1);
    expect(await page.getByTestId('tl-part-start').allTextContents()).toEqual(['_002']);
    // its summary is collapsed until opened
    await span.click();
    const summary = page.getByTestId('compaction-summary');
    await summary.waitFor();
    expect(await summary.evaluate((e) => (e as HTMLDetailsElement).open)).toBe(false);
    await summary.locator('summary').click();
    await summary.getByText(/Show the meter \(E2E-SUMMARY\)/).waitFor();
    await shot(page, 'compaction-03-timeline');
  });
});
