// Benchmark: UI flood — `floe web` in this process (createHost + startWebServer serving out/renderer), the real
// renderer in headless Debian Chromium (playwright-core) with TWO pages: page A shows a pane that receives a
// bounded flood (`yes <64 a's> | head -c FLOOD_BYTES`, run by a scripted model through exec_command), page B shows
// a pane of `bash --norc -i` that is typed into during the flood. Per run it measures:
//   - the command's throughput with the pane attached vs a raw node-pty read of the same command (goal >= 0.5x),
//     and checks that the pane ends on the same screen as the host's headless terminal (xterm buffer API);
//   - the host's event-loop delay p99 during the flood vs idle (goal < 50 ms);
//   - page A's frame time p99 from requestAnimationFrame during the flood (from the command's start, its pane's
//     opening included) vs idle (goal < 33 ms, issue 21), and its long frames before, at and after the start;
//   - keypress-to-echo latency in page B's pane during the flood vs idle (goal p99 < 50 ms, issue 21);
//   - memory of this process before and after the flood, after a forced GC (heap vs RSS; needs --expose-gc).
// Must not touch the user's FLOE_HOME; kills the commands, the browser and the servers in `finally`.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import xtermHeadless from '@xterm/headless';
import pty from 'node-pty';
import { chromium, type Browser, type Page } from 'playwright-core';
import { newSession, openProject, scriptFor } from '../e2e/harness.js';
import { createHost, type HostService } from '../main/host/index.js';
import { startWebServer, type WebServer } from '../main/web/index.js';
import { startModelServer } from '../test/fixtures/model-server.js';
import { tempHome } from '../test/helpers/cli.js';
import { frameTimes, framesStart, framesStop, pageNow } from './lib/frames.js';
import { splitEcho } from './lib/echo-split.js';
import { childrenNamed, treeCpuMs } from './lib/tree-cpu.js';
import { sampleRss, sleep, watchLoop, type LoopDelay } from './lib/loop.js';
import { machine } from './lib/output.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { median, MIN_RUNS, perSecond, quantile } from './lib/stats.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../test/helpers/chromium.js';

const { Terminal } = xtermHeadless;
const RUNS = MIN_RUNS;
const FLOOD_BYTES = Number(process.env.BENCH_UI_FLOOD_BYTES ?? 100_000_000);
const LINE = 'a'.repeat(64);
const FLOOD_CMD = `yes ${LINE} | head -c ${FLOOD_BYTES}`;
/** chars the pty delivers: every LF becomes CR LF */
const FLOOD_CHARS = FLOOD_BYTES + Math.floor(FLOOD_BYTES / (LINE.length + 1));
const IDLE_MS = 2000;
const KEY_EVERY_MS = 60;
const RENDERER = resolve(import.meta.dirname, '../out/renderer');
/** A frame counts as long when it spans more than one vsync (16.7 ms) by a margin. */
const LONG_FRAME_MS = 20;
/** The start of a flood: the pane opens, the call yields its first output (yield_time_ms 500) and the model's
 * next turn is drawn; long frames in it are counted apart from those of the steady flood after it. */
const START_MS = 750;
/** BENCH_UI_FLOOD_TRACE=<file>: a Chromium performance trace of page A during the second flood (diagnostics). */
const TRACE_FILE = process.env.BENCH_UI_FLOOD_TRACE;

interface Mem {
  rssMB: number;
  heapUsedMB: number;
  externalMB: number;
  arrayBuffersMB: number;
}

function memAfterGc(): Mem {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  const mb = (x: number) => x / 2 ** 20;
  return {
    rssMB: mb(m.rss),
    heapUsedMB: mb(m.heapUsed),
    externalMB: mb(m.external),
    arrayBuffersMB: mb(m.arrayBuffers),
  };
}

/** The same command read straight from node-pty (count chars only): spawn → exit. */
function rawRead(cwd: string): Promise<{ chars: number; ms: number }> {
  return new Promise((res, rej) => {
    const t0 = performance.now();
    let chars = 0;
    const p = pty.spawn('bash', ['-c', FLOOD_CMD], {
      name: 'xterm-256color',
      cols: 120,
      rows: 40,
      cwd,
      env: process.env as Record<string, string>,
    });
    p.onData((d) => (chars += d.length));
    p.onExit(({ exitCode }) =>
      exitCode === 0 ? res({ chars, ms: performance.now() - t0 }) : rej(new Error(`raw read exited ${exitCode}`)),
    );
  });
}

