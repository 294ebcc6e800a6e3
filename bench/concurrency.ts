// Benchmark: concurrency — 20 SDK sessions run at once on the scripted model server (real HTTP on 127.0.0.1),
// 8 of them hand a subtask to a subagent (8 subagents), every session and child runs one exec_command in a real
// pty. Figure: the main event-loop delay p99 during the run; baseline: the same process idle. Temp FLOE_HOME;
// must not touch the user's home or leave servers or processes behind.
import { createAgent } from '../main/sdk/index.js';
import type { OmniMessage } from '../shared/omni/types.js';
import {
  startModelServer,
  type ModelServer,
  type RecordedRequest,
  type ScriptStep,
} from '../test/fixtures/model-server.js';
import { tempHome } from '../test/helpers/cli.js';
import { idleLoop, sampleRss, watchLoop, type LoopDelay } from './lib/loop.js';
import { machine } from './lib/output.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { median, MIN_RUNS } from './lib/stats.js';

const SESSIONS = 20;
const SUBAGENTS = 8;
const IDLE_MS = 3000;
const RUNS = MIN_RUNS;

/** Replies by the task's role (from the first user message) and whether a tool result came back. */
function reply(req: RecordedRequest): ScriptStep {
  const msgs = (req.body?.messages ?? []) as { role: string; content?: unknown }[];
  const text = (m: { content?: unknown }) =>
    typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? '');
  const user = msgs.find((m) => m.role === 'user');
  const prompt = user ? text(user) : '';
  if (msgs.at(-1)?.role === 'tool')
    return { reply: { text: `finished: ${prompt.slice(0, 20)}`, usage: { input: 200, output: 20 } } };
  if (prompt.includes('PARENT')) {
    return {
      reply: {
        toolCalls: [{ name: 'run_subagent', arguments: { prompt: `CHILD of ${prompt}` } }],
        usage: { input: 150, output: 30 },
      },
    };
  }
  return {
    reply: {
      text: 'Running it.',
      toolCalls: [
        {
          name: 'exec_command',
          arguments: { cmd: `printf 'line %s\\n' $(seq 1 200) | tail -n 3; echo '${prompt.slice(0, 12)}'` },
        },
      ],
      usage: { input: 120, output: 25 },
      chunkDelayMs: 2,
    },
  };
}

async function drain(
  gen: AsyncGenerator<OmniMessage, { status: string }>,
): Promise<{ status: string; messages: number }> {
  let messages = 0;
  for (;;) {
    const r = await gen.next();
    if (r.done) return { status: r.value.status, messages };
    messages++;
  }
}

interface RunFigures {
  idle: LoopDelay;
  busy: LoopDelay;
  wallMs: number;
  messages: number;
  rssStartMB: number;
  rssPeakMB: number;
}

/** One measured run: SESSIONS fresh sessions, idle window, then all tasks at once. */
async function oneRun(
  agent: Awaited<ReturnType<typeof createAgent>>,
  workspace: string,
  server: ModelServer,
): Promise<RunFigures> {
  const before = server.requests.length;
  const sessions = await Promise.all(Array.from({ length: SESSIONS }, () => agent.createSession({ workspace })));
  try {
    const idle = await idleLoop(IDLE_MS);
    const rss = sampleRss();
    const w = watchLoop();
    const t0 = performance.now();
    const results = await Promise.all(
      sessions.map((s, i) =>
        drain(s.run(i < SUBAGENTS ? `PARENT task ${i}` : `PLAIN task ${i}`, { approve: async () => 'allow' })),
      ),
    );
    const wallMs = performance.now() - t0;
    const busy = w.stop();
    const mem = rss.stop();
    const failed = results.filter((r) => r.status !== 'completed');
    if (failed.length)
      throw new Error(`${failed.length} of ${SESSIONS} sessions ended ${failed.map((f) => f.status).join(', ')}`);
    const childRequests = server.requests
      .slice(before)
      .filter((r) => JSON.stringify(r.body?.messages ?? '').includes('CHILD of')).length;
    if (childRequests < SUBAGENTS)
      throw new Error(`expected ${SUBAGENTS} subagents to ask the model, saw ${childRequests} requests`);
    return {
      idle,
      busy,
      wallMs,
      messages: results.reduce((a, r) => a + r.messages, 0),
      rssStartMB: mem.firstMB,
      rssPeakMB: mem.peakMB,
    };
  } finally {
    await Promise.all(sessions.map((s) => s.dispose()));
  }
}

export async function run(): Promise<BenchResult[]> {
  const server = await startModelServer({ next: reply });
  const env = tempHome({ baseUrl: server.openaiBaseUrl, systemConfig: 'system_prompt: benchmark agent\n' });
  try {
    const agent = await createAgent({ home: env.home, bare: true, retrySchedule: [50, 50, 50] });
    // warm-up: one parent task (with its subagent) first, so one-time module loading and compilation (tsx compiles
    // lazily imported modules on first use) is not counted as loop delay of the concurrent run
    const warm = await agent.createSession({ workspace: env.workspace });
    const warmed = await drain(warm.run('PARENT warm-up', { approve: async () => 'allow' }));
    await warm.dispose();
    if (warmed.status !== 'completed') throw new Error(`the warm-up task ended ${warmed.status}`);
    const runs: RunFigures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await oneRun(agent, env.workspace, server));
    const idle = runs.map((r) => r.idle);
    const busy = runs.map((r) => r.busy);
    return [
      makeResult({
        name: 'concurrency',
        title: `concurrency: ${SESSIONS} sessions + ${SUBAGENTS} subagents on the scripted model server, event-loop delay`,
        date: new Date().toISOString(),
        machine: machine(),
        baseline: {
          label: `same process idle for ${IDLE_MS / 1000} s (sessions created)`,
          runs: idle.map((l) => l.p99),
          unit: 'ms loop delay p99',
        },
        subject: {
          label: `${SESSIONS} tasks at once (each: model → exec_command → model; 8 via run_subagent)`,
          runs: busy.map((l) => l.p99),
          unit: 'ms loop delay p99',
        },
        goal: { figure: 'p99 ms', op: '<', value: 50 },
        figureRuns: busy.map((l) => l.p99),
        absolute: {
          runs: RUNS,
          idle_p50_ms_median: median(idle.map((l) => l.p50)),
          run_p50_ms_median: median(busy.map((l) => l.p50)),
          run_max_ms_max: Math.max(...busy.map((l) => l.max)),
          run_wall_ms_median: median(runs.map((r) => r.wallMs)),
          model_requests: server.requests.length,
          messages_streamed_per_run: runs[0]!.messages,
          rss_start_mb: runs[0]!.rssStartMB,
          rss_peak_mb_max: Math.max(...runs.map((r) => r.rssPeakMB)),
        },
        notes: [
          `${RUNS} runs, each with ${SESSIONS} fresh sessions; one warm-up parent task runs first and is not measured`,
          'SDK createAgent with a temp FLOE_HOME, --bare (no MCP), approve = allow; loop delay from perf_hooks.monitorEventLoopDelay (5 ms resolution)',
        ],
      }),
    ];
  } finally {
    await server.close();
    env.cleanup();
  }
}
