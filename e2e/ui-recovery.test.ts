// E2E (issue 25, recovery) in real Chromium: a provider's base URL changed in Settings reaches the session already
// open (it kept calling the old address); a failed request is named by the latest attempt's class ("connection
// refused", not "timeout"); the 401 banner goes away when a later attempt fails differently, and stays away after
// a reload; retries share one line, and after the last one a Retry button runs the conversation again. Screenshots at 1440 and 800 px.
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { newSession, openProject, shot, startEnv, stopAfterAll, type Env } from './harness.js';

let env: Env;

beforeAll(async () => {
  // HELLO first: failed prompts stay in the conversation, joined with the next one into one user message
  env = await startEnv({
    HELLO: () => ({ reply: { text: 'hello back', usage: { input: 10, output: 2 } } }),
    AUTHFAIL: () => ({ error: { status: 401 } }),
  });
}, 60_000);
stopAfterAll(() => env, 'ui-recovery');

async function refusedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('recovery', () => {
  it('a fixed base URL reaches the open session; failures are named by class; a stale 401 banner goes', async () => {
    const { page } = env;
    await openProject(page, env.home.workspace);
    await newSession(page, 'allow-all', 'AUTHFAIL say hi');
    const authBanner = page.getByRole('alert').filter({ hasText: 'The provider refused the credentials' });
    await authBanner.waitFor();

    const setBaseUrl = async (url: string) => {
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      await page.getByRole('button', { name: 'Edit provider mock' }).click();
      const form = page.getByRole('form', { name: 'Edit provider mock' });
      await form.getByLabel('Base URL', { exact: true }).fill(url);
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await form.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Chat', exact: true }).click();
    };
    const send = async (prompt: string) => {
      await page.getByLabel('Prompt').fill(prompt);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
    };
    const failures = page.locator('.req-line .chip.bad');

    // the same open session now calls the dead address: refused, named so, and the 401 banner is gone
    const port = await refusedPort();
    await setBaseUrl(`http://127.0.0.1:${port}/v1`);
    await send('HELLO first');
    await page.getByRole('alert').filter({ hasText: 'The task failed' }).waitFor({ timeout: 30_000 });
    // six attempts, one line: the latest attempt's class and its count
    expect(await failures.allTextContents()).toEqual(['bad API key', 'connection refused']);
    expect(await page.locator('.req-line').last().textContent()).toContain('attempt 6');
    expect(await authBanner.count()).toBe(0);
    await shot(page, 'ui-25-recovery-refused-1440');
    await page.setViewportSize({ width: 800, height: 900 });
    await shot(page, 'ui-25-recovery-refused-800');
    await page.setViewportSize({ width: 1440, height: 900 });

    // fixed in Settings: Retry answers the same prompt in the open session, through the fixed address
    await setBaseUrl(env.model.openaiBaseUrl);
    await page.getByRole('button', { name: 'Retry the task' }).click();
    await page.getByText('hello back').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'The task failed' }).count()).toBe(0);

    // a reload rebuilds the transcript from the trace: still no 401 banner
    await page.reload();
    await page.getByText('hello back').waitFor();
    expect(await authBanner.count()).toBe(0);
  });
});