// ── in-page probes (run in Chromium) ───────────────────────────────────────────────────────────────────

/** Installs the echo probe on page B's pane: keydown time of each `q` → when xterm has parsed its echo. */
async function echoProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const map = (globalThis as any).__floeTerminals as Map<string, any>;
    const term = [...map.values()].at(-1);
    const st = { t: [] as number[], lat: [] as number[], seen: 0 };
    (globalThis as any).__echo = st;
    document.addEventListener('keydown', (e) => e.key === 'q' && st.t.push(performance.now()), true);
    term.onWriteParsed(() => {
      const b = term.buffer.active;
      const text: string = b.getLine(b.baseY + b.cursorY)?.translateToString(true) ?? '';
      const n = (text.match(/q/g) ?? []).length;
      if (n < st.seen) st.seen = n;
      while (st.seen < n && st.t.length) {
        st.lat.push(performance.now() - st.t.shift()!);
        st.seen++;
      }
    });
  });
}

/** Types `q` every KEY_EVERY_MS into page B until `done()`; returns the echo latencies measured meanwhile. */
async function typeUntil(page: Page, done: () => boolean, maxKeys = 400): Promise<number[]> {
  await page.keyboard.press('Control+U'); // readline: clear the line
  await sleep(100);
  await page.evaluate(() => {
    const st = (globalThis as any).__echo;
    st.t = [];
    st.lat = [];
    st.seen = 0;
  });
  for (let i = 0; i < maxKeys && !done(); i++) {
    await page.keyboard.press('q');
    await sleep(KEY_EVERY_MS);
  }
  await sleep(300); // the last echoes
  return page.evaluate(() => (globalThis as any).__echo.lat as number[]);
}

/** The visible rows of a pane in page A, read through the xterm buffer API. */
async function paneRows(page: Page, processId: string): Promise<{ rows: string[]; cols: number; n: number } | null> {
  return page.evaluate((pid) => {
    const term = ((globalThis as any).__floeTerminals as Map<string, any>).get(pid);
    if (!term) return null;
    const b = term.buffer.active;
    const rows: string[] = [];
    for (let y = 0; y < term.rows; y++) rows.push(b.getLine(b.baseY + y)?.translateToString(true) ?? '');
    return { rows, cols: term.cols as number, n: term.rows as number };
  }, processId);
}

/** The host's screen of a command (its serialised headless terminal), drawn on a fresh terminal of that size. */
async function hostRows(
  host: HostService,
  sessionId: string,
  processId: string,
  cols: number,
  rows: number,
): Promise<string[]> {
  const r = (await host.call('commands.scrollback', { sessionId, processId })) as {
    ok: boolean;
    value?: { data: string };
  };
  if (!r.ok || !r.value) throw new Error(`commands.scrollback failed: ${JSON.stringify(r)}`);
  const t = new Terminal({ cols, rows, scrollback: 2000, allowProposedApi: true });
  await new Promise<void>((done) => t.write(r.value!.data, done));
  const b = t.buffer.active;
  const out = Array.from({ length: rows }, (_, y) => b.getLine(b.baseY + y)?.translateToString(true) ?? '');
  t.dispose();
  return out;
}

interface Run {
  rawCps: number;
  paneCps: number;
  loopIdle: LoopDelay;
  loopFlood: LoopDelay;
  frameIdleP99: number;
  /** frames from the flood's start (terminal.started) to its end */
  frameFloodP99: number;
  frameFloodP50: number;
  frameFloodCount: number;
  /** frames from the flood session's creation (before the command starts) to the flood's end */
  frameWithSessionP99: number;
  /** frames longer than LONG_FRAME_MS from the flood session's creation to the flood's start, in the flood's first
   * START_MS, and after it */
  longFrames: { beforeStart: number; atStart: number; steady: number };
  echoIdle: number[];
  echoFlood: number[];
  /** per echo during the flood: ms inside the host (key in → echo out, box and shell included) and outside it */
  echoHost: number[];
  echoOutside: number[];
  liveChars: number;
  resyncs: number;
  /** backlogs page A's pane skipped for the host's screen (its frame budget, renderer/.../terminal/feed.ts) */
  paneSkips: number;
  memBefore: Mem;
  memAfter: Mem;
  rssPeakMB: number;
  floodMs: number;
  /** CPU time from the flood's start to its end: this process (host, web server, model server), the browser, and
   * the rest this process started (the sandbox's command server, the command) */
  hostCpuMs: number;
  browserCpuMs: number;
  commandCpuMs: number;
}

