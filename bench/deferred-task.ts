// Benchmark: end-to-end request tokens of a scripted task that needs three MCP tools ("read the release notes,
// file a GitHub issue, announce it on Slack"), with the catalogue's MCP tools direct (schemas in every request)
// vs deferred (search_extra_tools + execute_extra_tool: three searches and three executions, round trips
// included), at 10, 100 and 1 000 MCP tools. Real sessions (createAgent, temp FLOE_HOME, the default system
// prompt) against the scripted model server, one real stdio MCP server (bench/search-eval/catalogue-server.ts)
// serving whole real npm servers (14 servers, 147 distinct tools; beyond that renamed copies of whole servers:
// bench/search-eval/task.ts). The scripted model runs the wanted tool only if the search listed it in its top 3 (a
// model reads the results and picks), so a search that misses fails the benchmark; it calls a tool listed in short
// form (names and types) without asking for the full schema. Tokens: o200k_base of each request's messages +
// tools JSON, summed over the task.
import fs from 'node:fs';
import path from 'node:path';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { parse as parseYaml } from 'yaml';
import { createAgent } from '../main/sdk/index.js';
import { startModelServer, type RecordedRequest, type ScriptStep } from '../test/fixtures/model-server.js';
import { tempHome } from '../test/helpers/cli.js';
import { machine } from './lib/output.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { median, MIN_RUNS } from './lib/stats.js';
import { TASK_STEPS } from './search-eval/task.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'bench/search-eval/catalogue-server.ts');
const SIZES = [10, 100, 1000] as const;
const MCP = 'tools';
const PROMPT =
  'Read RELEASE_NOTES.md, file a GitHub issue in acme/floe-demo with its checklist, then announce it in #releases on Slack.';

type Mode = 'direct' | 'deferred' | 'deferred-seq';
const MODES: Mode[] = ['direct', 'deferred', 'deferred-seq'];

interface TaskFigures {
  tokens: number;
  requests: number;
  toolListTokens: number;
}

const floeName = (fixtureName: string) => `mcp__${MCP}__${fixtureName.replace(/^mcp__/, '').replace('__', '_')}`;

interface Msg {
  role: string;
  content?: unknown;
}
const text = (m: Msg) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? ''));

/** Names a search_extra_tools output lists, best first. */
function resultNames(output: string): string[] {
  return [...output.matchAll(/\\?"name\\?":\s*\\?"(mcp__[^"\\]+)/g)].map((m) => m[1]!);
}

/**
 * The scripted model. direct: one MCP tool per turn. deferred: searches for the three tools in its first turn (three
 * parallel search_extra_tools calls), then runs one per turn with execute_extra_tool. deferred-seq: searches right
 * before each tool (7 requests). A deferred model runs a tool only if its search listed it in the top 3.
 */
function model(mode: Mode): (req: RecordedRequest) => ScriptStep {
  return (req) => {
    const msgs = (req.body?.messages ?? []) as Msg[];
    const outputs = msgs.filter((m) => m.role === 'tool') as (Msg & { tool_call_id?: string })[];
    const done = outputs.length;
    const usage = { input: 1000, output: 40 };
    const finish = { reply: { text: 'Issue #42 filed and announced in #releases.', usage } };
    const call = (...calls: [string, object][]) => ({
      reply: { toolCalls: calls.map(([name, args], i) => ({ name, arguments: args, id: `c${done}_${i}` })), usage },
    });
    const execute = (k: number, searchOutput: string): ScriptStep => {
      const step = TASK_STEPS[k]!;
      const top3 = resultNames(searchOutput).slice(0, 3);
      const wanted = floeName(step.tool);
      if (!top3.includes(wanted)) {
        return {
          reply: { text: `search for "${step.query}" gave ${top3.join(', ') || 'nothing'}, not ${wanted}`, usage },
        };
      }
      return call(['execute_extra_tool', { tool_name: wanted, params: step.args }]);
    };
    if (mode === 'direct') {
      const step = TASK_STEPS[done];
      return step ? call([floeName(step.tool), step.args]) : finish;
    }
    if (mode === 'deferred') {
      if (done === 0)
        return call(...TASK_STEPS.map((s): [string, object] => ['search_extra_tools', { query: s.query }]));
      const k = done - TASK_STEPS.length;
      if (k >= TASK_STEPS.length) return finish;
      return execute(k, text(outputs.find((o) => o.tool_call_id === `c0_${k}`) ?? { role: 'tool' }));
    }
    const k = Math.floor(done / 2);
    if (k >= TASK_STEPS.length) return finish;
    return done % 2 === 0
      ? call(['search_extra_tools', { query: TASK_STEPS[k]!.query }])
      : execute(k, text(msgs.at(-1)!));
  };
}

function systemConfig(n: number, mode: Mode): string {
  const defaults = parseYaml(fs.readFileSync(path.join(ROOT, 'resources/default-system_config.yaml'), 'utf8')) as {
    system_prompt: string;
  };
  const server = {
    name: MCP,
    config: {
      command: process.execPath,
      args: ['--import', 'tsx', SERVER, String(n)],
      cwd: ROOT,
      connectTimeoutMs: 60_000,
      direct: mode === 'direct',
    },
  };
  return JSON.stringify({ system_prompt: defaults.system_prompt, tools: { mcpServers: [server] } });
}

