// Opening a large trace in the trace browser fetches only the rows it shows (issue 21): the renderer's trace store
// against a real host (createHost, the trace imported and indexed) through a fake Api that counts every call.
// Before, opening fetched every record of the trace (traces.page, 5 000 at a time) and flattened them all in the
// page, which froze a 500 MB trace's page for a second. Then the last rows, a kind filter, a search, a jump to a
// tool call and a subagent's rows nested under it work through the same pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../shared/api.js';
import { setApi } from '../../renderer/src/api/client.js';
import { ROWS_PAGE, rowAt, useTraces } from '../../renderer/src/features/traces/store.js';
import { createHost, type HostService } from '../../main/host/index.js';
import { tempHome, type TempHome } from '../helpers/cli.js';
import { ok } from '../helpers/host.js';

const ID = 'session-2026-11-20-11-00-00-1a9e1a9e';
const CHILD = 'session-2026-11-20-11-00-01-c41dc41d';
const TURNS = 4000;
/** rows per turn: the user's text, the request, the tool call (its output joins it), the answer */
const ROWS_PER_TURN = 4;

function trace(id: string, turns: number, o: { subagentAt?: number } = {}): string {
  const t0 = Date.parse('2026-11-20T11:00:00.000Z');
  let n = 0;
  const lines: string[] = [];
  const put = (type: string, payload: object) =>
    lines.push(JSON.stringify({ timestamp: new Date(t0 + n++ * 5).toISOString(), type, payload }));
  put('session_meta', {
    session_id: id,
    provider: 'local',
    model_id: 'scripted',
    model_context_window: 200000,
    system_prompt: 'test',
    agent_state: { agent: 'default', model: 'local/scripted' },
    workspace: '/w',
  });
  for (let c = 0; c < turns; c++) {
    put('model_msg', { type: 'text', role: 'user', text: `step ${c}` });
    put('event_msg', { type: 'request_begin' });
    const cmd = `echo ${c === turns - 1 ? 'LAST' : c}`;
    put('model_msg', {
      type: 'tool_call',
      name: 'exec_command',
      arguments: JSON.stringify({ cmd }),
      tool_call_id: `c${c}`,
    });
    const output = c === 1234 ? 'the NEEDLE is here' : `out ${c}`;
    put('model_msg', { type: 'tool_call_output', output, tool_call_id: `c${c}`, stop_reason: 'completed' });
    if (c === o.subagentAt) put('event_msg', { type: 'subagent', session_id: CHILD, agent: 'default' });
    put('model_msg', { type: 'text', role: 'assistant', text: `turn ${c} done` });
    put('event_msg', { type: 'request_end', status: 'completed' });
  }
  return lines.join('\n') + '\n';
}

let env: TempHome;
let host: HostService;
const calls: { method: string; params: any }[] = [];

beforeAll(async () => {
  env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
  host = createHost({ home: env.home, mode: 'desktop' });
  await ok(host, 'traces.import', { jsonl: trace(CHILD, 2) });
  await ok(host, 'traces.import', { jsonl: trace(ID, TURNS, { subagentAt: 10 }) });
  const api: Api = {
    call: ((method: string, params: any) => {
      calls.push({ method, params });
      return host.call(method, params);
    }) as Api['call'],
    on: () => () => undefined,
  };
  setApi(api);
}, 120_000);

afterAll(async () => {
  await host?.dispose();
  env?.cleanup();
});

const rowCalls = () => calls.filter((c) => c.method === 'traces.rows' || c.method === 'traces.page');

