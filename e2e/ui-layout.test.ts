// E2E (issue 12, item 2) in real Chromium: the chat layout from 800 px up — collapsible session sidebar, the
// terminal dock on the right (wide), at the bottom (narrow, or by choice) or hidden, a conversation at least
// 480 px wide, and Stop / Steer visible and clickable (nothing covers them).
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newSession, openProject, reachable, shot, startEnv, stopAfterAll, type Env } from './harness.js';

const call = (name: string, args: object) => ({ reply: { toolCalls: [{ name, arguments: args }] } });
const say = (text: string) => ({ reply: { text, usage: { input: 40, output: 8 } } });

let env: Env;

beforeAll(async () => {
  env = await startEnv({
    WIDEVIEW: (ph) => (ph === 0 ? call('exec_command', { cmd: 'echo wide-output; sleep 30' }) : say('wide done')),
    NARROWVIEW: (ph) => (ph === 0 ? call('exec_command', { cmd: 'echo narrow-output; sleep 30' }) : say('narrow done')),
  });
}, 60_000);

stopAfterAll(() => env, 'ui-layout');

const box = async (l: Locator) => (await l.boundingBox())!;

describe('layout', () => {
  it('1440 px: sidebar, conversation, terminal dock on the right', async () => {
    const { page } = env;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openProject(page, env.home.workspace);
    await newSession(page, 'allow-all', 'WIDEVIEW run something slow');
    await page.locator('.xterm-host').waitFor();
    const conv = await box(page.getByRole('region', { name: 'Conversation' }));
    const dock = await box(page.getByRole('region', { name: 'Terminals' }));
    expect(conv.width).toBeGreaterThanOrEqual(480);
    expect(dock.x).toBeGreaterThanOrEqual(conv.x + conv.width - 1);
    expect(await reachable(page, page.getByRole('button', { name: 'Stop the task' }))).toBe(true);
    // the header's controls wrap rather than run under the dock
    expect(await reachable(page, page.getByLabel('Terminal dock position'))).toBe(true);
    expect(await reachable(page, page.getByRole('button', { name: 'Compact', exact: true }))).toBe(true);
    await shot(page, 'ui-layout-1440-chat');
    await page.getByRole('button', { name: 'Stop the task' }).click();
    await expect.poll(() => page.getByTestId('session-status').textContent()).toBe('aborted');
  });

  it('800 px: dock moves to the bottom, conversation ≥ 480 px, Stop and Steer reachable; sidebar and dock can hide', async () => {
    const { page } = env;
    await page.setViewportSize({ width: 800, height: 700 });
    await newSession(page, 'allow-all', 'NARROWVIEW run something slow');
    await page.locator('.xterm-host').waitFor();
    const convL = page.getByRole('region', { name: 'Conversation' });
    const dockL = page.getByRole('region', { name: 'Terminals' });
    const conv = await box(convL);
    const dock = await box(dockL);
    expect(conv.width).toBeGreaterThanOrEqual(480);
    expect(dock.y).toBeGreaterThanOrEqual(conv.y + conv.height - 1); // below the conversation
    expect(dock.y + dock.height).toBeLessThanOrEqual(701);
    const stop = page.getByRole('button', { name: 'Stop the task' });
    const steerBox = page.getByLabel('Steering message');
    expect(await reachable(page, stop)).toBe(true);
    expect(await reachable(page, steerBox)).toBe(true);
    expect(await reachable(page, page.getByLabel('Terminal dock position'))).toBe(true);
    expect(await reachable(page, page.getByRole('button', { name: 'Compact', exact: true }))).toBe(true);
    await shot(page, 'ui-layout-800-chat');

    // steer is usable: type and the Steer button is reachable
    await steerBox.fill('just checking');
    expect(await reachable(page, page.getByRole('button', { name: 'Steer', exact: true }))).toBe(true);
    await steerBox.fill('');

    // the sidebar collapses and comes back
    await page.getByRole('button', { name: 'Hide sessions' }).click();
    expect(await page.getByRole('complementary', { name: 'Sessions' }).count()).toBe(0);
    expect((await box(convL)).width).toBeGreaterThan(conv.width + 200);
    await shot(page, 'ui-layout-800-no-sidebar');
    await page.getByRole('button', { name: 'Show sessions' }).click();
    await page.getByRole('complementary', { name: 'Sessions' }).waitFor();

    // the dock can be hidden
    await page.getByLabel('Terminal dock position').selectOption('hidden');
    expect(await dockL.count()).toBe(0);
    expect(await reachable(page, stop)).toBe(true);
    await page.getByLabel('Terminal dock position').selectOption('right');
    // "right" does not fit at 800 px: it still sits below
    expect((await box(dockL)).y).toBeGreaterThanOrEqual((await box(convL)).y + (await box(convL)).height - 1);

    await stop.click();
    await expect.poll(() => page.getByTestId('session-status').textContent()).toBe('aborted');

    // the other screens at 800 px: nothing wider than the window (each shown once its content is in)
    const ready: Record<string, Locator> = {
      Projects: page.getByRole('heading', { name: 'Projects', level: 1 }),
      Traces: page.getByRole('button', { name: 'Open trace of NARROWVIEW run something slow' }),
      Settings: page.getByRole('heading', { name: 'Providers' }),
    };
    for (const screen of ['Projects', 'Traces', 'Settings']) {
      await page.getByRole('button', { name: screen, exact: true }).click();
      await ready[screen]!.waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
      await shot(page, `ui-layout-800-${screen.toLowerCase()}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const screen of ['Projects', 'Traces', 'Settings']) {
      await page.getByRole('button', { name: screen, exact: true }).click();
      await ready[screen]!.waitFor();
      await shot(page, `ui-layout-1440-${screen.toLowerCase()}`);
    }
  });
});
