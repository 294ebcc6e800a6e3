// E2E (issue 25, items 1 "disconnected host", 2 "small windows" and 5 "interaction") in real Chromium, each at 1440
// and at 800 px (small windows also at 640 px): a closed WebSocket disables the approval buttons and Send with a
// visible "reconnecting" state and the card survives to be decided after reconnecting; a deny with a reason reaches
// the model as the call's output; queued steering messages show under the composer, one taken back never reaches the
// model; New session focuses the prompt and Esc stops the task; Retry, Edit and Fork from a prompt start a new
// session from the conversation before it; the first provider added becomes the default model; in a small window
// the sidebar starts collapsed, the dock shows only while a command runs and the composer's controls stay whole.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page, WebSocketRoute } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../test/fixtures/model-server.js';
import {
  newSession,
  openProject,
  reachable,
  shot,
  startEnv,
  stopAfterAll,
  terminalLines,
  type Env,
} from './harness.js';

const call = (name: string, args: object) => ({ reply: { toolCalls: [{ name, arguments: args }] } });
const say = (text: string) => ({ reply: { text, usage: { input: 40, output: 8 } } });

/** The request's messages as [role, text] (tool results included). */
function msgs(req: RecordedRequest): { role: string; text: string }[] {
  return ((req.body?.messages ?? []) as { role: string; content?: unknown }[]).map((m) => ({
    role: m.role,
    text: typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? ''),
  }));
}
const userTexts = (req: RecordedRequest) =>
  msgs(req)
    .filter((m) => m.role === 'user')
    .map((m) => m.text);

let env: Env;
/** the page's sockets to the host, and whether new ones are refused (the host "unreachable") */
const sockets: WebSocketRoute[] = [];
let unreachable = false;

beforeAll(async () => {
  env = await startEnv({
    DENYME: (ph, _p, req) =>
      ph === 0
        ? call('exec_command', { cmd: 'echo should-not-run' })
        : say(`model read: ${msgs(req).findLast((m) => m.role === 'tool')?.text ?? '(no tool result)'}`),
    DISCO: (ph) => (ph === 0 ? call('exec_command', { cmd: 'echo after-reconnect' }) : say('decided after reconnect')),
    STEERME: (ph, _p, req) =>
      ph === 0
        ? call('exec_command', { cmd: 'sleep 8; echo slept' })
        : say(`heard: ${userTexts(req).slice(1).join(' | ') || 'nothing'}`),
    ESCME: () => call('exec_command', { cmd: 'sleep 60' }),
    BRANCH: (_ph, prompt) => say(`answer to ${prompt}`),
    TICKS: (ph) =>
      ph === 0
        ? call('exec_command', { cmd: 'for i in $(seq 1 300); do echo tick-$i; sleep 0.1; done', yield_time_ms: 300 })
        : say('ticking'),
    SMALLRUN: (ph) => (ph === 0 ? call('exec_command', { cmd: 'echo small-output; sleep 60' }) : say('small done')),
  });
  // every socket of the page goes through here, so a test can close it and refuse new ones
  await env.page.routeWebSocket(/\/ws/, (ws) => {
    if (unreachable) {
      void ws.close({ code: 4000, reason: 'test: host unreachable' });
      return;
    }
    ws.connectToServer();
    sockets.push(ws);
  });
  await env.page.reload();
  await openProject(env.page, env.home.workspace);
}, 90_000);

stopAfterAll(() => env, 'ui-interaction');

const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
const sessionTitle = (page: Page) => page.getByTestId('session-status').locator('xpath=..').locator('h2');
/** An element lies wholly inside the window and nothing covers it. */
async function whole(page: Page, l: Locator): Promise<boolean> {
  const b = await l.boundingBox();
  const vp = page.viewportSize()!;
  return !!b && b.x >= 0 && b.x + b.width <= vp.width && (await reachable(page, l));
}

