// End-to-end (issue 19) in headless Chromium against a real `floe web` whose commands run in the real sandbox: a
// command in mode auto runs unasked, but the domain it wants is not allowed, so the egress proxy asks — an approval
// card for `network` naming the domain, on the command's own tool card. Denied, the tool card shows the blocked
// domain as a violation with "Allow <domain> in this project"; one click adds the project rule (Settings lists it),
// and the same command in a new session goes past the rule without any card (the name does not resolve on this
// machine, so the proxy's answer is "could not be resolved" instead of "not allowed").
import { describe, expect, it, beforeAll } from 'vitest';
import { newSession, openProject, shot, startEnv, stopAfterAll, type Env } from './harness.js';

const DOMAIN = 'pkgs.floe-e2e.test';
const CMD = `curl -sS http://${DOMAIN}/index.json; echo END`;
const call = (cmd: string) => ({ reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd } }] } });
const say = (text: string) => ({ reply: { text } });

let env: Env;
beforeAll(async () => {
  env = await startEnv({
    NETFIRST: (phase) => (phase === 0 ? call(CMD) : say('First fetch done.')),
    NETAGAIN: (phase) => (phase === 0 ? call(CMD) : say('Second fetch done.')),
  });
}, 60_000);

stopAfterAll(() => env, 'sandbox-network');

describe('a blocked domain on the tool card', () => {
  it('asks naming the domain, shows the violation, and one click makes the project rule', async () => {
    const { page } = env;
    await openProject(page, env.home.workspace);
    await newSession(page, 'auto', 'NETFIRST fetch the index');
    const tool = page.locator('.tool-card[data-kind="tool"]').first();
    const card = tool.locator('.approval');
    await card.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => card.getByTestId('uncovered').locator('li').allInnerTexts())
      .toEqual([`${DOMAIN} — no network rule allows this domain`]);
    await card.getByRole('button', { name: `Always allow ${DOMAIN} in this project` }).waitFor();
    await shot(page, 'sandbox-network-01-ask');
    await card.getByRole('button', { name: 'Deny network' }).click();
    await page.getByText('First fetch done.').waitFor();

    const violations = tool.getByTestId('violations');
    await expect
      .poll(() => violations.locator('li').allInnerTexts())
      .toEqual([expect.stringMatching(new RegExp(`^blocked domain ${DOMAIN.replace(/\./g, '\\.')} — ${DOMAIN}`))]);
    expect(await tool.getByTestId('tool-output').innerText()).toMatch(/Floe sandbox: .* is not allowed[\s\S]*END/);
    await shot(page, 'sandbox-network-02-violation');
    await violations.getByRole('button', { name: `Allow ${DOMAIN} in this project` }).click();
    await violations.getByRole('status').filter({ hasText: 'allowed in this project' }).waitFor();

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: `Remove rule allow network ${DOMAIN}` }).waitFor();

    // the rule holds: no card, no violation; the proxy went on to resolve the name
    await newSession(page, 'auto', 'NETAGAIN fetch the index again');
    await page.getByText('Second fetch done.').waitFor();
    expect(await page.locator('.approval').count()).toBe(0);
    const again = page.locator('.tool-card[data-kind="tool"]').first();
    expect(await again.getByTestId('tool-output').innerText()).toMatch(
      new RegExp(`Floe sandbox: ${DOMAIN.replace(/\./g, '\\.')} could not be resolved`),
    );
    expect(await again.getByTestId('violations').count()).toBe(0);
    await shot(page, 'sandbox-network-03-rule-holds');
  });
});
