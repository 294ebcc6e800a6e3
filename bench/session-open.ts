// Benchmark of opening a long session in the chat (issue 21): a session of 12 000 and one of 100 000 trace
// messages (tasks of a prompt, request begin/end with token usage, assistant text, a tool call with its approval and
// output, every 20th task a subagent's message), imported into a temp FLOE_HOME through the host. One open is what
// the renderer waits for: the host's `sessions.transcript` (reading the trace), the WebSocket frame (JSON.stringify
// and JSON.parse of the answer) and the renderer's transcript fold (reduceAll of renderer/src/features/chat/
// transcript.ts, the same code). Drawing is not in it: the list is virtualised and draws the visible rows only,
// whatever the length. Baseline, interleaved: readFileSync + JSON.parse of every line of the same trace. Goals:
// 12 k ≤ 1 000 ms, 100 k ≤ 5 000 ms. Also reported: the heap the folded 100 k transcript holds.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHost } from '../main/host/index.js';
import { findTraceFiles } from '../main/trace/index.js';
import { emptyTranscript, reduceAll } from '../renderer/src/features/chat/transcript.js';
import type { OmniMessage } from '../shared/omni/types.js';
import { machine } from './lib/output.js';
import { makeResult, type BenchResult } from './lib/result.js';
import { MIN_RUNS } from './lib/stats.js';

const ROUNDS = Math.max(MIN_RUNS, 5);
const SIZES = [12_000, 100_000];

/** A session's trace of about n messages as JSON lines, session_meta first. */

function sessionTrace(sessionId: string, n: number): string {
  const t0 = Date.parse('2026-03-01T10:00:00.000Z');
  let k = 0;
  const at = () => new Date(t0 + k++ * 7).toISOString();
  const lines: object[] = [
    {
      timestamp: at(),
      type: 'session_meta',
      payload: {
        session_id: sessionId,
        provider: 'mock',
        model_id: 'm1',
        model_context_window: 128_000,
        system_prompt: 'benchmark agent',
        agent_state: {},
        workspace: '/tmp/bench-ws',
      },
    },
  ];
  const model = (payload: object, origin?: string[]) => ({
    timestamp: at(),
    type: 'model_msg',
    payload,
    ...(origin ? { origin } : {}),
  });
  const event = (payload: object) => ({ timestamp: at(), type: 'event_msg', payload });
  for (let t = 0; lines.length < n; t++) {
    const id = `call-${t}`;
    lines.push(
      model({ type: 'text', role: 'user', text: `task ${t}: list the files in src/${t} and count them ✓ 日本語` }),
      event({ type: 'request_begin' }),
      model({ type: 'text', role: 'assistant', text: `Looking at src/${t}. I will list it first.` }),
      model({
        type: 'tool_call',
        name: 'exec_command',
        arguments: `{"cmd":"ls -la src/${t} | wc -l"}`,
        tool_call_id: id,
      }),
      event({ type: 'request_end', status: 'completed' }),
      event({ type: 'token_usage', request: { input: 900 + t, output: 40, total: 940 + t } }),
      event({ type: 'approval_decision', decision: 'allow', tool_call_id: id, decided_by: 'mode' }),
      model({
        type: 'tool_call_output',
        tool_call_id: id,
        output: `${t % 97}\n[exit code: 0]`,
        stop_reason: 'completed',
      }),
      event({ type: 'request_begin' }),
      model({ type: 'text', role: 'assistant', text: `There are ${t % 97} entries in src/${t}.` }),
      event({ type: 'request_end', status: 'completed' }),
    );
    if (t % 20 === 0) lines.push(model({ type: 'text', role: 'user', text: 'a subagent task' }, [`child-${t}`]));
  }
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

export async function run(): Promise<BenchResult[]> {
  const root = mkdtempSync(join(tmpdir(), 'floe-bench-open-'));
  const host = createHost({ home: root, mode: 'web' });
  const call = async <T>(method: string, params: object): Promise<T> => {
    const r = await host.call(method, params);
    if (!r.ok) throw new Error(`${method}: ${r.error.code}: ${r.error.message}`);
    return r.value as T;
  };
  try {
    const out: BenchResult[] = [];
    for (const n of SIZES) {
      const sid = `20260301-100000-open${n}`;
      const jsonl = sessionTrace(sid, n);
      const imported = await call<{ sessionId: string }>('traces.import', { jsonl });
      const file = findTraceFiles(root, imported.sessionId)[0]!;
      const raw: number[] = [];
      const open: number[] = [];
      let items = 0;
      let messages = 0;
      let heapMB = 0;
      for (let r = 0; r < ROUNDS; r++) {
        let t0 = performance.now();
        const parsed = readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as unknown);
        raw.push(performance.now() - t0);
        if (parsed.length < n) throw new Error(`the trace has ${parsed.length} lines, not ${n}`);

        globalThis.gc?.();
        const before = process.memoryUsage().heapUsed;
        t0 = performance.now();
        const answer = await call<{ messages: OmniMessage[] }>('sessions.transcript', {
          sessionId: imported.sessionId,
        });
        const frame = JSON.parse(JSON.stringify({ ok: true, value: answer })) as { value: { messages: OmniMessage[] } };
        const t = reduceAll(emptyTranscript(), frame.value.messages);
        open.push(performance.now() - t0);
        messages = frame.value.messages.length;
        items = t.view.length;
        globalThis.gc?.();
        heapMB = Math.max(heapMB, (process.memoryUsage().heapUsed - before) / 2 ** 20);
        if (t.view.length !== t.items.length || !items) throw new Error('the transcript came out empty');
      }
      const label = n >= 100_000 ? '100k' : `${n / 1000}k`;
      out.push(
        makeResult({
          name: `session-open-${label}`,
          title: `opening a ${n.toLocaleString('en')}-message session: trace read, frame, transcript fold`,
          date: new Date().toISOString(),
          machine: machine(),
          baseline: { label: 'readFileSync + JSON.parse of every line of the trace', unit: 'ms', runs: raw },
          subject: {
            label: 'sessions.transcript + JSON frame round trip + reduceAll (the renderer fold)',
            unit: 'ms',
            runs: open,
          },
          goal: { figure: 'ms', op: '<=', value: n >= 100_000 ? 5000 : 1000 },
          figureRuns: open,
          absolute: {
            messages,
            transcript_items: items,
            trace_bytes: Buffer.byteLength(jsonl),
            transcript_heap_mb_max: Math.round(heapMB * 10) / 10,
          },
          notes: [
            'in-process host (createHost) on a temp FLOE_HOME; the session imported through traces.import',
            'drawing is not timed: the transcript list is virtualised (react-virtuoso), it draws the visible rows only',
            'transcript_heap_mb_max: heap held after the open (the messages and the folded transcript), after GC',
          ],
        }),
      );
    }
    return out;
  } finally {
    await host.dispose();
    rmSync(root, { recursive: true, force: true });
  }
}
