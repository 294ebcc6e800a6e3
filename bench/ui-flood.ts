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
import { idleLoop, sampleRss, sleep, watchLoop, type LoopDelay } from './lib/loop.js';
import { machine } from './lib/output.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { median, MIN_RUNS } from './lib/stats.js';

const FLOOD_MS = 10_000;
const IDLE_MS = 3_000;
const RUNS = MIN_RUNS;
const RENDERER = resolve(import.meta.dirname, '../out/renderer');
const CHROMIUM = '/usr/bin/chromium';

export async function run(): Promise<BenchResult[]> {
  if (!existsSync(join(RENDERER, 'index.html'))) {
    throw new Error(`the renderer is not built (${RENDERER}/index.html is missing): run \`npm run build:renderer\` first`);
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install it with \`apt-get install -y chromium\``);
  const model = await startModelServer({
    next: (req) =>
      (req.body?.messages ?? []).at(-1)?.role === 'tool'
        ? { reply: { text: 'yes is flooding in the background.' } }
        : { reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd: 'yes', yield_time_ms: 500 } }] } },
  });
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
    const h = host;
    let chars = 0;
    const off = host.onEvent((event, payload) => {
      const p = payload as { sessionId?: string; processId?: string; data?: string; id?: string };
      if (event === 'terminal.started') {
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
    // the real UI: open the workspace as a project, allow-all mode
    await page.getByRole('button', { name: 'Projects', exact: true }).click();
    await page.getByLabel('Open folder (absolute path)').fill(env.workspace);
    await page.getByRole('button', { name: 'Open this folder' }).click();
    await page.getByRole('button', { name: 'New session' }).waitFor();
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    await page.getByLabel('Approval mode').selectOption('allow-all');
    await sleep(500);

    const idles: LoopDelay[] = [];
    const floods: { loop: LoopDelay; sent: number; rssStartMB: number; rssEndMB: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      idles.push(await idleLoop(IDLE_MS));
      const before = processId;
      await page.getByRole('button', { name: 'New session' }).click();
      await page.getByLabel('Prompt').fill(`FLOOD the terminal (run ${i + 1})`);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.locator('.xterm-host').waitFor();
      for (let k = 0; k < 100 && processId === before; k++) await sleep(100);
      if (processId === before) throw new Error(`run ${i + 1}: no terminal.started event for the flood command`);
      await sleep(1000); // let the task reach its background phase
      const rss = sampleRss(250);
      const w = watchLoop();
      const chars0 = chars;
      await sleep(FLOOD_MS);
      const loop = w.stop();
      const mem = rss.stop();
      const sent = chars - chars0;
      await h.call('commands.kill', { sessionId, processId }).catch(() => undefined);
      if (sent < 100_000) throw new Error(`run ${i + 1}: the pane received only ${sent} chars in ${FLOOD_MS / 1000} s`);
      floods.push({ loop, sent, rssStartMB: mem.firstMB, rssEndMB: mem.lastMB });
    }
    off();
    const p99s = floods.map((f) => f.loop.p99);
    return [
      makeResult({
        name: 'ui-flood',
        title: 'UI flood: host event-loop delay while a pane receives `yes` for 10 s (browser mode, real Chromium)',
        date: new Date().toISOString(),
        machine: machine(),
        baseline: { label: `host + page idle for ${IDLE_MS / 1000} s`, runs: idles.map((l) => l.p99), unit: 'ms loop delay p99' },
        subject: { label: `\`yes\` flooding a pane of the real renderer for ${FLOOD_MS / 1000} s`, runs: p99s, unit: 'ms loop delay p99' },
        goal: { figure: 'p99 ms', op: '<', value: 50 },
        figureRuns: p99s,
        absolute: {
          runs: RUNS,
          flood_p50_ms_median: median(floods.map((f) => f.loop.p50)),
          flood_max_ms_max: Math.max(...floods.map((f) => f.loop.max)),
          rss_growth_mb_median: median(floods.map((f) => f.rssEndMB - f.rssStartMB)),
          chars_per_s_to_pane_median: median(floods.map((f) => f.sent / (FLOOD_MS / 1000))),
        },
        notes: [
          `${RUNS} runs in one page, each a new session whose scripted model runs \`yes\` in the background; killed after the window`,
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
