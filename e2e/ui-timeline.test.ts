// E2E (issue 12, item 8) in real Chromium: timeline rows read as the command (not raw JSON); a tool row's detail
// shows the call, who approved it and when, under which approval mode and rule, its duration, exit code and
// output, with the raw record behind a toggle; an idle stretch between turns (an imported fixture) is collapsed.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newSession, openProject, reachable, shot, startEnv, stopAfterAll, type Env } from './harness.js';

const call = (name: string, args: object) => ({ reply: { toolCalls: [{ name, arguments: args }] } });
const say = (text: string) => ({ reply: { text, usage: { input: 40, output: 8 } } });

const IDLE_GAP = path.resolve(
  import.meta.dirname,
  '../test/fixtures/traces/idle-gap/session-2026-11-20-10-00-00-1d1e9a90_001.jsonl',
);

let env: Env;

beforeAll(async () => {
  env = await startEnv({
    TIMELINE: (ph) =>
      ph === 0
        ? call('exec_command', { cmd: 'echo "timeline-out"; exit 2' })
        : ph === 1
          ? call('exec_command', { cmd: 'echo by-rule' })
          : say('it exited with 2'),
  });
}, 60_000);

stopAfterAll(() => env, 'ui-timeline');

describe('timeline', () => {
  it('readable row label; detail with approval (who, when, mode, rule), duration, exit code and output; raw behind a toggle', async () => {
    const { page } = env;
    await openProject(page, env.home.workspace);
    await newSession(page, 'always-ask', 'TIMELINE run and fail');
    // allowed by the person for the session: the second call goes through by that session rule
    await page
      .getByRole('group', { name: /^Approval needed: exec_command/ })
      .getByRole('button', { name: 'Allow exec_command for this session', exact: true })
      .click();
    await page.getByText('it exited with 2').waitFor();
    await page.getByRole('button', { name: 'Traces', exact: true }).click();
    await page.getByRole('button', { name: /Open trace of TIMELINE/ }).click();
    const toolRow = page.locator('.tl-row[data-kind="tool"]').first();
    await toolRow.waitFor();
    expect(await toolRow.locator('.tl-detail').textContent()).toBe('echo "timeline-out"; exit 2');
    await toolRow.click();
    const pane = page.getByRole('complementary', { name: 'Record detail' });
    await pane.getByText('exit code: 2').waitFor();
    await pane.getByText(/^allow by human at /).waitFor();
    const fact = (name: string) =>
      pane.locator('dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');
    expect(await fact('approval mode').textContent()).toBe('always-ask');
    expect(await fact('rule').count()).toBe(0);
    expect(await fact('duration').textContent()).toMatch(/^\d+(\.\d)? (ms|s)$/);
    expect(await fact('exit').textContent()).toBe('exit code: 2');
    expect(await pane.locator('.detail-output').textContent()).toBe('timeline-out');
    await pane.getByLabel('Command', { exact: true }).getByText('echo "timeline-out"; exit 2').waitFor();
    expect(await pane.locator('.detail-raw').isVisible()).toBe(false);
    // at zoom 1× the whole trace fits beside the labels, the detail pane open: no sideways scrolling
    const overflow = () => page.getByTestId('tl-scroll').evaluate((el) => el.scrollWidth - el.clientWidth);
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'ui-10-timeline-detail');
    // at 800 px the detail pane is still in view beside (or under) the rows, its close button uncovered
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(() => reachable(page, pane.getByRole('button', { name: 'Close detail' }))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'ui-10-timeline-detail-800');
    await page.setViewportSize({ width: 1440, height: 900 });
    await pane.getByText('Raw record').click();
    await expect.poll(() => pane.locator('.detail-raw').isVisible()).toBe(true);

    // the second call: decided by the session rule the person's choice added, under the same mode
    const ruleRow = page.locator('.tl-row[data-kind="tool"]').nth(1);
    expect(await ruleRow.locator('.tl-detail').textContent()).toBe('echo by-rule');
    await ruleRow.click();
    await pane.getByText(/^allow by rule at /).waitFor();
    expect(await fact('approval mode').textContent()).toBe('always-ask');
    expect(await fact('rule').textContent()).toMatch(/^allow exec_command \(session rule rule-[0-9a-f]+\)$/);
    await shot(page, 'ui-10b-timeline-detail-rule');
  });

  it('an idle stretch between turns is collapsed on the axis and marked', async () => {
    const { page } = env;
    // a session whose second prompt came 11.5 s after the first turn (a fixture: no real 11.5 s wait)
    await page.getByRole('button', { name: 'Traces', exact: true }).click();
    const back = page.getByRole('button', { name: 'Back to the trace list' });
    if (await back.count()) await back.click();
    await page.getByLabel('Import a trace file').setInputFiles([IDLE_GAP]);
    await page.locator('.tl-row[data-kind="request"]').nth(1).waitFor();
    await page.getByText(/⋯ idle 1[12]\.\d s/).waitFor();
    // the marker sits between the two turns on the axis
    const bars = await page
      .locator('.tl-row[data-kind="request"] .tl-bar')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).offsetLeft));
    const gapAt = await page.locator('.tl-gap').evaluate((e) => (e as HTMLElement).offsetLeft - 340); // minus the label column
    expect(bars.length).toBe(2);
    expect(gapAt).toBeGreaterThan(bars[0]!);
    expect(gapAt).toBeLessThan(bars[1]!);
    await shot(page, 'ui-12-timeline-idle-gap');
  });
});
