// Desktop smoke test: the real Electron app through Playwright's Electron launcher, on a temp FLOE_HOME wired to the
// scripted model server — open a folder (the native dialog answered from the main process), start an always-ask
// session, approve the command on its card, see the command's output in a pane and the answer. It runs whenever
// Electron's binary is installed (node_modules/electron/path.txt) and a display is available; otherwise it prints
// why it did not run, on stderr and as the skip note, so it never passes for a silent skip.
import { _electron, type ElectronApplication } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { APP_ROOT, buildDesktop, electronBinaryPath, provisionForElectron } from '../main/cli/desktop.js';
import { startModelServer } from '../test/fixtures/model-server.js';
import { tempHome } from '../test/helpers/cli.js';
import { newSession, scriptFor, terminalLines } from './harness.js';

/** Why the smoke test cannot run on this machine, or null when it can (pure over what it is given). */
export function smokeBlocker(o: { binary: string | null; platform: string; env: NodeJS.ProcessEnv }): string | null {
  if (!o.binary) {
    return "Electron's binary is not installed (node_modules/electron/path.txt is missing; `npx install-electron` fetches it)";
  }
  if (o.platform === 'linux' && !o.env.DISPLAY && !o.env.WAYLAND_DISPLAY) {
    return 'no display (DISPLAY and WAYLAND_DISPLAY are unset): run the tests under `xvfb-run -a`';
  }
  return null;
}

describe('desktop app (Electron)', () => {
  it('opens on a temp FLOE_HOME, runs a session, an approval is decided, a pane shows the output', async (ctx) => {
    const binary = electronBinaryPath();
    const blocker = smokeBlocker({ binary, platform: process.platform, env: process.env });
    if (blocker) {
      process.stderr.write(`\n*** desktop smoke test NOT RUN: ${blocker}. ***\n\n`);
      ctx.skip(`NOT RUN: ${blocker}`);
    }
    const lines: string[] = [];
    const native = await provisionForElectron(binary!, APP_ROOT, (l) => lines.push(l));
    expect(native, lines.join('\n')).toMatchObject({ ok: true });
    expect(buildDesktop(APP_ROOT), 'electron-vite build').toBe(0);

    const model = await startModelServer(
      scriptFor({
        SMOKE: (phase) =>
          phase === 0
            ? { reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd: 'echo smoke-$((40+2))' } }] } }
            : { reply: { text: 'Smoke test answered.' } },
      }),
    );
    const home = tempHome({ baseUrl: model.openaiBaseUrl });
    let app: ElectronApplication | undefined;
    const watchdog = setTimeout(() => void app?.close(), 150_000);
    try {
      const env = { ...process.env, FLOE_HOME: home.home, FLOE_RETRY_SCHEDULE_MS: '20,20,20,20,20' } as Record<
        string,
        string
      >;
      delete env.ELECTRON_RUN_AS_NODE;
      delete env.ELECTRON_RENDERER_URL;
      const args = process.platform === 'linux' && process.getuid?.() === 0 ? ['--no-sandbox', APP_ROOT] : [APP_ROOT];
      app = await _electron.launch({ executablePath: binary!, args, cwd: APP_ROOT, env, timeout: 60_000 });
      // the native folder dialog cannot be clicked: answer it from the main process
      await app.evaluate(({ dialog }, dir) => {
        dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [dir] })) as typeof dialog.showOpenDialog;
      }, home.workspace);
      const page = await app.firstWindow();
      page.setDefaultTimeout(20_000);
      await page.getByRole('heading', { name: 'Projects' }).waitFor();
      await page.getByRole('button', { name: 'Open folder…' }).click();
      await page.getByRole('button', { name: 'New session' }).waitFor();
      await newSession(page, 'always-ask', 'SMOKE run the command');
      const card = page.locator('.approval').first();
      await card.getByRole('button', { name: 'Allow exec_command', exact: true }).click();
      await expect
        .poll(async () => (await terminalLines(page)).map((l) => l.trim()), { timeout: 20_000 })
        .toContain('smoke-42');
      await page.getByText('Smoke test answered.').waitFor();
    } finally {
      clearTimeout(watchdog);
      await app?.close().catch(() => undefined);
      await model.close();
      home.cleanup();
    }
  }, 240_000);
});

describe('smokeBlocker', () => {
  it('names the missing binary, then a missing display on Linux, else nothing', () => {
    expect(smokeBlocker({ binary: null, platform: 'linux', env: { DISPLAY: ':0' } })).toMatch(
      /^Electron's binary is not installed/,
    );
    expect(smokeBlocker({ binary: '/e', platform: 'linux', env: {} })).toMatch(/^no display/);
    expect(smokeBlocker({ binary: '/e', platform: 'linux', env: { DISPLAY: ':99' } })).toBeNull();
    expect(smokeBlocker({ binary: '/e', platform: 'darwin', env: {} })).toBeNull();
  });
});
