// E2E (issue 12, names/sessions) in real Chromium: a prompt typed and sent right after clicking "New session" —
// while the host has not answered sessions.create yet — goes to the new session; the session that was on screen is
// left as it was. The page's WebSocket is routed through Playwright so the create answer can be held back until
// the prompt was sent: the race is made certain, not left to timing.
import type { WebSocketRoute } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newSession, openProject, shot, startEnv, type Env } from './harness.js';

const say = (text: string) => ({ reply: { text, usage: { input: 40, output: 8 } } });

let env: Env;
/** page → host frames, as parsed JSON */
const sent: { id?: number; method?: string; params?: any }[] = [];
let holdCreate = false;
const held: { frame: string; server: WebSocketRoute }[] = [];

beforeAll(async () => {
  env = await startEnv({
    OLDTOPIC: () => say('old topic answered'),
    FRESHTOPIC: () => say('fresh topic answered'),
  });
  await env.page.routeWebSocket(/\/ws(\?|$)/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      const text = typeof m === 'string' ? m : m.toString('utf8');
      const frame = JSON.parse(text) as (typeof sent)[number];
      sent.push(frame);
      if (holdCreate && frame.method === 'sessions.create') held.push({ frame: text, server });
      else server.send(m);
    });
    server.onMessage((m) => ws.send(m));
  });
  await env.page.reload();
}, 60_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && env)
    await shot(env.page, `FAILED-ui-new-session-${ctx.task.name.slice(0, 30).replace(/[^a-z0-9]+/gi, '-')}`).catch(
      () => undefined,
    );
});
afterAll(async () => {
  for (const h of held.splice(0)) h.server.send(h.frame);
  await env?.stop();
});

const runsOf = (sessionId: string) =>
  sent.filter((f) => f.method === 'sessions.run' && f.params?.sessionId === sessionId).map((f) => f.params.prompt);

describe('New session, then type at once', () => {
  it('the prompt lands in the new session even when it is sent before the session exists', async () => {
    const { page } = env;
    await openProject(page, env.home.workspace);
    await newSession(page, 'allow-all', 'OLDTOPIC the first session');
    await page.getByText('old topic answered').waitFor();
    await expect.poll(() => page.getByTestId('session-status').textContent()).toBe('completed');
    const oldId = (await page.getByRole('heading', { name: 'OLDTOPIC the first session' }).getAttribute('title'))!;
    expect(oldId).toBeTruthy();

    holdCreate = true;
    await page.getByRole('button', { name: 'New session' }).click();
    await expect.poll(() => held.length).toBe(1);
    // the old session is still on screen; the person types into its composer and sends
    await page.getByLabel('Prompt').fill('FRESHTOPIC typed at once');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByLabel('Prompt').inputValue()).toBe('');
    expect(runsOf(oldId)).toEqual(['OLDTOPIC the first session']);

    holdCreate = false;
    for (const h of held.splice(0)) h.server.send(h.frame);
    const heading = page.getByRole('heading', { name: 'FRESHTOPIC typed at once' });
    await heading.waitFor();
    await page.getByText('fresh topic answered').waitFor();
    const newId = (await heading.getAttribute('title'))!;
    expect(newId).not.toBe(oldId);
    expect(runsOf(newId)).toEqual(['FRESHTOPIC typed at once']);
    expect(runsOf(oldId)).toEqual(['OLDTOPIC the first session']);

    // the old session is unchanged: its own prompt and answer, nothing of the new one
    await page.getByRole('button', { name: 'Open session OLDTOPIC the first session' }).click();
    await page.getByRole('heading', { name: 'OLDTOPIC the first session' }).waitFor();
    const transcript = page.getByTestId('transcript');
    await transcript.getByText('old topic answered').waitFor();
    expect(await transcript.getByText(/FRESHTOPIC|fresh topic answered/).count()).toBe(0);
  });
});
