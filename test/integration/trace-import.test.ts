// `floe traces import` as a user meets it (issue 14): a crashed session's trace (torn last line) imports with a
// warning and exports its intact lines byte for byte; a session_meta with a bad id or timestamp is one clear
// line, exit 2, no stack trace; a parent and its subagent imported together are linked; the seed protocol's
// MCP status `completed` shows as connected. Real `floe` processes on a temp FLOE_HOME.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonLines, runCli, tempHome, type TempHome } from '../helpers/cli.js';

let env: TempHome;
afterEach(() => env?.cleanup());

const line = (o: object): string => JSON.stringify(o);
const meta = (id: string, extra: object = {}, ts = '2025-06-01T08:00:00.000Z') =>
  line({
    timestamp: ts,
    type: 'session_meta',
    payload: {
      session_id: id,
      provider: 'acme',
      model_id: 'big',
      model_context_window: 1000,
      system_prompt: 's',
      agent_state: {},
      workspace: '/tmp/x',
      ...extra,
    },
  });
const ev = (payload: object, ts = '2025-06-01T08:00:01.000Z') => line({ timestamp: ts, type: 'event_msg', payload });
const text = (role: string, t: string) =>
  line({ timestamp: '2025-06-01T08:00:02.000Z', type: 'model_msg', payload: { type: 'text', role, text: t } });

function write(name: string, content: string): string {
  const f = path.join(env.workspace, name);
  fs.writeFileSync(f, content);
  return f;
}

describe('floe traces import', () => {
  it('a torn last line is left out with a warning; export gives the intact lines byte for byte', async () => {
    env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
    const intact =
      [
        meta('crashed-1'),
        ev({ type: 'mcp_connect_begin', servers: ['filesystem'] }),
        ev({
          type: 'mcp_connect_end',
          status: 'completed',
          results: [{ server: 'filesystem', status: 'completed', duration_ms: 3, tool_count: 4 }],
        }),
        text('user', 'tidy ünïcødé'),
        ev({ type: 'request_begin' }),
      ].join('\n') + '\n';
    const torn = '{"timestamp":"2025-06-01T08:00:03.000Z","type":"model_msg","payload":{"type":"text","role":"assis';
    const file = write('crashed.jsonl', intact + torn);
    const r = await runCli(['traces', 'import', file], { home: env.home });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('imported crashed-1\n');
    expect(r.stderr).toBe(
      `floe: warning: ${file}: line 6 is torn (the trace ends in the middle of a record, as after a crash); it was left out and the lines before it imported\n`,
    );
    const out = await runCli(['traces', 'export', 'crashed-1'], { home: env.home });
    expect(out.code).toBe(0);
    expect(out.stdout).toBe(intact);
    // the seed protocol's MCP status reads as connected, not "skipped: completed"
    const shown = await runCli(['traces', 'show', 'crashed-1'], { home: env.home });
    expect(shown.stdout).not.toContain('skipped');
    expect(shown.stdout).toContain('› tidy ünïcødé');
  });

  it('a bad session id or timestamp in session_meta: one line naming file, line and fix; exit 2; no stack', async () => {
    env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
    const badId = write('bad-id.jsonl', meta('../etc') + '\n');
    const badTs = write('bad-ts.jsonl', meta('otherharness-9', {}, 'yesterday') + '\n');
    const a = await runCli(['traces', 'import', badId], { home: env.home });
    expect(a.code).toBe(2);
    expect(a.stderr).toBe(
      `floe: ${badId}: The trace cannot be imported: line 1: session_meta.payload.session_id must be a non-empty string of letters, digits, "_", "-" and "." (got "../etc").\n`,
    );
    const b = await runCli(['traces', 'import', '--', badTs], { home: env.home });
    expect(b.code).toBe(2);
    expect(b.stderr).toBe(
      `floe: ${badTs}: The trace cannot be imported: line 1: session_meta.timestamp "yesterday" is not a date-time; use ISO 8601 UTC, e.g. 2026-11-30T19:00:00.000Z.\n`,
    );
    const list = await runCli(['traces', 'list', '--json'], { home: env.home });
    expect(jsonLines(list.stdout)).toEqual([]); // nothing half-imported
  });

  it('a parent and its subagent imported together link through the subagent pointer (either order)', async () => {
    env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
    const parent = write(
      'parent.jsonl',
      [meta('parent-1'), text('user', 'delegate'), ev({ type: 'subagent', session_id: 'child-1' })].join('\n') + '\n',
    );
    const child = write(
      'child.jsonl',
      [
        meta('child-1', { source: 'subagent', agent_state: { parent_session_id: 'parent-1', depth: 1 } }),
        text('user', 'sub task'),
      ].join('\n') + '\n',
    );
    const r = await runCli(['traces', 'import', child, parent], { home: env.home });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('imported child-1\nimported parent-1\n');
    const rows = jsonLines((await runCli(['traces', 'list', '--json'], { home: env.home })).stdout);
    const by = Object.fromEntries(rows.map((x) => [x.sessionId, [x.source, x.parentSessionId]]));
    expect(by).toEqual({ 'parent-1': ['import', null], 'child-1': ['subagent', 'parent-1'] });
  });
});
