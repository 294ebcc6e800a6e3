// End-to-end harness: a scripted model server (test/fixtures/model-server.ts) whose replies are chosen by the
// prompt's keyword, a temp FLOE_HOME pointing at it, a real `floe web --port 0` child process (URL parsed from
// its stdout, watchdog-killed), and headless Debian Chromium via playwright-core. Everything is torn down in
// `stop()`. Test-only.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach } from 'vitest';
import {
  startModelServer,
  type ModelServer,
  type RecordedRequest,
  type ScriptStep,
} from '../test/fixtures/model-server.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../test/helpers/chromium.js';
import { FLOE_BIN, tempHome, type TempHome } from '../test/helpers/cli.js';

export const SHOTS = resolve(import.meta.dirname, '../test-results/screenshots');

/** The conversation of one request, as [role, text] pairs (OpenAI wire format). */
function turns(req: RecordedRequest): { role: string; text: string }[] {
  const msgs = (req.body?.messages ?? []) as { role: string; content?: unknown }[];
  return msgs.map((m) => ({
    role: m.role,
    text:
      typeof m.content === 'string'
        ? m.content
        : Array.isArray(m.content)
          ? m.content.map((c: any) => c?.text ?? '').join('')
          : '',
  }));
}

/** Replies by the latest user prompt's keyword and how many tool results followed it. */
export type Scenario = (phase: number, prompt: string, req: RecordedRequest) => ScriptStep;

export function scriptFor(scenarios: Record<string, Scenario>): { next(req: RecordedRequest): ScriptStep } {
  return {
    next(req) {
      const t = turns(req);
      // the latest user message naming a scenario (a tool's images may arrive as a later, text-less user message)
      for (let i = t.length - 1; i >= 0; i--) {
        if (t[i]!.role !== 'user') continue;
        const key = Object.keys(scenarios).find((k) => t[i]!.text.includes(k));
        if (!key) continue;
        const phase = t.slice(i + 1).filter((m) => m.role === 'tool').length;
        return scenarios[key]!(phase, t[i]!.text, req);
      }
      const prompt = [...t].reverse().find((m) => m.role === 'user')?.text ?? '';
      return { reply: { text: `(no scenario for: ${prompt.slice(0, 60)})` } };
    },
  };
}

export interface Env {
  model: ModelServer;
  home: TempHome;
  url: string;
  web: ChildProcess;
  ctx: BrowserContext;
  page: Page;
  stop(): Promise<void>;
}

function startWeb(home: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolveP, reject) => {
    const child = spawn(process.execPath, [FLOE_BIN, 'web', '--port', '0'], {
      env: { ...process.env, FLOE_HOME: home, FLOE_RETRY_SCHEDULE_MS: '20,20,20,20,20', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: false,
    });
    let out = '';
    let err = '';
    const fail = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`floe web printed no URL in 30 s.\nstdout: ${out}\nstderr: ${err}`));
    }, 30_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m) {
        clearTimeout(fail);
        resolveP({ child, url: m[1]! });
      }
    });
    child.stderr!.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      clearTimeout(fail);
      reject(new Error(`floe web exited with ${code}.\nstdout: ${out}\nstderr: ${err}`));
    });
  });
}

export async function startEnv(
  scenarios: Record<string, Scenario>,
  opts: {
    vision?: boolean;
    moreModels?: { id: string; vision?: boolean }[];
    /** how long `floe web` may live before the watchdog kills it (default 170 s) */
    watchdogMs?: number;
  } = {},
): Promise<Env> {
  mkdirSync(SHOTS, { recursive: true });
  const model = await startModelServer(scriptFor(scenarios));
  const home = tempHome({ baseUrl: model.openaiBaseUrl, vision: opts.vision ?? true, moreModels: opts.moreModels });
  let web: ChildProcess | undefined;
  let ctx: BrowserContext | undefined;
  const profile = mkdtempSync(join(tmpdir(), 'floe-chromium-'));
  const watchdog = setTimeout(() => web?.kill('SIGKILL'), opts.watchdogMs ?? 170_000);
  try {
    const w = await startWeb(home.home);
    web = w.child;
    ctx = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1440, height: 900 },
      args: [...CHROMIUM_ARGS],
    });
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    page.setDefaultTimeout(15_000);
    await page.goto(w.url);
    const env: Env = {
      model,
      home,
      url: w.url,
      web: w.child,
      ctx,
      page,
      async stop() {
        clearTimeout(watchdog);
        await ctx?.close().catch(() => undefined);
        if (web && web.exitCode === null) {
          web.kill('SIGTERM');
          await new Promise((r) => {
            const t = setTimeout(() => {
              web!.kill('SIGKILL');
              r(undefined);
            }, 5000);
            web!.once('exit', () => {
              clearTimeout(t);
              r(undefined);
            });
          });
        }
        await model.close().catch(() => undefined);
        rmSync(profile, { recursive: true, force: true });
        home.cleanup();
      },
    };
    return env;
  } catch (e) {
    clearTimeout(watchdog);
    await ctx?.close().catch(() => undefined);
    web?.kill('SIGKILL');
    await model.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
    home.cleanup();
    throw e;
  }
}

