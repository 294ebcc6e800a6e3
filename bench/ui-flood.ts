// Benchmark: UI flood — `floe web` in this process (createHost + startWebServer serving out/renderer), the real
// renderer in headless Debian Chromium (playwright-core), a session in allow-all mode whose scripted model runs
// `exec_command yes` into the background; the pane receives the flood for FLOOD_MS. Figure: the host process's
// event-loop delay p99 during the flood (goal < 50 ms), vs the same page idle; RSS sampled too.
// Must not touch the user's FLOE_HOME; kills the command, the browser and the servers in `finally`.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { createHost, type HostService } from '../main/host/index.js';
import { startWebServer, type WebServer } from '../main/web/index.js';
import { startModelServer } from '../test/fixtures/model-server.js';
import { tempHome } from '../test/helpers/cli.js';
import { idleLoop, sampleRss, sleep, watchLoop } from './lib/loop.js';
import { machine } from './lib/output.js';
import { makeResult, type BenchResult } from './lib/result.js';

const FLOOD_MS = 10_000;
const IDLE_MS = 5_000;
const RENDERER = resolve(import.meta.dirname, '../out/renderer');
const CHROMIUM = '/usr/bin/chromium';

export async function run(): Promise<BenchResult[]> {
  if (!existsSync(join(RENDERER, 'index.html'))) {
    throw new Error(`the renderer is not built (${RENDERER}/index.html is missing): run \`npm run build:renderer\` first`);
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install it with \`apt-get install -y chromium\``);
  const model = await startModelServer([
    { reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd: 'yes', yield_time_ms: 500 } }] } },
    { reply: { text: 'yes is flooding in the background.' } },
  ]);
  const env = tempHome({ baseUrl: model.openaiBaseUrl, systemConfig: 'system_prompt: benchmark agent\n' });
  const profile = mkdtempSync(join(tmpdir(), 'floe-bench-chromium-'));
  let host: HostService | undefined;
  let web: WebServer | undefined;
  let ctx: BrowserContext | undefined;
  let sessionId: string | undefined;
  let processId: string | undefined;
  try {
    host = createHost({ home: env.home, mode: 'web' });
    web = await startWebServer({ hostService: host, staticDir: RENDERER });
    let chars = 0;
    const off = host.onEvent((event, payload) => {
      const p = payload as { sessionId?: string; processId?: string; data?: string; id?: string };
      if (event === 'terminal.started' && !processId) {
        processId = p.id;
        sessionId = p.sessionId;
      }
      if (event === 'terminal.data' && p.processId === processId) chars += p.data?.length ?? 0;
    });
    ctx = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1440, height: 900 },
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    page.setDefaultTimeout(20_000);
    await page.goto(web.url);
    // the real UI: open the workspace as a project, start an allow-all session, send the prompt
    await page.getByRole('button', { name: 'Projects', exact: true }).click();
    await page.getByLabel('Open folder (absolute path)').fill(env.workspace);
    await page.getByRole('button', { name: 'Open this folder' }).click();
    await page.getByRole('button', { name: 'New session' }).waitFor();
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    await page.getByLabel('Approval mode').selectOption('allow-all');
    await sleep(500);
    const idle = await idleLoop(IDLE_MS);
    const idleRss = process.memoryUsage.rss() / 2 ** 20;

    await page.getByRole('button', { name: 'New session' }).click();
    await page.getByLabel('Prompt').fill('FLOOD the terminal');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('.xterm-host').waitFor();
    for (let i = 0; i < 100 && !processId; i++) await sleep(100);
    if (!processId) throw new Error('no terminal.started event for the flood command');
    await sleep(1000); // let the task reach its background phase

    const rss = sampleRss(250);
    const w = watchLoop();
    const chars0 = chars;
    const stats0 = await page.evaluate(() => (globalThis as any).__floeTermStats ?? { received: 0, acked: 0 });
    await sleep(FLOOD_MS);
    const flood = w.stop();
    const mem = rss.stop();
    const stats1 = await page.evaluate(() => (globalThis as any).__floeTermStats ?? { received: 0, acked: 0 });
    const sent = chars - chars0;
    off();
    if (sent < 100_000) throw new Error(`the pane received only ${sent} chars in ${FLOOD_MS / 1000} s; the flood did not reach it`);
    return [
      makeResult({
        name: 'ui-flood',
        title: 'UI flood: host event-loop delay while a pane receives `yes` for 10 s (browser mode, real Chromium)',
        date: new Date().toISOString(),
        machine: machine(),
        baseline: { label: `host + page idle for ${IDLE_MS / 1000} s`, value: idle.p99, unit: 'ms loop delay p99' },
        subject: { label: `\`yes\` flooding a pane of the real renderer for ${FLOOD_MS / 1000} s`, value: flood.p99, unit: 'ms loop delay p99' },
        goal: { figure: 'p99 ms', op: '<', value: 50 },
        figure: flood.p99,
        absolute: {
          idle_p50_ms: idle.p50,
          idle_p99_ms: idle.p99,
          flood_p50_ms: flood.p50,
          flood_p99_ms: flood.p99,
          flood_max_ms: flood.max,
          idle_rss_mb: idleRss,
          flood_rss_start_mb: mem.firstMB,
          flood_rss_peak_mb: mem.peakMB,
          flood_rss_end_mb: mem.lastMB,
          chars_sent_to_pane: sent,
          chars_per_s_to_pane: sent / (FLOOD_MS / 1000),
          renderer_received_chars: (stats1.received ?? 0) - (stats0.received ?? 0),
          renderer_acked_chars: (stats1.acked ?? 0) - (stats0.acked ?? 0),
        },
        notes: [
          'driven through the real renderer (out/renderer) in /usr/bin/chromium: picker → allow-all session → prompt; the pane acks parsed chars',
          'the host, web server and model server run in this process; the RSS is this process (Chromium not included)',
        ],
      }),
    ];
  } finally {
    if (host && sessionId && processId) await host.call('commands.kill', { sessionId, processId }).catch(() => undefined);
    await ctx?.close().catch(() => undefined);
    await web?.close().catch(() => undefined);
    await host?.dispose().catch(() => undefined);
    await model.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
    env.cleanup();
  }
}