describe('the trace browser pages a large trace', () => {
  it('opening it asks the host for one page of rows, never for every record', async () => {
    calls.length = 0;
    await useTraces.getState().open(ID);
    const s = useTraces.getState();
    expect(s.error).toBeNull();
    expect(rowCalls()).toEqual([
      { method: 'traces.rows', params: expect.objectContaining({ sessionId: ID, offset: 0, limit: ROWS_PAGE }) },
    ]);
    expect(s.records).toBe(1 + TURNS * 6 + 1);
    expect(s.total).toBe(TURNS * ROWS_PER_TURN + 1);
    expect(Object.keys(s.pages)).toEqual(['0']);
    expect(rowAt(s, 0)).toMatchObject({ kind: 'message', detail: 'step 0' });
    expect(rowAt(s, ROWS_PAGE)).toBeUndefined();
    // the axis covers the whole trace all the same
    expect(s.axis.t1 - s.axis.t0).toBeGreaterThan(TURNS * 6 * 5 - 100);
  });

  it('the rows drawn at the end fetch their page only', async () => {
    calls.length = 0;
    const { total } = useTraces.getState();
    useTraces.getState().showRange(total - 20, total - 1);
    useTraces.getState().showRange(total - 20, total - 1); // asked again while in flight: not fetched twice
    await expect.poll(() => rowAt(useTraces.getState(), total - 1)).toBeDefined();
    // the rows drawn span the last two pages (the last holds one row)
    expect(total % ROWS_PAGE).toBe(1);
    expect(rowCalls().map((c) => c.params.offset)).toEqual([total - 1 - ROWS_PAGE, total - 1]);
    const tool = rowAt(useTraces.getState(), total - 2)!;
    expect(tool).toMatchObject({ kind: 'tool', detail: 'echo LAST', status: 'ok' });
  });

  it('a kind filter and a search apply over the whole trace, fetching the pages shown', async () => {
    calls.length = 0;
    useTraces.getState().toggleKind('message');
    await expect.poll(() => useTraces.getState().total).toBe(TURNS * 2 + 1);
    // the two pages drawn last are asked for again in the new view, past its end now: then its last page
    expect(rowCalls().map((c) => [c.params.offset, c.params.hidden])).toEqual([
      [TURNS * ROWS_PER_TURN - ROWS_PAGE, ['message']],
      [TURNS * ROWS_PER_TURN, ['message']],
      [Math.floor((TURNS * 2) / ROWS_PAGE) * ROWS_PAGE, ['message']],
    ]);
    expect(rowAt(useTraces.getState(), TURNS * 2)).toMatchObject({ kind: 'tool', detail: 'echo LAST' });
    useTraces.getState().toggleKind('message');
    await expect.poll(() => useTraces.getState().total).toBe(TURNS * ROWS_PER_TURN + 1);

    await useTraces.getState().setSearch('NEEDLE');
    let s = useTraces.getState();
    expect(s.hits).toBe(1);
    expect(s.total).toBe(1);
    expect(rowAt(s, 0)).toMatchObject({ kind: 'tool', toolCallId: 'c1234' });
    await useTraces.getState().setSearch('');
    s = useTraces.getState();
    expect(s.hits).toBeNull();
    expect(s.total).toBe(TURNS * ROWS_PER_TURN + 1);
  });

  it('a subagent row expands into its trace, nested under it', async () => {
    useTraces.getState().showRange(0, 30);
    await expect.poll(() => rowAt(useTraces.getState(), 0)).toBeDefined();
    const s = useTraces.getState();
    const at = [...Array(ROWS_PAGE).keys()].find((i) => rowAt(s, i)?.kind === 'subagent')!;
    const sub = rowAt(s, at)!;
    expect(sub.childSessionId).toBe(CHILD);
    await useTraces.getState().toggleExpand(sub);
    const after = useTraces.getState();
    expect(after.total).toBe(s.total + 2 * ROWS_PER_TURN);
    expect(rowAt(after, at + 1)).toMatchObject({ sessionId: CHILD, depth: 1, parent: at, detail: 'step 0' });
    await useTraces.getState().toggleExpand(sub);
    expect(useTraces.getState().total).toBe(s.total);
  });

  it('a jump to a tool call selects its row, fetching its page only', async () => {
    calls.length = 0;
    await useTraces.getState().openAt(ID, 'c3000');
    const s = useTraces.getState();
    expect(s.selected).toMatchObject({ kind: 'tool', toolCallId: 'c3000', detail: 'echo 3000' });
    const index = 3000 * ROWS_PER_TURN + 1 + 2;
    expect(rowCalls().map((c) => c.params.offset)).toEqual([0, Math.floor(index / ROWS_PAGE) * ROWS_PAGE]);
  });
});