/**
 * The hooks every e2e file needs after its tests: a screenshot of a failed test (`FAILED-<prefix>-<test name>.png`),
 * and at the end the viewport back to its default and the environment stopped.
 */
export function stopAfterAll(getEnv: () => Env | undefined, prefix: string): void {
  afterEach(async (ctx) => {
    const env = getEnv();
    if (ctx.task.result?.state === 'fail' && env)
      await shot(env.page, `FAILED-${prefix}-${ctx.task.name.slice(0, 40).replace(/[^a-z0-9]+/gi, '-')}`).catch(
        () => undefined,
      );
  });
  afterAll(async () => {
    const env = getEnv();
    await env?.page.setViewportSize({ width: 1440, height: 900 }).catch(() => undefined);
    await env?.stop();
  });
}

/** Opens `dir` as a project and a new session in Chat; returns the (empty) prompt box. */
export async function openNewChat(page: Page, dir: string): Promise<Locator> {
  await openProject(page, dir);
  await page.getByRole('button', { name: 'Chat', exact: true }).click();
  const show = page.getByRole('button', { name: 'Show sessions' });
  if (await show.count()) await show.click();
  await page.getByRole('button', { name: 'New session' }).click();
  const box = page.getByLabel('Prompt');
  await box.waitFor();
  return box;
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** `l` lies inside the viewport and the element at its centre is `l` itself (or inside it): nothing covers it. */
export async function reachable(page: Page, l: Locator): Promise<boolean> {
  const b = await l.boundingBox();
  const vp = page.viewportSize()!;
  if (!b || b.x < 0 || b.y < 0 || b.x + b.width > vp.width || b.y + b.height > vp.height) return false;
  return l.evaluate(
    (el, p) => {
      const hit = document.elementFromPoint(p.x, p.y);
      return !!hit && (hit === el || el.contains(hit));
    },
    { x: b.x + b.width / 2, y: b.y + b.height / 2 },
  );
}

/** The lines of a pane's xterm buffer (read through the Terminal object the app exposes for tests). */
export async function terminalLines(page: Page, processId?: string): Promise<string[]> {
  return page.evaluate((pid) => {
    const map = (globalThis as any).__floeTerminals as Map<string, any> | undefined;
    if (!map || !map.size) return [];
    const term = pid ? map.get(pid) : [...map.values()].at(-1);
    if (!term) return [];
    const buf = term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < buf.length; i++) out.push(buf.getLine(i)?.translateToString(true) ?? '');
    return out;
  }, processId);
}

/** Opens the picker's path field, opens `dir` as a project. */
export async function openProject(page: Page, dir: string): Promise<void> {
  await page.getByRole('button', { name: 'Projects', exact: true }).click();
  await page.getByLabel('Open folder (absolute path)').fill(dir);
  await page.getByRole('button', { name: 'Open this folder' }).click();
  await page.getByRole('button', { name: 'New session' }).waitFor();
}

/** The id of the session the chat screen shows (its heading's title), or '' when none is shown. */
async function shownSessionId(page: Page): Promise<string> {
  const heading = page.getByTestId('session-status').locator('xpath=..').locator('h2');
  if (!(await heading.count())) return '';
  return (
    (await heading
      .first()
      .getAttribute('title', { timeout: 1000 })
      .catch(() => '')) ?? ''
  );
}

/**
 * New session with an approval mode, then sends `prompt` — once the new, empty session is the one shown, so each
 * test knows which session it is looking at (a prompt sent earlier also lands in the new session: ui-new-session).
 */
export async function newSession(page: Page, mode: string, prompt: string): Promise<void> {
  await page.getByRole('button', { name: 'Chat', exact: true }).click();
  // a small window starts with the session list collapsed
  const show = page.getByRole('button', { name: 'Show sessions' });
  if (await show.count()) await show.click();
  await page.getByLabel('Approval mode').selectOption(mode);
  const before = await shownSessionId(page);
  await page.getByRole('button', { name: 'New session' }).click();
  for (const until = Date.now() + 15_000; ; await page.waitForTimeout(50)) {
    const now = await shownSessionId(page);
    if (now !== '' && now !== before) break;
    if (Date.now() > until) throw new Error(`the new session was not shown within 15 s (still ${before || 'none'})`);
  }
  await page.getByText('Empty session. Write a prompt below.').waitFor();
  await page.getByLabel('Prompt').waitFor();
  await page.getByLabel('Prompt').fill(prompt);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}