function requestTokens(req: RecordedRequest): { all: number; tools: number } {
  const tools = encode(JSON.stringify(req.body?.tools ?? [])).length;
  return { all: encode(JSON.stringify(req.body?.messages ?? [])).length + tools, tools };
}

/** One task in a fresh session; checks it really ran the three tools. */
export async function runTask(n: number, mode: Mode): Promise<TaskFigures> {
  const server = await startModelServer({ next: model(mode) });
  const env = tempHome({ baseUrl: server.openaiBaseUrl, systemConfig: systemConfig(n, mode) });
  try {
    const agent = await createAgent({ home: env.home, retrySchedule: [10] });
    const session = await agent.createSession({ workspace: env.workspace });
    try {
      const gen = session.run(PROMPT, { approve: async () => 'allow' });
      let outputs = 0;
      for (;;) {
        const r = await gen.next();
        if (r.done) {
          if (r.value.status !== 'completed') throw new Error(`task ended ${r.value.status} (${n} tools, ${mode})`);
          break;
        }
        const p = r.value.payload as { type?: string; stop_reason?: string };
        if (p.type === 'tool_call_output' && p.stop_reason === 'completed') outputs++;
      }
      const expected = mode === 'direct' ? 3 : 6;
      if (outputs < expected) {
        const last = server.requests.at(-1);
        throw new Error(
          `${n} tools, ${mode}: ${outputs} tool calls completed, ${expected} expected (${JSON.stringify(last?.body?.messages?.at(-1))?.slice(0, 300)})`,
        );
      }
    } finally {
      await session.dispose();
    }
    const counts = server.requests.map(requestTokens);
    return {
      tokens: counts.reduce((s, c) => s + c.all, 0),
      requests: counts.length,
      toolListTokens: counts[0]?.tools ?? 0,
    };
  } finally {
    await server.close();
    env.cleanup();
  }
}

export async function run(): Promise<BenchResult[]> {
  const runs: Record<string, TaskFigures[]> = {};
  for (let i = 0; i < MIN_RUNS; i++) {
    for (const n of SIZES) {
      for (const mode of i % 2 === 0 ? MODES : [...MODES].reverse()) {
        (runs[`${mode}${n}`] ??= []).push(await runTask(n, mode));
      }
    }
  }
  const tokens = (k: string) => runs[k]!.map((r) => r.tokens);
  const absolute: Record<string, number> = {};
  for (const n of SIZES) {
    for (const mode of MODES) {
      const r = runs[`${mode}${n}`]!;
      absolute[`${mode}_${n}_tokens`] = median(r.map((x) => x.tokens));
      absolute[`${mode}_${n}_requests`] = median(r.map((x) => x.requests));
      absolute[`${mode}_${n}_tool_list_tokens`] = median(r.map((x) => x.toolListTokens));
    }
    absolute[`ratio_deferred_vs_direct_${n}`] = absolute[`deferred_${n}_tokens`]! / absolute[`direct_${n}_tokens`]!;
    absolute[`ratio_deferred-seq_vs_direct_${n}`] =
      absolute[`deferred-seq_${n}_tokens`]! / absolute[`direct_${n}_tokens`]!;
  }
  const notes = [
    'task: read_text_file, create_issue, slack_post_message; direct: 4 requests; deferred: 5 (the three searches in the ' +
      'first turn, then one execution per turn); deferred-seq: 7 (a search before each execution)',
    'tokens: o200k_base of JSON.stringify(messages) + JSON.stringify(tools) of every model request, summed',
    'system prompt: resources/default-system_config.yaml; builtin tools as assembled; approvals allowed',
  ];
  const common = { date: new Date().toISOString(), machine: machine(), absolute, notes };
  return [
    makeResult({
      ...common,
      name: 'deferred-task',
      title: 'deferred tools end to end: request tokens of a 3-MCP-tool task with 100 MCP tools, deferred vs direct',
      baseline: { label: '100 MCP tools direct', unit: 'tokens per task', runs: tokens('direct100') },
      subject: {
        label: '100 MCP tools deferred (searches included)',
        unit: 'tokens per task',
        runs: tokens('deferred100'),
      },
      goal: { figure: 'deferred/direct', op: '<=', value: 0.25 },
    }),
    makeResult({
      ...common,
      name: 'deferred-task-flat',
      title: 'deferred tools end to end: request tokens of the same task with 1 000 vs 100 MCP tools, deferred',
      baseline: { label: '100 MCP tools deferred', unit: 'tokens per task', runs: tokens('deferred100') },
      subject: { label: '1 000 MCP tools deferred', unit: 'tokens per task', runs: tokens('deferred1000') },
      goal: { figure: '1000/100', op: '<=', value: 1.1, text: '1000/100 <= 1.1 (flat)' },
    }),
  ];
}