for (const width of [1440, 800]) {
  describe(`${width} px`, () => {
    beforeAll(async () => {
      await env.page.setViewportSize({ width, height: width > 800 ? 900 : 700 });
    });

    it('a disconnected host: decisions and Send are disabled, visibly; the card is decided after reconnecting', async () => {
      const { page } = env;
      await newSession(page, 'always-ask', `DISCO ${width} run one command`);
      const card = page.getByRole('group', { name: /^Approval needed: exec_command/ });
      await card.waitFor();
      const allow = card.getByRole('button', { name: 'Allow exec_command', exact: true });
      expect(await allow.isEnabled()).toBe(true);

      unreachable = true;
      for (const ws of sockets.splice(0)) await ws.close({ code: 4000, reason: 'test: connection dropped' });
      await page.getByTestId('disconnected').waitFor();
      await expect.poll(() => allow.isDisabled()).toBe(true);
      expect(await card.getByRole('button', { name: 'Deny exec_command', exact: true }).isDisabled()).toBe(true);
      await card.getByText('Disconnected — reconnecting…').waitFor();
      // pressing A on the card decides nothing while disconnected
      await card.focus();
      await page.keyboard.press('a');
      const box = page.getByLabel('Steering message', { exact: true });
      await box.fill('typed while offline');
      expect(await page.getByRole('button', { name: 'Steer', exact: true }).isDisabled()).toBe(true);
      await page.getByText('Your text stays here until it can be sent.').waitFor();
      await shot(page, `ui-25-disconnected-${width}`);

      unreachable = false;
      await page.getByTestId('disconnected').waitFor({ state: 'detached', timeout: 30_000 });
      // the card is still there (re-sent by the host on reconnect) and now decides
      await expect.poll(() => allow.isEnabled()).toBe(true);
      expect(await box.inputValue()).toBe('typed while offline');
      await box.fill('');
      await allow.click();
      await page.getByText('decided after reconnect').waitFor();
      await expect.poll(() => page.getByTestId('tool-output').last().textContent()).toContain('after-reconnect');
    });

    it('a pane keeps getting its command live after the connection came back (the new connection watches it)', async () => {
      const { page } = env;
      await newSession(page, 'allow-all', `TICKS ${width} print for a while`);
      const lastTick = async () => {
        const ticks = (await terminalLines(page)).map((l) => /^tick-(\d+)$/.exec(l.trim())?.[1]).filter(Boolean);
        return Number(ticks.at(-1) ?? 0);
      };
      await expect.poll(lastTick, { timeout: 20_000 }).toBeGreaterThan(3);
      unreachable = true;
      for (const ws of sockets.splice(0)) await ws.close({ code: 4000, reason: 'test: connection dropped' });
      await page.getByTestId('disconnected').waitFor();
      unreachable = false;
      await page.getByTestId('disconnected').waitFor({ state: 'detached', timeout: 30_000 });
      const atReconnect = await lastTick();
      // live data again: ticks printed after the reconnect reach the pane (1 a 0.1 s)
      await expect.poll(lastTick, { timeout: 20_000 }).toBeGreaterThan(atReconnect + 10);
    });

    it('deny with a reason: the model reads it as the tool result', async () => {
      const { page } = env;
      await newSession(page, 'always-ask', `DENYME ${width} try it`);
      const card = page.getByRole('group', { name: /^Approval needed: exec_command/ });
      await card.waitFor();
      await card.getByRole('button', { name: 'Deny with a reason' }).click();
      const why = card.getByLabel("Why not? The model reads this as the call's result.");
      await why.fill(`use the staging db (${width})`);
      await shot(page, `ui-25-deny-reason-${width}`);
      await why.press('Enter');
      const expected = `model read: Tool call denied by user. Reason: use the staging db (${width})`;
      await page.getByText(expected).waitFor();
      const last = env.model.requests.at(-1)!;
      expect(msgs(last).findLast((m) => m.role === 'tool')?.text).toBe(
        `Tool call denied by user. Reason: use the staging db (${width})`,
      );
      expect(await page.getByTestId('tool-output').last().textContent()).not.toContain('should-not-run');
    });

    it('queued steering messages show under the composer; one removed never reaches the model', async () => {
      const { page } = env;
      await newSession(page, 'allow-all', `STEERME ${width} sleep a while`);
      await page.locator('.tool-card[data-status="running"]').waitFor();
      const box = page.getByLabel('Steering message', { exact: true });
      await box.fill(`first steer ${width}`);
      await box.press('Enter');
      await box.fill(`second steer ${width}`);
      await box.press('Enter');
      const queue = page.getByRole('list', { name: 'Queued steering messages' });
      await expect.poll(() => queue.getByRole('listitem').count()).toBe(2);
      await shot(page, `ui-25-steer-queue-${width}`);
      await queue.getByRole('button', { name: `Remove queued message: second steer ${width}` }).click();
      await expect.poll(() => queue.getByRole('listitem').count()).toBe(1);
      await page.getByText(`heard: first steer ${width}`, { exact: true }).waitFor({ timeout: 30_000 });
      expect(await queue.count()).toBe(0);
      expect(env.model.requests.some((r) => userTexts(r).some((t) => t.includes(`second steer ${width}`)))).toBe(false);
    });

    it('keyboard: New session focuses the prompt; Esc stops the running task', async () => {
      const { page } = env;
      const show = page.getByRole('button', { name: 'Show sessions' });
      if (await show.count()) await show.click();
      await page.getByRole('button', { name: 'New session' }).click();
      await expect.poll(() => focusedLabel(page)).toBe('Prompt');
      await page.getByText('Empty session. Write a prompt below.').waitFor();
      await page.keyboard.type(`ESCME ${width} wait forever`);
      await page.keyboard.press('Enter');
      await page.locator('.tool-card[data-status="running"]').waitFor();
      await expect.poll(() => focusedLabel(page)).toBe('Steering message');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('session-status').textContent()).toBe('aborted');
      await page.getByText('You stopped the task.').waitFor();
      await shot(page, `ui-25-esc-stopped-${width}`);
    });

    it('Retry, Edit and Fork from a prompt start a new session from the conversation before it', async () => {
      const { page } = env;
      await newSession(page, 'allow-all', `BRANCH one ${width}`);
      await page.getByText(`answer to BRANCH one ${width}`).waitFor();
      await page.getByLabel('Prompt').fill(`BRANCH two ${width}`);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByText(`answer to BRANCH two ${width}`).waitFor();
      const original = await sessionTitle(page).getAttribute('title');
      const prompt = (text: string) => page.locator('.msg.user', { hasText: text });

      // Retry: the same prompt again, with only what came before it
      await prompt(`BRANCH two ${width}`).hover();
      await shot(page, `ui-25-prompt-actions-${width}`);
      const before = env.model.requests.length;
      await prompt(`BRANCH two ${width}`).getByRole('button', { name: 'Retry from here' }).click();
      await expect.poll(() => sessionTitle(page).getAttribute('title')).not.toBe(original);
      await expect.poll(() => sessionTitle(page).textContent()).toContain('(retry)');
      await expect.poll(() => env.model.requests.length).toBe(before + 1);
      expect(userTexts(env.model.requests.at(-1)!)).toEqual([`BRANCH one ${width}`, `BRANCH two ${width}`]);
      await page.getByText(`answer to BRANCH two ${width}`).waitFor();
      expect(await prompt(`BRANCH two ${width}`).count()).toBe(1);

      // Edit: the edited prompt in place of the old one
      await prompt(`BRANCH two ${width}`).hover();
      await prompt(`BRANCH two ${width}`).getByRole('button', { name: 'Edit and resend' }).click();
      const edited = page.getByLabel('Edited message');
      await edited.fill(`BRANCH three ${width}`);
      await shot(page, `ui-25-edit-prompt-${width}`);
      await page.getByRole('button', { name: 'Send edited' }).click();
      await page.getByText(`answer to BRANCH three ${width}`).waitFor();
      await expect.poll(() => sessionTitle(page).textContent()).toBe(`BRANCH one ${width} (edited)`);
      expect(userTexts(env.model.requests.at(-1)!)).toEqual([`BRANCH one ${width}`, `BRANCH three ${width}`]);
      expect(await prompt(`BRANCH two ${width}`).count()).toBe(0);

      // Fork: the conversation before the prompt, the prompt waiting in the composer, nothing sent
      const sent = env.model.requests.length;
      await prompt(`BRANCH three ${width}`).hover();
      await prompt(`BRANCH three ${width}`).getByRole('button', { name: 'Fork from here' }).click();
      await expect.poll(() => sessionTitle(page).textContent()).toContain('(fork)');
      await expect.poll(() => page.getByLabel('Prompt').inputValue()).toBe(`BRANCH three ${width}`);
      await page.getByText(`answer to BRANCH one ${width}`).waitFor();
      expect(await prompt(`BRANCH three ${width}`).count()).toBe(0);
      expect(env.model.requests.length).toBe(sent);
      await shot(page, `ui-25-forked-${width}`);

      // the original session is still there, unchanged
      const show = page.getByRole('button', { name: 'Show sessions' });
      if (await show.count()) await show.click();
      const list = page.getByRole('complementary', { name: 'Sessions' });
      expect(await list.getByText(`BRANCH one ${width}`, { exact: true }).count()).toBe(1);
    });

    it('the first provider added becomes the default model', async () => {
      const { page } = env;
      const file = join(env.home.home, 'config.yaml');
      const saved = readFileSync(file, 'utf8');
      try {
        writeFileSync(file, 'providers: []\n', { mode: 0o600 });
        await page.getByRole('button', { name: 'Settings', exact: true }).click();
        await page.reload();
        await page.getByRole('heading', { name: 'Providers' }).waitFor();
        await page.getByLabel('Name', { exact: true }).fill(`first${width}`);
        await page.getByLabel('Base URL', { exact: true }).fill(env.model.openaiBaseUrl);
        await page.getByLabel('Model id').fill('m1');
        await page.getByRole('button', { name: 'Add provider' }).click();
        await page.getByRole('button', { name: `Edit provider first${width}` }).waitFor();
        await expect.poll(() => page.getByLabel('Default model').inputValue()).toBe(`first${width}/m1`);
        expect(readFileSync(file, 'utf8')).toContain(`default_model: first${width}/m1`);
        await shot(page, `ui-25-first-provider-default-${width}`);
      } finally {
        writeFileSync(file, saved.replace('default_model: mock/m1', ''), { mode: 0o600 });
      }
      // the file as it was, and the host told: choosing the default in Settings reloads its configuration
      await page.reload();
      await page.getByRole('heading', { name: 'Providers' }).waitFor();
      await page.getByLabel('Default model').selectOption('mock/m1');
      await expect.poll(() => readFileSync(file, 'utf8')).toContain('default_model: mock/m1');
      await page.getByRole('button', { name: `Edit provider first${width}` }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Chat', exact: true }).click();
    });
  });
}