/** How many backlogs the page's panes skipped so far (the renderer's terminal counters). */
async function paneSkips(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as { __floeTermStats?: { skips: number } }).__floeTermStats?.skips ?? 0);
}

export async function run(): Promise<BenchResult[]> {
  if (!existsSync(join(RENDERER, 'index.html'))) {
    throw new Error(
      `the renderer is not built (${RENDERER}/index.html is missing): run \`npm run build:renderer\` first`,
    );
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install it with \`apt-get install -y chromium\``);
  const call = (name: string, args: object) => ({ reply: { toolCalls: [{ name, arguments: args }] } });
  const say = (text: string) => ({ reply: { text } });
  const model = await startModelServer(
    scriptFor({
      FLOOD: (phase) =>
        phase === 0 ? call('exec_command', { cmd: FLOOD_CMD, yield_time_ms: 500 }) : say('flooding in the background.'),
      SHELL: (phase) =>
        phase === 0 ? call('exec_command', { cmd: 'bash --norc -i', yield_time_ms: 1000 }) : say('bash is running.'),
    }),
  );
  const env = tempHome({ baseUrl: model.openaiBaseUrl, systemConfig: 'system_prompt: benchmark agent\n' });
  let host: HostService | undefined;
  let web: WebServer | undefined;
  let browser: Browser | undefined;
  const started: { sessionId: string; id: string; cmd: string; at: number }[] = [];
  const exited = new Map<string, number>();
  try {
    host = createHost({ home: env.home, mode: 'web' });
    const h = host;
    // the host side of each keystroke's echo in page B's shell: when the key arrives, when its echo leaves
    const echoTiming = { on: false, proc: '', keysIn: [] as number[], echoesOut: [] as number[] };
    const connect = host.connect.bind(host);
    host.connect = (cb) => {
      const client = connect((event, payload) => {
        const p = payload as { processId?: string; data?: string };
        if (echoTiming.on && event === 'terminal.data' && p.processId === echoTiming.proc && p.data?.includes('q'))
          echoTiming.echoesOut.push(performance.now());
        cb(event, payload);
      });
      const call = client.call.bind(client);
      client.call = (method, params) => {
        if (
          echoTiming.on &&
          method === 'commands.write' &&
          (params as { processId?: string }).processId === echoTiming.proc &&
          (params as { data?: string }).data === 'q' // the typed keys, not the line clearing before them
        )
          echoTiming.keysIn.push(performance.now());
        return call(method, params);
      };
      return client;
    };
    web = await startWebServer({ hostService: host, staticDir: RENDERER });
    let live = 0;
    let resyncs = 0;
    const off = host.onEvent((event, payload) => {
      const p = payload as { sessionId: string; processId?: string; id?: string; cmd?: string; data?: string };
      if (event === 'terminal.started')
        started.push({ sessionId: p.sessionId, id: p.id!, cmd: p.cmd!, at: performance.now() });
      if (event === 'terminal.exit') exited.set(p.processId!, performance.now());
      if (event === 'terminal.data') live += p.data?.length ?? 0;
      if (event === 'terminal.resync') resyncs++;
    });
    // two contexts: each page in its own window, so neither is a hidden background tab (rAF would drop to 1 Hz)
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        ...CHROMIUM_ARGS,
        '--disable-renderer-backgrounding',
        '--disable-background-timer-throttling',
        '--disable-backgrounding-occluded-windows',
      ],
    });
    const browserPid = childrenNamed(process.pid, 'chrom')[0] ?? 0;
    const pageA = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const pageB = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    for (const p of [pageA, pageB]) {
      p.setDefaultTimeout(30_000);
      await p.goto(web.url);
      await openProject(p, env.workspace);
    }
    // page B: an interactive shell pane to type into
    await newSession(pageB, 'allow-all', 'SHELL to type into');
    await pageB.locator('.xterm-host').waitFor();
    await pageB.getByText('bash is running.').waitFor();
    await pageB.locator('.xterm-host .xterm-screen').click();
    await echoProbe(pageB);

    const runs: Run[] = [];
    const matched: boolean[] = [];
    for (let i = 0; i < RUNS; i++) {
      const raw = await rawRead(env.workspace);
      // idle baselines: nothing flooding
      await framesStart(pageA);
      const wIdle = watchLoop();
      const echoIdle = await typeUntil(pageB, () => false, Math.round(IDLE_MS / KEY_EVERY_MS));
      const loopIdle = wIdle.stop();
      const frameIdle = await framesStop(pageA);

      const memBefore = memAfterGc();
      const live0 = live;
      const resyncs0 = resyncs;
      const skips0 = await paneSkips(pageA);
      const n0 = started.length;
      const rss = sampleRss(100);
      await framesStart(pageA);
      const w = watchLoop();
      const cpu0 = process.cpuUsage();
      const tree0 = treeCpuMs(process.pid, [browserPid]);
      if (TRACE_FILE && i === 1)
        await browser.startTracing(pageA, {
          path: TRACE_FILE,
          categories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'disabled-by-default-v8.cpu_profiler',
          ],
        });
      await newSession(pageA, 'allow-all', `FLOOD run ${i + 1}`);
      let flood: (typeof started)[number] | undefined;
      for (let k = 0; k < 1500 && !flood; k++) {
        flood = started.slice(n0).find((s) => s.cmd === FLOOD_CMD);
        if (!flood) await sleep(20);
      }
      if (!flood) {
        await pageA.screenshot({ path: join(tmpdir(), 'floe-bench-ui-flood-nostart.png') }).catch(() => undefined);
        const seen = started.map((s) => s.cmd).join(' | ') || 'none';
        throw new Error(
          `run ${i + 1}: the flood command did not start (commands seen: ${seen}; model requests: ${model.requests.length})`,
        );
      }
      const f = flood;
      const floodAtPage = await pageNow(pageA);
      echoTiming.proc = started.find((s) => s.cmd === 'bash --norc -i')?.id ?? '';
      echoTiming.keysIn = [];
      echoTiming.echoesOut = [];
      echoTiming.on = true;
      const echoFlood = await typeUntil(pageB, () => exited.has(f.id), 5000);
      echoTiming.on = false;
      const echoParts = splitEcho(echoTiming.keysIn, echoTiming.echoesOut, echoFlood);
      for (let k = 0; k < 6000 && !exited.has(f.id); k++) await sleep(20);
      const end = exited.get(f.id);
      if (end === undefined) throw new Error(`run ${i + 1}: the flood did not end within 2 minutes`);
      const cpu = process.cpuUsage(cpu0);
      const tree = treeCpuMs(process.pid, [browserPid]);
      const loopFlood = w.stop();
      const timed = await frameTimes(pageA);
      const frames = await framesStop(pageA);
      if (TRACE_FILE && i === 1) await browser.stopTracing();
      const long = timed.filter(([, d]) => d > LONG_FRAME_MS).map(([t]) => t - floodAtPage);
      const floodFrames = timed.filter(([t]) => t >= floodAtPage).map(([, d]) => d);
      const mem = rss.stop();
      // the pane must end on the host's screen (after its last resync); give it up to 20 s to settle
      let same = false;
      for (let k = 0; k < 100 && !same; k++) {
        const pane = await paneRows(pageA, f.id);
        if (pane)
          same = JSON.stringify(pane.rows) === JSON.stringify(await hostRows(h, f.sessionId, f.id, pane.cols, pane.n));
        if (!same) await sleep(200);
      }
      matched.push(same);
      const memAfter = memAfterGc();
      runs.push({
        rawCps: perSecond(raw.chars, raw.ms),
        paneCps: perSecond(FLOOD_CHARS, end - f.at),
        loopIdle,
        loopFlood,
        frameIdleP99: quantile(frameIdle, 0.99),
        frameFloodP99: quantile(floodFrames, 0.99),
        frameFloodCount: floodFrames.length,
        frameFloodP50: quantile(floodFrames, 0.5),
        frameWithSessionP99: quantile(frames, 0.99),
        longFrames: {
          beforeStart: long.filter((t) => t < 0).length,
          atStart: long.filter((t) => t >= 0 && t < START_MS).length,
          steady: long.filter((t) => t >= START_MS).length,
        },
        echoIdle,
        echoFlood,
        echoHost: echoParts.host,
        echoOutside: echoParts.outside,
        liveChars: live - live0,
        resyncs: resyncs - resyncs0,
        paneSkips: (await paneSkips(pageA)) - skips0,
        memBefore,
        memAfter,
        rssPeakMB: mem.peakMB,
        floodMs: end - f.at,
        hostCpuMs: (cpu.user + cpu.system) / 1000,
        browserCpuMs: tree.byRoot[0]! - tree0.byRoot[0]!,
        commandCpuMs: tree.other - tree0.other,
      });
      // node-pty may lose the last few KB when the child exits first; the rate is what it read
      if (raw.chars < FLOOD_CHARS * 0.9) throw new Error(`raw read got ${raw.chars} chars, expected ~${FLOOD_CHARS}`);
    }
    off();
    if (matched.some((m) => !m)) {
      throw new Error(
        `the pane did not end on the host's screen in run(s) ${matched
          .map((m, i) => (m ? 0 : i + 1))
          .filter(Boolean)
          .join(', ')}`,
      );
    }
    const med = (f: (r: Run) => number) => median(runs.map(f));
    const p99 = (xs: number[]) => quantile(xs, 0.99);
    const gcNote = (globalThis as { gc?: unknown }).gc
      ? 'memory read after a forced GC (node --expose-gc)'
      : 'no --expose-gc: memory read without a forced GC (run through npm run bench for GC-settled figures)';
    const common = { date: new Date().toISOString(), machine: machine() };
    const flood = `\`yes <64 a's> | head -c ${FLOOD_BYTES / 1e6} MB\``;
    return [
      makeResult({
        ...common,
        name: 'ui-flood-throughput',
        title: `UI flood: the command's throughput with a pane attached in real Chromium vs a raw pty read (${flood})`,
        baseline: {
          label: 'raw node-pty read of the same command (spawn → exit)',
          runs: runs.map((r) => r.rawCps),
          unit: 'chars/s',
        },
        subject: {
          label: 'exec_command with the pane open in page A (terminal.started → terminal.exit)',
          runs: runs.map((r) => r.paneCps),
          unit: 'chars/s',
        },
        goal: { figure: 'ratio', op: '>=', value: 0.5 },
        absolute: {
          runs: RUNS,
          flood_chars: FLOOD_CHARS,
          flood_ms_median: med((r) => r.floodMs),
          host_cpu_ms_per_mb_median: med((r) => r.hostCpuMs / (FLOOD_BYTES / 1e6)),
          browser_cpu_ms_per_mb_median: med((r) => r.browserCpuMs / (FLOOD_BYTES / 1e6)),
          command_cpu_ms_per_mb_median: med((r) => r.commandCpuMs / (FLOOD_BYTES / 1e6)),
          live_chars_to_pane_median: med((r) => r.liveChars),
          resyncs_median: med((r) => r.resyncs),
          pane_skips_median: med((r) => r.paneSkips),
          pane_matched_host_screen_runs: matched.filter(Boolean).length,
        },
        notes: [
          "the pane ended on the same visible screen as the host's headless terminal in every run (xterm buffer API on both sides)",
          'live_chars_to_pane: what was sent as terminal.data; the rest of the flood reached the pane as resync screens',
          'cpu_ms_per_mb: CPU time (user + system) per MB of flood, of the process running host, web server and model server (host), of Chromium and its helpers (browser), and of what the host started that ran during the flood (command: the sandbox, its command server, the command; from /proc)',
        ],
      }),
      makeResult({
        ...common,
        name: 'ui-flood',
        title: `UI flood: host event-loop delay while a pane of the real renderer receives ${flood}`,
        baseline: {
          label: `host + pages idle (${IDLE_MS / 1000} s, typing in page B)`,
          runs: runs.map((r) => r.loopIdle.p99),
          unit: 'ms loop delay p99',
        },
        subject: {
          label: 'during the flood (page A pane + typing in page B)',
          runs: runs.map((r) => r.loopFlood.p99),
          unit: 'ms loop delay p99',
        },
        goal: { figure: 'p99 ms', op: '<', value: 50 },
        figureRuns: runs.map((r) => r.loopFlood.p99),
        absolute: {
          flood_p50_ms_median: med((r) => r.loopFlood.p50),
          flood_max_ms_max: Math.max(...runs.map((r) => r.loopFlood.max)),
          heap_used_before_mb_median: med((r) => r.memBefore.heapUsedMB),
          heap_used_after_mb_median: med((r) => r.memAfter.heapUsedMB),
          heap_growth_mb_median: med((r) => r.memAfter.heapUsedMB - r.memBefore.heapUsedMB),
          external_growth_mb_median: med((r) => r.memAfter.externalMB - r.memBefore.externalMB),
          array_buffers_growth_mb_median: med((r) => r.memAfter.arrayBuffersMB - r.memBefore.arrayBuffersMB),
          rss_before_mb_median: med((r) => r.memBefore.rssMB),
          rss_peak_mb_median: med((r) => r.rssPeakMB),
          rss_after_mb_median: med((r) => r.memAfter.rssMB),
          rss_growth_mb_median: med((r) => r.memAfter.rssMB - r.memBefore.rssMB),
          rss_first_run_before_mb: runs[0]!.memBefore.rssMB,
          rss_last_run_after_mb: runs.at(-1)!.memAfter.rssMB,
          heap_used_first_run_before_mb: runs[0]!.memBefore.heapUsedMB,
          heap_used_last_run_after_mb: runs.at(-1)!.memAfter.heapUsedMB,
        },
        notes: [
          'the host, web server and model server run in this process; RSS is this process (Chromium not included)',
          gcNote,
        ],
      }),
      makeResult({
        ...common,
        name: 'ui-flood-frames',
        title: 'UI flood: frame time in the page showing the flooded pane (requestAnimationFrame deltas)',
        baseline: { label: 'page A idle', runs: runs.map((r) => r.frameIdleP99), unit: 'ms frame time p99' },
        subject: {
          label: 'page A while its pane receives the flood',
          runs: runs.map((r) => r.frameFloodP99),
          unit: 'ms frame time p99',
        },
        goal: { figure: 'frame p99 ms', op: '<', value: 33 },
        figureRuns: runs.map((r) => r.frameFloodP99),
        absolute: {
          flood_frame_p50_ms_median: med((r) => r.frameFloodP50),
          frames_per_flood_median: med((r) => r.frameFloodCount),
          frame_p99_with_session_creation_ms_median: med((r) => r.frameWithSessionP99),
          long_frames_before_start_median: med((r) => r.longFrames.beforeStart),
          long_frames_at_start_median: med((r) => r.longFrames.atStart),
          long_frames_steady_median: med((r) => r.longFrames.steady),
        },
        notes: [
          'headless Chromium, --disable-gpu (software compositing): frames are paced by the compositor at ~60 Hz when idle',
          `long frames: over ${LONG_FRAME_MS} ms; before start = while the flood's session is created and the call ` +
            `starts; at start = the flood's first ${START_MS} ms (pane opening, the call yielding at 500 ms, the model's ` +
            'next turn drawn); steady = after that. 3 long frames among ~200 put the p99 at 33 ms or more',
          "the p99 is over the frames from the flood's start (the host's terminal.started) to its end, the pane's " +
            "opening included; frame_p99_with_session_creation also counts the frames while the flood's session was " +
            'created and the model asked for the command (before the first round of this bench, the only p99)',
        ],
      }),
      makeResult({
        ...common,
        name: 'ui-flood-echo',
        title: 'UI flood: keypress-to-echo latency in a second pane (bash -i in page B) during the flood',
        baseline: {
          label: 'page B typing, nothing flooding',
          runs: runs.map((r) => p99(r.echoIdle)),
          unit: 'ms echo p99',
        },
        subject: {
          label: 'page B typing while page A floods',
          runs: runs.map((r) => p99(r.echoFlood)),
          unit: 'ms echo p99',
        },
        goal: { figure: 'echo p99 ms', op: '<', value: 50 },
        figureRuns: runs.map((r) => p99(r.echoFlood)),
        absolute: {
          echo_idle_p50_ms_median: med((r) => quantile(r.echoIdle, 0.5)),
          echo_flood_p50_ms_median: med((r) => quantile(r.echoFlood, 0.5)),
          keys_per_flood_median: med((r) => r.echoFlood.length),
          echo_host_part_p99_ms_median: med((r) => (r.echoHost.length ? p99(r.echoHost) : Number.NaN)),
          echo_outside_host_p99_ms_median: med((r) => (r.echoOutside.length ? p99(r.echoOutside) : Number.NaN)),
        },
        notes: [
          `a \`q\` every ${KEY_EVERY_MS} ms; latency = keydown in the page → xterm parsed the echoed character (onWriteParsed)`,
          'host part: from the commands.write call reaching the host to the echo handed to page B (host loop, sandbox ' +
            "box, shell); outside: the rest of each echo (page B, the WebSocket both ways, the host's loop before the call)",
        ],
      }),
    ];
  } finally {
    for (const s of started) {
      if (!exited.has(s.id))
        await host?.call('commands.kill', { sessionId: s.sessionId, processId: s.id }).catch(() => undefined);
    }
    await browser?.close().catch(() => undefined);
    await web?.close().catch(() => undefined);
    await host?.dispose().catch(() => undefined);
    await model.close().catch(() => undefined);
    env.cleanup();
  }
}
