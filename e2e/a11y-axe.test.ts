// E2E (issue 25, accessibility) in real Chromium: axe-core (the field's standard rules engine, injected by
// @axe-core/playwright) finds no critical or serious violation of WCAG 2.1 A/AA on the chat, a pending approval
// card, the trace timeline (a row's detail open), Settings and the trace list, in the light and the dark theme,
// at 1440 and 800 px. What axe found is printed on failure (rule, impact, help, the elements and why). Screenshots
// of every screen, theme and width.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newSession, openProject, shot, startEnv, stopAfterAll, type Env } from './harness.js';

const call = (name: string, args: object) => ({ reply: { toolCalls: [{ name, arguments: args }] } });
const say = (text: string) => ({ reply: { text, usage: { input: 40, output: 8 } } });

let env: Env;

beforeAll(async () => {
  env = await startEnv({
    A11YCHAT: (ph) =>
      ph === 0
        ? call('exec_command', { cmd: 'echo a11y-output' })
        : say(
            'Done. It printed **a11y-output**:\n\n```sh\necho a11y-output\n```\n\n| file | lines |\n|---|---|\n| a.ts | 3 |',
          ),
    A11YWAIT: () => call('exec_command', { cmd: 'echo waiting-for-you' }),
  });
}, 60_000);

stopAfterAll(() => env, 'a11y-axe');

/** Critical and serious violations of WCAG 2.0/2.1 A and AA on the page as it is, as readable lines. */
async function violations(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page: page as never })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return r.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.impact} ${v.id} (${v.help}): ${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      ),
    );
}

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Theme').selectOption(theme);
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
}

/** At 800 px and less the session list starts collapsed (issue 25): open it to pick a session. */
async function showSessions(page: Page): Promise<void> {
  const show = page.getByRole('button', { name: 'Show sessions' });
  if (await show.count()) await show.click();
}

const SCREENS: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'chat',
    open: async (page) => {
      await page.getByRole('button', { name: 'Chat', exact: true }).click();
      await showSessions(page);
      await page.getByRole('button', { name: /^Open session A11YCHAT/ }).click();
      await page.getByText('a11y-output', { exact: true }).first().waitFor();
    },
  },
  {
    name: 'approval',
    open: async (page) => {
      await page.getByRole('button', { name: 'Chat', exact: true }).click();
      await showSessions(page);
      await page.getByRole('button', { name: /^Open session A11YWAIT/ }).click();
      await page.getByRole('group', { name: /^Approval needed: exec_command/ }).waitFor();
    },
  },
  {
    name: 'timeline',
    open: async (page) => {
      await page.getByRole('button', { name: 'Traces', exact: true }).click();
      const back = page.getByRole('button', { name: 'Back to the trace list' });
      if (await back.count()) await back.click();
      await page.getByRole('button', { name: /Open trace of A11YCHAT/ }).click();
      await page.locator('.tl-row[data-kind="tool"]').first().click();
      await page.getByRole('complementary', { name: 'Record detail' }).locator('.detail-output').waitFor();
    },
  },
  {
    name: 'settings',
    open: async (page) => {
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      await page.getByLabel('Theme').waitFor();
    },
  },
  {
    name: 'trace-list',
    open: async (page) => {
      await page.getByRole('button', { name: 'Traces', exact: true }).click();
      const back = page.getByRole('button', { name: 'Back to the trace list' });
      if (await back.count()) await back.click();
      await page.getByRole('button', { name: /Open trace of A11YWAIT/ }).waitFor();
    },
  },
];

describe('axe-core: no critical or serious violations', () => {
  it('sessions for the screens: a finished chat with a tool call, and one waiting for approval', async () => {
    const { page } = env;
    await openProject(page, env.home.workspace);
    await newSession(page, 'allow-all', 'A11YCHAT print something');
    await page.getByText('Done. It printed').waitFor();
    await newSession(page, 'always-ask', 'A11YWAIT run something');
    await page.getByRole('group', { name: /^Approval needed: exec_command/ }).waitFor();
  });

  for (const theme of ['light', 'dark'] as const)
    it(`${theme} theme: chat, approval, timeline, settings, trace list at 1440 and 800 px`, async () => {
      const { page } = env;
      await setTheme(page, theme);
      const found: string[] = [];
      for (const width of [1440, 800]) {
        await page.setViewportSize({ width, height: 900 });
        for (const s of SCREENS) {
          await s.open(page);
          await page.waitForTimeout(150); // let transitions and the list settle before the rules read colours
          const here = (await violations(page)).map((v) => `[${theme} ${width}px ${s.name}] ${v}`);
          if (here.length) console.log(here.join('\n'));
          found.push(...here);
          await shot(page, `a11y-${s.name}-${theme}-${width}`);
        }
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      expect(found).toEqual([]);
    }, 300_000);
});
