// Benchmark of memory at rest (issue 21): the resident set (VmRSS) of `floe web` (the built command, the host with
// its store, MCP-free default agent and web server) 3 s after it printed its URL with one page connected, and of
// the Chromium renderer process showing that page (the chat screen with a project open). Each of 5 rounds starts a
// fresh host and browser. Baseline: the RSS of `node -e` waiting (Node's own floor). Goals: host ≤ 250 MB,
// renderer ≤ 300 MB. Linux only (/proc). Must not touch the user's FLOE_HOME.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { bundleProblem } from '../bin/cli-bundle.mjs';
import { openProject } from '../e2e/harness.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../test/helpers/chromium.js';
import { sleep } from './lib/loop.js';
import { machine } from './lib/output.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { MIN_RUNS } from './lib/stats.js';

const REPO = resolve(import.meta.dirname, '..');
const ROUNDS = Math.max(MIN_RUNS, 5);
const IDLE_MS = 3000;

/** VmRSS of a process in MB. */
function rssMB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for process ${pid}`);
  return Number(m[1]) / 1024;
}

/** Process ids of the descendants of `root` whose command line contains `needle`. */
function descendants(root: number, needle: string): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const under = (pid: number): boolean => {
    for (let p = parent.get(pid); p; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  return [...parent.keys()].filter((pid) => {
    if (!under(pid)) return false;
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(needle);
    } catch {
      return false;
    }
  });
}

function startWeb(home: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolveP, reject) => {
    const child = spawn(process.execPath, [join(REPO, 'bin/floe.mjs'), 'web', '--port', '0'], {
      env: { ...process.env, FLOE_HOME: home, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const fail = setTimeout(() => reject(new Error(`floe web printed no URL in 60 s: ${err}`)), 60_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m) {
        clearTimeout(fail);
        resolveP({ child, url: m[1]! });
      }
    });
    child.stderr!.on('data', (d) => (err += d));
    child.on('exit', (code) => reject(new Error(`floe web exited ${code}: ${err}`)));
  });
}

export async function run(): Promise<BenchResult[]> {
  const problem = bundleProblem(REPO);
  if (problem) throw new Error(`${problem}: run \`npm run build:cli\` first (prebench does)`);
  const root = mkdtempSync(join(tmpdir(), 'floe-bench-mem-'));
  const host: number[] = [];
  const renderer: number[] = [];
  const node: number[] = [];
  try {
    for (let r = 0; r < ROUNDS; r++) {
      const idle = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
      await sleep(IDLE_MS);
      node.push(rssMB(idle.pid!));
      idle.kill('SIGKILL');

      const home = join(root, `home${r}`);
      const ws = join(root, `ws${r}`);
      mkdirSync(home);
      mkdirSync(ws);
      const web = await startWeb(home);
      const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
      try {
        const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
        page.setDefaultTimeout(30_000);
        await page.goto(web.url);
        await openProject(page, ws);
        await page.getByRole('button', { name: 'Chat', exact: true }).click();
        await sleep(IDLE_MS);
        host.push(rssMB(web.child.pid!));
        // the browser is this process' child: its renderers are among our descendants (one browser at a time)
        const renderers = descendants(process.pid, '--type=renderer');
        if (!renderers.length) throw new Error('no Chromium renderer process found');
        renderer.push(Math.max(...renderers.map(rssMB)));
      } finally {
        await browser.close().catch(() => undefined);
        web.child.kill('SIGTERM');
      }
    }
    const common = { date: new Date().toISOString(), machine: machine() };
    const baseline = { label: 'node -e waiting: RSS after 3 s', unit: 'MB', runs: node };
    return [
      makeResult({
        name: 'idle-memory-host',
        title: 'floe web at rest: host RSS',
        ...common,
        baseline,
        subject: { label: 'floe web (built command) RSS 3 s after a page opened a project', unit: 'MB', runs: host },
        goal: { figure: 'MB', op: '<=', value: 250 },
        figureRuns: host,
        absolute: { rounds: ROUNDS },
        notes: ['VmRSS from /proc; a fresh FLOE_HOME, host and browser per round'],
      }),
      makeResult({
        name: 'idle-memory-renderer',
        title: 'the UI at rest: Chromium renderer RSS',
        ...common,
        baseline,
        subject: {
          label: 'RSS of the renderer process of the page (chat screen, project open)',
          unit: 'MB',
          runs: renderer,
        },
        goal: { figure: 'MB', op: '<=', value: 300 },
        figureRuns: renderer,
        absolute: { rounds: ROUNDS },
        notes: [
          'Chromium as the Electron stand-in (same renderer engine); the largest renderer process of the browser',
        ],
      }),
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
