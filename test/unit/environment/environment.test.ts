import { describe, expect, it } from 'vitest';
import { HostStop } from '../../../main/environment/close-out.js';
import { runTool } from '../../../main/environment/environment.js';
import type { Tool, ToolDefinition, ToolResult, ToolYield } from '../../../main/environment/types.js';
import type { OmniMessage, ToolCallOutputPayload } from '../../../shared/omni/types.js';

function tool(
  def: Partial<ToolDefinition>,
  body: (signal: AbortSignal) => AsyncGenerator<ToolYield, ToolResult | void>,
): Tool {
  return {
    definition: { name: 't', description: '', parameters: { type: 'object' }, permission: 'r', ...def },
    execute: (_args, ctx) => body(ctx.signal),
  };
}

async function exec(t: Tool, signal?: AbortSignal) {
  const msgs: OmniMessage[] = [];
  const gen = runTool({
    tool: t,
    args: {},
    signal,
    ctx: {
      workspace: '/tmp',
      toolCallId: 'c1',
      call: { type: 'tool_call', name: 't', arguments: '{}', tool_call_id: 'c1' },
      services: {},
      definition: t.definition,
    },
  });
  for (;;) {
    const r = await gen.next();
    if (r.done) return { msgs, out: r.value.payload as ToolCallOutputPayload };
    msgs.push(r.value);
  }
}

const deltas = (msgs: OmniMessage[]) =>
  msgs
    .filter((m) => (m.payload as { type: string }).type === 'partial_tool_call_output')
    .map((m) => (m.payload as { output?: string }).output ?? '')
    .join('');

describe('runTool close-out', () => {
  it('frames start/deltas/stop then the complete message; deltas equal output', async () => {
    const { msgs, out } = await exec(
      tool({}, async function* () {
        yield 'hi\n';
        return { stopReason: 'failed', note: '[exit code: 3]' };
      }),
    );
    expect(out.output).toBe('hi\n[exit code: 3]');
    expect(out.stop_reason).toBe('failed');
    expect(out.tool_call_id).toBe('c1');
    const kinds = msgs.map(
      (m) => (m.payload as { event_type?: string; type: string }).event_type ?? (m.payload as { type: string }).type,
    );
    expect(kinds[0]).toBe('start');
    expect(kinds.at(-2)).toBe('stop');
    expect(kinds.at(-1)).toBe('tool_call_output');
    expect(deltas(msgs)).toBe(out.output);
  });

  it('times out with failed and the exact note, even when the tool ignores its signal', async () => {
    const { out } = await exec(
      tool({ timeoutMs: 50 }, async function* () {
        yield 'partial';
        await new Promise(() => {});
      }),
    );
    expect(out.stop_reason).toBe('failed');
    expect(out.output).toBe('partial\n[tool timeout: exceeded 50ms]');
  });

  it('user abort beats timeout and drops images', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 20);
    const { out } = await exec(
      // eslint-disable-next-line require-yield
      tool({ timeoutMs: 10_000 }, async function* (signal) {
        await new Promise((r) => signal.addEventListener('abort', r));
        return { images: ['data:image/png;base64,AA=='] };
      }),
      ac.signal,
    );
    expect(out.stop_reason).toBe('aborted');
    expect(out.output).toBe('[interrupted: tool aborted by user]');
    expect(out.aborted_by).toBe('user');
    expect(out.images).toBeUndefined();
  });

  it('an abort the process made (HostStop) reads as the host stopping, not the user', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(new HostStop('session disposed')), 20);
    const { out } = await exec(
      // eslint-disable-next-line require-yield
      tool({ timeoutMs: 10_000 }, async function* (signal) {
        await new Promise((r) => signal.addEventListener('abort', r));
      }),
      ac.signal,
    );
    expect([out.stop_reason, out.aborted_by, out.output]).toEqual([
      'aborted',
      'host',
      '[interrupted: the host stopped]',
    ]);
  });

  it('the exit code a tool reports is traced as exit_code beside its note', async () => {
    // eslint-disable-next-line require-yield
    const failing = tool({}, async function* () {
      return { stopReason: 'failed', note: '[exit code: 3]', exitCode: 3 };
    });
    const { out } = await exec(failing);
    expect([out.stop_reason, out.exit_code, out.output]).toEqual(['failed', 3, '[exit code: 3]']);
    const { out: ok } = await exec(
      tool({}, async function* () {
        yield 'fine';
        return { stopReason: 'completed', exitCode: 0 };
      }),
    );
    expect([ok.stop_reason, ok.exit_code, ok.aborted_by]).toEqual(['completed', 0, undefined]);
  });

  it('a thrown error becomes failed with [tool error]', async () => {
    const { out } = await exec(
      // eslint-disable-next-line require-yield
      tool({}, async function* () {
        throw new Error('boom');
      }),
    );
    expect(out).toMatchObject({ stop_reason: 'failed', output: '[tool error] boom' });
  });

  it('truncates keeping the head, notes and images survive', async () => {
    const { msgs, out } = await exec(
      tool({ maxOutputLength: 10 }, async function* () {
        yield 'x'.repeat(8);
        yield 'y'.repeat(8);
        return { note: '[exit code: 0]', images: ['data:image/png;base64,AA=='] };
      }),
    );
    expect(out.output).toBe('xxxxxxxxyy\n[output truncated: exceeded 10 chars]\n[exit code: 0]');
    expect(out.images).toEqual(['data:image/png;base64,AA==']);
    expect(deltas(msgs)).toBe(out.output);
  });

  it('empty output becomes [no output]; maxOutputLength <= 0 disables truncation', async () => {
    expect((await exec(tool({}, async function* () {}))).out.output).toBe('[no output]');
    const big = 'z'.repeat(20_000);
    const { out } = await exec(
      tool({ maxOutputLength: 0 }, async function* () {
        yield big;
      }),
    );
    expect(out.output).toBe(big);
  });
});
