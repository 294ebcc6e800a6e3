// Benchmark of the `floe` command's start (issue 21): wall time from spawning `node bin/floe.mjs --version` and
// `--help` to the process' exit, and from spawning `floe run --bare "hi"` (a temp FLOE_HOME whose only provider is
// the scripted model server) to that server receiving the first model request. Baseline, interleaved in the same
// rounds: spawning `node -e 0` to its exit, Node's own start on this machine. Goals: --version and --help ≤ 150 ms
// and ≤ 3 × node -e 0; run to the first request ≤ 400 ms. Runs the built command (out/cli, `npm run build:cli`;
// prebench builds it when stale) and refuses to measure the sources' fallback. Must not touch the user's FLOE_HOME.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startModelServer, type ModelServer } from '../test/fixtures/model-server.js';
import { bundleProblem } from '../bin/cli-bundle.mjs';
import { machine } from './lib/output.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { MIN_RUNS } from './lib/stats.js';

const REPO = resolve(import.meta.dirname, '..');
const FLOE = join(REPO, 'bin', 'floe.mjs');
const ROUNDS = Math.max(MIN_RUNS, 9);

/** Spawns node with args; resolves with ms from spawn to exit (or to `until` resolving, then kills it). */
function timed(args: string[], env: NodeJS.ProcessEnv, until?: () => Promise<void>): Promise<number> {
  return new Promise((resolveP, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const watchdog = setTimeout(() => child.kill('SIGKILL'), 30_000);
    let done = false;
    const finish = (ms: number) => {
      if (done) return;
      done = true;
      resolveP(ms);
    };
    if (until)
      void until().then(() => {
        finish(performance.now() - t0);
        child.kill('SIGKILL');
      }, reject);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(watchdog);
      if (until && !done) reject(new Error(`floe run exited (${code}) before its first model request: ${err}`));
      else if (!until && code !== 0) reject(new Error(`${args.join(' ')} exited ${code}: ${err}`));
      else if (!until && err) reject(new Error(`${args.join(' ')} wrote to stderr: ${err}`));
      else finish(performance.now() - t0);
    });
  });
}

/** Resolves when the server has received one more model request than now. */
function nextRequest(server: ModelServer): () => Promise<void> {
  return () => {
    const seen = server.requests.length;
    return new Promise((r) => {
      const poll = setInterval(() => {
        if (server.requests.length > seen) {
          clearInterval(poll);
          r();
        }
      }, 1);
    });
  };
}

export async function run(): Promise<BenchResult[]> {
  const problem = bundleProblem(REPO);
  if (problem) throw new Error(`${problem}: run \`npm run build:cli\` first (prebench does)`);
  const root = mkdtempSync(join(tmpdir(), 'floe-bench-cli-'));
  const server = await startModelServer({ next: () => ({ reply: { text: 'hello' } }) });
  try {
    const home = join(root, 'home');
    const ws = join(root, 'ws');
    mkdirSync(home);
    mkdirSync(ws);
    writeFileSync(
      join(home, 'config.yaml'),
      [
        'providers:',
        '  - name: mock',
        '    protocol: openai',
        `    base_url: ${server.openaiBaseUrl}`,
        '    api_key: test-key',
        '    models:',
        '      - id: m1',
        '        context_window: 32000',
        'default_model: mock/m1',
        '',
      ].join('\n'),
      { mode: 0o600 },
    );
    const env = { ...process.env, FLOE_HOME: home, NO_COLOR: '1' };
    const runArgs = [FLOE, 'run', '--bare', '-w', ws, 'hi'];
    // warm the file cache and FLOE_HOME's first-use setup (defaults, floe.db) once on each path
    await timed(['-e', '0'], env);
    await timed([FLOE, '--version'], env);
    await timed(runArgs, env, nextRequest(server));

    const node: number[] = [];
    const version: number[] = [];
    const help: number[] = [];
    const toRequest: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      node.push(await timed(['-e', '0'], env));
      version.push(await timed([FLOE, '--version'], env));
      help.push(await timed([FLOE, '--help'], env));
      toRequest.push(await timed(runArgs, env, nextRequest(server)));
    }
    const common = { date: new Date().toISOString(), machine: machine() };
    const baseline = { label: 'spawn of node -e 0 to its exit', unit: 'ms', runs: node };
    const absolute = { rounds: ROUNDS };
    const pairs: [string, string, number[]][] = [
      ['version', 'floe --version', version],
      ['help', 'floe --help', help],
    ];
    const out: BenchResult[] = [];
    for (const [key, label, runs] of pairs) {
      const subject = { label: `spawn of ${label} (the built command) to its exit`, unit: 'ms', runs };
      out.push(
        makeResult({
          name: `cli-${key}-ms`,
          title: `${label}: wall time`,
          ...common,
          baseline,
          subject,
          goal: { figure: 'ms', op: '<=', value: 150 },
          figureRuns: runs,
          absolute,
          notes: ['each round: node -e 0, --version, --help, run (interleaved)'],
        }),
        makeResult({
          name: `cli-${key}-ratio`,
          title: `${label} against node -e 0`,
          ...common,
          baseline,
          subject,
          goal: { figure: 'ratio', op: '<=', value: 3 },
          absolute,
          notes: ['per-round ratio to node -e 0 of the same round'],
        }),
      );
    }
    out.push(
      makeResult({
        name: 'cli-run-first-request',
        title: 'floe run: spawn to the first model request',
        ...common,
        baseline,
        subject: {
          label: 'spawn of floe run --bare "hi" to the model server receiving the request',
          unit: 'ms',
          runs: toRequest,
        },
        goal: { figure: 'ms', op: '<=', value: 400 },
        figureRuns: toRequest,
        absolute,
        notes: [
          'a temp FLOE_HOME with one openai-compatible provider (the scripted model server on 127.0.0.1), --bare (no MCP)',
          'the process is killed once the request arrived',
        ],
      }),
    );
    return out;
  } finally {
    await server.close().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  }
}
