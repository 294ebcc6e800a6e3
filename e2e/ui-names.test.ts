// E2E (issue 12, items 4 and 5) in real Chromium: a reload restores screen, project, session and scroll; "Go to
// session" in the approvals panel opens the session at its focused card; sessions carry titles (first prompt,
// renamable), a pending approval reads "waiting for you", a subagent's prompt is labelled as the parent agent's
// and its trace is nested under the parent's in the trace list.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newSession, openProject, shot, startEnv, stopAfterAll, type Env } from './harness.js';

const call = (name: string, args: object) => ({ reply: { toolCalls: [{ name, arguments: args }] } });
const say = (text: string) => ({ reply: { text, usage: { input: 40, output: 8 } } });
const LONG = Array.from({ length: 80 }, (_, i) => `Paragraph ${i + 1} of a long finished answer.`).join('\n\n');

let env: Env;

beforeAll(async () => {
  env = await startEnv({
    PENDINGCARD: (ph) =>
      ph === 0 ? call('exec_command', { cmd: 'echo after-go-to' }) : say('Went to the card and ran it.'),
    LONGREAD: () => say(LONG),
    PARENTJOB: (ph) =>
      ph === 0 ? call('run_subagent', { prompt: 'CHILDJOB: list the files' }) : say('The child is done.'),
    CHILDJOB: () => say('child says hi'),
  });
}, 60_000);

stopAfterAll(() => env, 'ui-names');

const focused = (page: Page): Promise<string> =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
const scroller = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector('[data-testid="transcript"] [data-virtuoso-scroller]') as HTMLElement;
    return { top: el.scrollTop, gap: el.scrollHeight - el.scrollTop - el.clientHeight };
  });

describe('reload and go-to-session', () => {
  it('a pending card: "waiting for you"; reload reopens the chat at the session; Go to session focuses the card', async () => {
    const { page } = env;
    await openProject(page, env.home.workspace);
    await newSession(page, 'always-ask', 'PENDINGCARD needs a decision');
    const card = page.getByRole('group', { name: /^Approval needed: exec_command/ });
    await card.waitFor();
    await expect.poll(() => page.getByTestId('session-status').textContent()).toBe('waiting for you');
    await page
      .getByRole('button', { name: /Open session PENDINGCARD/ })
      .getByText('waiting for you')
      .waitFor();

    await page.reload();
    // same screen, project and session; the card is in the transcript, not only in the panel
    await page.getByRole('heading', { name: 'PENDINGCARD needs a decision' }).waitFor();
    await card.waitFor();
    expect(page.url()).toMatch(/#\/chat\/[^/]+\/[^/]+$/);
    await shot(page, 'ui-06-after-reload');

    // from another screen: the panel names the session by title and takes us to the focused card
    await page.getByRole('button', { name: 'Traces', exact: true }).click();
    await page.getByRole('button', { name: /Pending approvals: 1/ }).click();
    await page.getByRole('button', { name: 'Go to session PENDINGCARD needs a decision' }).click();
    await page.getByRole('heading', { name: 'PENDINGCARD needs a decision' }).waitFor();
    await expect.poll(() => focused(page)).toMatch(/^Approval needed: exec_command/);
    await page.keyboard.press('a');
    await page.getByText('Went to the card and ran it.').waitFor();
  });

  it('a reload keeps where the person scrolled to', async () => {
    const { page } = env;
    await newSession(page, 'allow-all', 'LONGREAD a long answer');
    await page.getByText('Paragraph 80 of a long').waitFor();
    await page.locator('[data-testid="transcript"]').hover();
    await page.mouse.wheel(0, -700);
    await page.getByRole('button', { name: 'Jump to latest' }).waitFor();
    // the scroll has come to rest (unchanged over a few frames) and is the position kept for a reload
    const id = await page.getByRole('heading', { name: 'LONGREAD a long answer' }).getAttribute('title');
    await expect
      .poll(() =>
        page.evaluate(async (key) => {
          const el = document.querySelector('[data-testid="transcript"] [data-virtuoso-scroller]') as HTMLElement;
          const top = el.scrollTop;
          for (let i = 0; i < 5; i++) await new Promise((r) => requestAnimationFrame(r));
          const kept = JSON.parse(sessionStorage.getItem(key) ?? 'null') as { top: number; stuck: boolean } | null;
          return el.scrollTop === top && !!kept && !kept.stuck && Math.abs(kept.top - top) < 2;
        }, `floe.scroll.${id}`),
      )
      .toBe(true);
    const before = await scroller(page);
    expect(before.gap).toBeGreaterThan(300);
    await page.reload();
    await page.getByRole('heading', { name: 'LONGREAD a long answer' }).waitFor();
    await page.getByRole('button', { name: 'Jump to latest' }).waitFor();
    await expect.poll(async () => Math.abs((await scroller(page)).top - before.top)).toBeLessThan(40);
  });
});

describe('names, not ids', () => {
  it('rename in the UI; it survives a reload', async () => {
    const { page } = env;
    await page.getByRole('button', { name: 'Rename session' }).click();
    await page.getByLabel('Session title').fill('Reading test');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Reading test' }).waitFor();
    await page.getByRole('button', { name: /Open session Reading test/ }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Reading test' }).waitFor();
  });

  it('a subagent: titled by its prompt, the prompt labelled as the parent agent’s, its trace nested under the parent', async () => {
    const { page } = env;
    await newSession(page, 'allow-all', 'PARENTJOB delegate it');
    await page.getByText('The child is done.').waitFor();
    const sub = page.locator('.subagent-card');
    await sub.getByRole('button', { name: /subagent CHILDJOB: list the files/ }).waitFor();
    await sub.locator('.msg.user .who').filter({ hasText: 'Parent agent' }).waitFor();
    expect(await sub.getByText('You', { exact: true }).count()).toBe(0);
    await shot(page, 'ui-07-subagent-names');

    await page.getByRole('button', { name: 'Traces', exact: true }).click();
    await page.getByRole('button', { name: 'Open trace of PARENTJOB delegate it' }).waitFor();
    const rows = await page.locator('.trace-list tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({
        depth: tr.getAttribute('data-depth'),
        text: (tr.querySelector('td')?.textContent ?? '').slice(0, 60),
      })),
    );
    const parent = rows.findIndex((r) => r.text.includes('PARENTJOB'));
    expect(rows[parent + 1]).toMatchObject({ depth: '1' });
    // the child's own row is titled from its prompt (the host titles subagent sessions as it titles root ones)
    expect(rows[parent + 1]!.text).toContain('CHILDJOB: list the files');
    expect(rows[parent + 1]!.text).not.toMatch(/^\W*session-/);
    await shot(page, 'ui-08-trace-list-nested');
  });
});
