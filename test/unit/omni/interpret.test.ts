// Trace events shown the same way in the CLI, the transcript and the timeline: MCP results of the seed protocol
// (status "completed") are successes, real failures are named; host_died reads as a crash, not a user abort.
import { describe, expect, it } from 'vitest';
import { humanRenderer } from '../../../main/cli/render.js';
import { describeRecord } from '../../../main/store/trace-row.js';
import { emptyTranscript, reduceMessage } from '../../../renderer/src/features/chat/transcript.js';
import { flattenTrace } from '../../../shared/trace-flatten.js';
import { hostDiedText, mcpServerFailed } from '../../../shared/omni/interpret.js';
import type { OmniMessage } from '../../../shared/omni/types.js';

const ev = (payload: object): OmniMessage =>
  ({ timestamp: '2026-11-30T19:00:00.000Z', type: 'event_msg', payload }) as OmniMessage;
const seedMcpEnd = ev({
  type: 'mcp_connect_end',
  status: 'completed',
  results: [{ server: 'filesystem', status: 'completed', duration_ms: 5, tool_count: 3 }],
});
const oursFailed = ev({
  type: 'mcp_connect_end',
  status: 'partial',
  results: [
    { server: 'files', status: 'connected', duration_ms: 5, tool_count: 3 },
    { server: 'tickets', status: 'failed', duration_ms: 10000, tool_count: 0, error: 'connect timeout after 10000ms' },
  ],
});
const died = ev({ type: 'host_died', pid: 4242, kind: 'floe run', since: '2026-11-30T18:59:00.000Z' });

function cli(m: OmniMessage): string {
  let out = '';
  const r = humanRenderer((s) => (out += s), false);
  r.push(m);
  r.end();
  return out;
}

describe('event interpretation', () => {
  it('an MCP result fails only when it says so or carries an error', () => {
    expect(['connected', 'completed', 'ok'].map((status) => mcpServerFailed({ status }))).toEqual([
      false,
      false,
      false,
    ]);
    expect(mcpServerFailed({ status: 'failed' })).toBe(true);
    expect(mcpServerFailed({ status: 'timeout' })).toBe(true);
    expect(mcpServerFailed({ status: 'connected', error: 'boom' })).toBe(true);
  });
  it('CLI: the seed protocol\'s "completed" prints nothing; a failed server is named with its error', () => {
    expect(cli(seedMcpEnd)).toBe('');
    expect(cli(oursFailed)).toBe('! MCP server "tickets" skipped: connect timeout after 10000ms\n');
    expect(cli(died)).toBe('! the process running the session died (floe run, pid 4242)\n');
  });
  it("CLI: a tool output is marked by how the call ended, a crash apart from the person's Stop", () => {
    const out = (extra: object) =>
      cli({
        timestamp: '2026-11-30T19:00:00.000Z',
        type: 'model_msg',
        payload: { type: 'tool_call_output', tool_call_id: 'c', output: 'o\n', ...extra },
      } as OmniMessage);
    expect(out({ stop_reason: 'completed', exit_code: 0 })).toBe('◀ output\n  o\n');
    expect(out({ stop_reason: 'failed', exit_code: 2 })).toBe('◀ output [failed]\n  o\n');
    expect(out({ stop_reason: 'timeout' })).toBe('◀ output [timeout]\n  o\n');
    expect(out({ stop_reason: 'aborted', aborted_by: 'user' })).toBe('◀ output [aborted]\n  o\n');
    expect(out({ stop_reason: 'aborted', aborted_by: 'host' })).toBe('◀ output [interrupted]\n  o\n');
    expect(out({ stop_reason: 'aborted', aborted_by: 'approval' })).toBe('◀ output [denied]\n  o\n');
  });
  it('transcript: seed MCP end is "connected"; host_died is a warning marker, not "Task aborted"', () => {
    const labels = (m: OmniMessage) =>
      reduceMessage(emptyTranscript(), m).items.map((i) => ('label' in i ? i.label : i.kind));
    expect(labels(seedMcpEnd)).toEqual(['MCP servers connected (1)']);
    expect(labels(oursFailed)).toEqual(['MCP servers failed: tickets']);
    expect(labels(died)).toEqual(['Task ended: the process running the session died (floe run, pid 4242)']);
  });
  it('timeline: host_died is an error marker with its text', () => {
    const f = describeRecord(died);
    expect(f.excerpt).toBe(hostDiedText(died.payload as never));
    const rows = flattenTrace(
      [
        {
          seq: 0,
          offset: 0,
          part: 1,
          length: 10,
          timestamp: f.timestamp,
          kind: f.kind,
          status: f.status,
          toolName: null,
          toolCallId: null,
          durationMs: null,
          tokens: null,
          origin: [],
          excerpt: f.excerpt,
        },
      ],
      's',
    );
    expect(rows.map((r) => [r.label, r.status, r.detail])).toEqual([
      ['host died', 'error', 'the process running the session died (floe run, pid 4242)'],
    ]);
  });
});