describe('small windows', () => {
  const run = async (page: Page, width: number) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 700 });
    await newSession(page, 'allow-all', `SMALLRUN ${width} something slow`);
    await page.locator('.xterm-host').waitFor();
  };

  it('1440 px: the sidebar is shown and the dock stays on the right, also once nothing runs', async () => {
    const { page } = env;
    await run(page, 1440);
    await page.getByRole('complementary', { name: 'Sessions' }).waitFor();
    await page.getByRole('button', { name: 'Stop the task' }).click();
    await expect.poll(() => page.getByTestId('session-status').textContent()).toBe('aborted');
    expect(await page.getByRole('region', { name: 'Terminals' }).count()).toBe(1);
    await shot(page, 'ui-25-small-1440-idle');
  });

  for (const width of [800, 640]) {
    it(`${width} px: sidebar collapsed, dock only while a command runs, composer controls whole`, async () => {
      const { page } = env;
      await run(page, width); // newSession opens the sidebar to start a session
      await page.getByRole('button', { name: 'Hide sessions' }).click();
      expect(await page.getByRole('complementary', { name: 'Sessions' }).count()).toBe(0);

      const dock = page.getByRole('region', { name: 'Terminals' });
      const transcript = page.getByTestId('transcript');
      expect(await dock.count()).toBe(1);
      const running = (await transcript.boundingBox())!;
      expect(running.height).toBeGreaterThanOrEqual(260);
      for (const l of [
        page.getByRole('button', { name: 'Stop the task' }),
        page.getByRole('button', { name: 'Steer', exact: true }),
        page.getByLabel('Steering message', { exact: true }),
        page.getByLabel('Session model'),
        page.getByLabel('Approval', { exact: true }),
      ])
        expect(await whole(page, l)).toBe(true);
      await page.getByLabel('Steering message', { exact: true }).fill('x');
      expect(await whole(page, page.getByRole('button', { name: 'Steer', exact: true }))).toBe(true);
      await page.getByLabel('Steering message', { exact: true }).fill('');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(page, `ui-25-small-${width}-running`);

      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('session-status').textContent()).toBe('aborted');
      // nothing runs: the dock hides, the transcript takes its place, a button brings the terminals back
      await expect.poll(() => dock.count()).toBe(0);
      expect((await transcript.boundingBox())!.height).toBeGreaterThan(running.height + 80);
      for (const l of [page.getByRole('button', { name: 'Send', exact: true }), page.getByLabel('Session model')])
        expect(await whole(page, l)).toBe(true);
      await shot(page, `ui-25-small-${width}-idle`);
      await page.getByRole('button', { name: 'Show terminals' }).click();
      await dock.waitFor();
      await page.getByRole('button', { name: 'Hide terminals' }).click();
      await expect.poll(() => dock.count()).toBe(0);

      // the sidebar comes back with its toggle, and after a reload starts collapsed again
      await page.getByRole('button', { name: 'Show sessions' }).click();
      await page.getByRole('complementary', { name: 'Sessions' }).waitFor();
      await shot(page, `ui-25-small-${width}-sidebar`);
      await page.reload();
      await page.getByLabel('Prompt').waitFor();
      expect(await page.getByRole('complementary', { name: 'Sessions' }).count()).toBe(0);
    });
  }
});
