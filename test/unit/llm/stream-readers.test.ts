// Stream readers on synthetic events: interleaved openai tool-call fragments, missing ids/arguments,
// anthropic no-arg tool_use, abandon() on failure.
import { describe, expect, it } from 'vitest';
import { AnthropicStreamReader } from '../../../main/llm/anthropic/stream-reader.js';
import { OpenAIStreamReader, openaiUsage } from '../../../main/llm/openai/stream-reader.js';
import { completes, partialViolations } from './helpers.js';

const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
  choices: [{ index: 0, delta, finish_reason: finish }],
});
const tc = (index: number, fn: Record<string, unknown>, id?: string) =>
  chunk({ tool_calls: [{ index, ...(id ? { id } : {}), function: fn }] });

describe('OpenAIStreamReader', () => {
  it('aggregates truly interleaved tool-call fragments by index and completes them in index order', () => {
    const r = new OpenAIStreamReader((i) => `gen_${i}`);
    const msgs = [
      chunk({ content: 'Doing ' }),
      chunk({ content: 'both.' }),
      tc(1, { name: 'second', arguments: '{"b"' }, 'id_b'),
      tc(0, { name: 'first', arguments: '{"a":' }, 'id_a'),
      tc(1, { arguments: ':2}' }),
      tc(0, { arguments: '1}' }),
      tc(2, { name: 'noargs' }),
      chunk({}, 'tool_calls'),
    ].flatMap((c) => r.push(c));
    expect(r.ended).toBe(true);
    msgs.push(...r.finish());
    expect(partialViolations(msgs)).toEqual([]);
    expect(completes(msgs)).toEqual([
      { type: 'text', role: 'assistant', text: 'Doing both.' },
      { type: 'tool_call', name: 'first', arguments: '{"a":1}', tool_call_id: 'id_a' },
      { type: 'tool_call', name: 'second', arguments: '{"b":2}', tool_call_id: 'id_b' },
      { type: 'tool_call', name: 'noargs', arguments: '', tool_call_id: 'gen_2' },
    ]);
  });

  it('completes a call as soon as its arguments close a whole object, and the rest at finish_reason', () => {
    const r = new OpenAIStreamReader();
    const kindsAfter = (c: Record<string, unknown>) => completes(r.push(c)).map((p: any) => p.tool_call_id);
    // SPEC §3: whole arguments start the call even if the model stalls before finish_reason
    expect(kindsAfter(tc(0, { name: 'a', arguments: '{"x":1}' }, 'a0'))).toEqual(['a0']);
    expect(kindsAfter(tc(1, { name: 'b', arguments: '{"y":' }, 'b1'))).toEqual([]);
    expect(kindsAfter(tc(2, { name: 'c', arguments: '' }, 'c2'))).toEqual([]); // b1's arguments are not whole yet
    expect(kindsAfter(tc(1, { arguments: '2}' }))).toEqual(['b1']);
    expect(kindsAfter(chunk({}, 'tool_calls'))).toEqual(['c2']);
    expect(completes(r.finish())).toEqual([]);
  });

  it('brackets inside strings, escaped quotes and split fragments do not close the arguments early', () => {
    // arguments holding } ] and escaped quotes and backslashes inside strings, fed one character at a time
    const args = JSON.stringify({ cmd: 'echo \'}\' "\\"]" \\', list: [{ a: '{' }] });
    const r = new OpenAIStreamReader();
    const doneAt: number[] = [];
    r.push(tc(0, { name: 'exec_command', arguments: '' }, 'a0'));
    for (let i = 0; i < args.length; i++) if (completes(r.push(tc(0, { arguments: args[i] }))).length) doneAt.push(i);
    expect(doneAt).toEqual([args.length - 1]);
    const r2 = new OpenAIStreamReader();
    // a scalar is never closed early (1 may become 12); finish_reason completes it
    expect(completes(r2.push(tc(0, { name: 'x', arguments: '1' }, 'n0')))).toEqual([]);
    expect(completes(r2.push(chunk({}, 'tool_calls'))).map((p: any) => p.tool_call_id)).toEqual(['n0']);
  });

  it('never completes a call before an earlier one whose arguments are not whole yet', () => {
    const r = new OpenAIStreamReader();
    const done = (c: Record<string, unknown>) => completes(r.push(c)).map((p: any) => p.tool_call_id);
    expect(done(tc(0, { name: 'a', arguments: '{bad' }, 'a0'))).toEqual([]);
    expect(done(tc(1, { name: 'b', arguments: '{"ok":1}' }, 'b1'))).toEqual([]);
    expect(done(tc(2, { name: 'c', arguments: '{}' }, 'c2'))).toEqual([]); // b1 is whole, but a0 comes first
    expect(done(chunk({}, 'tool_calls'))).toEqual(['a0', 'b1', 'c2']);
  });

  it('is not ended without finish_reason; abandon closes partials without complete messages', () => {
    const r = new OpenAIStreamReader();
    const msgs = [chunk({ content: 'half' }), tc(0, { name: 'x', arguments: '{"q' }, 'c0')].flatMap((c) => r.push(c));
    expect(r.ended).toBe(false);
    msgs.push(...r.abandon());
    const kinds = msgs.map((m) => `${(m.payload as any).type}:${(m.payload as any).event_type ?? ''}`);
    expect(kinds.filter((k) => k === 'tool_call:')).toEqual([]);
    expect(kinds.slice(-1)).toEqual(['partial_tool_call:stop']);
    expect(completes(msgs)).toEqual([{ type: 'text', role: 'assistant', text: 'half' }]); // closed when the tool call began
  });

  it('usage: cached_tokens, DeepSeek prompt_cache_hit_tokens, total fallback', () => {
    expect(
      openaiUsage({
        prompt_tokens: 10,
        completion_tokens: 5,
        total_tokens: 15,
        prompt_tokens_details: { cached_tokens: 4 },
      }),
    ).toEqual({
      cache_read: 4,
      cache_write: 0,
      output: 5,
      total: 15,
    });
    expect(openaiUsage({ prompt_tokens: 10, completion_tokens: 5, prompt_cache_hit_tokens: 6 })).toEqual({
      cache_read: 6,
      cache_write: 0,
      output: 5,
      total: 15,
    });
  });
});

describe('AnthropicStreamReader', () => {
  it('a tool_use without input_json_delta takes its input from content_block_start', () => {
    const r = new AnthropicStreamReader();
    const msgs = [
      {
        type: 'message_start',
        message: {
          usage: { input_tokens: 5, cache_read_input_tokens: 3, cache_creation_input_tokens: 2, output_tokens: 1 },
        },
      },
      { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 't0', name: 'ping', input: {} } },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 9 } },
      { type: 'message_stop' },
    ].flatMap((e) => r.push(e));
    msgs.push(...r.finish());
    expect(partialViolations(msgs)).toEqual([]);
    expect(completes(msgs)).toEqual([{ type: 'tool_call', name: 'ping', arguments: '{}', tool_call_id: 't0' }]);
    expect(r.usage()).toEqual({ cache_read: 3, cache_write: 2, output: 9, total: 19 });
  });
});
