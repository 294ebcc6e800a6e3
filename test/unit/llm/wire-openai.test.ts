// Conformance: streams OpenAI and DeepSeek really sent (../shared/wire) through OpenAICompatibleClient.
import { afterEach, describe, expect } from 'vitest';
import { userText } from '../../../shared/omni/builders.js';
import { OpenAICompatibleClient } from '../../../main/llm/openai/client.js';
import { completes, drain, model, partialViolations, payloads, serveWire, type WireServer, wireIt } from './helpers.js';

const wit = wireIt('wire-openai');

let srv: WireServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

async function replay(file: string) {
  srv = await serveWire([file]);
  const client = new OpenAICompatibleClient(model('openai', `${srv.url}/v1`));
  return drain(client.stream({ system: 's', messages: [userText('hi')], tools: [] }));
}

describe('openai wire recordings', () => {
  wit('openai-chat-tool-call.sse: two parallel tool calls with split arguments, in index order', async () => {
    const { msgs, result } = await replay('openai-chat-tool-call.sse');
    expect(partialViolations(msgs)).toEqual([]);
    const calls = completes(msgs);
    expect(calls.map((p) => [p.type, p.tool_call_id, p.name, p.arguments])).toEqual([
      [
        'tool_call',
        'call_JMW1whyEaYG438VE1OIflxA2',
        'GetWeatherArgs',
        '{"city": "Edinburgh", "country": "GB", "units": "c"}',
      ],
      ['tool_call', 'call_DNYTawLBoN8fj3KN6qU9N1Ou', 'get_stock_price', '{"ticker": "AAPL", "exchange": "NASDAQ"}'],
    ]);
    // the arguments really arrived in pieces: 11 and 9 non-empty fragments
    const deltas = payloads(msgs).filter((p) => p.type === 'partial_tool_call' && p.event_type === 'delta');
    expect(deltas.filter((p) => p.tool_call_id === 'call_JMW1whyEaYG438VE1OIflxA2')).toHaveLength(11);
    expect(deltas.filter((p) => p.tool_call_id === 'call_DNYTawLBoN8fj3KN6qU9N1Ou')).toHaveLength(9);
    expect(result).toEqual({
      stopReason: 'completed',
      usage: { cache_read: 0, cache_write: 0, output: 60, total: 209 },
    });
  });

  wit('openai-chat-text.sse: plain text and usage', async () => {
    const { msgs, result } = await replay('openai-chat-text.sse');
    expect(partialViolations(msgs)).toEqual([]);
    expect(completes(msgs)).toEqual([
      {
        type: 'text',
        role: 'assistant',
        text: "I'm unable to provide real-time weather updates. To get the current weather in San Francisco, I recommend checking a reliable weather website or a weather app.",
      },
    ]);
    expect(result.usage).toEqual({ cache_read: 0, cache_write: 0, output: 30, total: 44 });
    expect(result.stopReason).toBe('completed');
  });

  wit('openai-chat-text-2026.sse: the 2026 wire shape (usage:null on every chunk, obfuscation)', async () => {
    const { msgs, result } = await replay('openai-chat-text-2026.sse');
    expect(partialViolations(msgs)).toEqual([]);
    const c = completes(msgs);
    expect(c).toHaveLength(1);
    expect(c[0].text).toHaveLength(1724);
    expect(c[0].text.startsWith('**Holiday Name:** Harmony Day\n\n**Date:** Celebrated annually')).toBe(true);
    expect(c[0].text.endsWith('nnected through shared human experiences and mutual respect.')).toBe(true);
    expect(result).toEqual({
      stopReason: 'completed',
      usage: { cache_read: 0, cache_write: 0, output: 300, total: 316 },
    });
  });

  wit('deepseek-or-compatible-reasoning.sse: reasoning_content → thinking with fidelity, then text', async () => {
    const { msgs, result } = await replay('deepseek-or-compatible-reasoning.sse');
    expect(partialViolations(msgs)).toEqual([]);
    const c = completes(msgs);
    expect(c.map((p) => p.type)).toEqual(['thinking', 'text']);
    expect(c[0].fidelity).toEqual({ source: 'reasoning_content' });
    expect(c[0].thinking).toHaveLength(882);
    expect(c[0].thinking.startsWith('Hmm, the user just said "Hello". It\'s a simple gre')).toBe(true);
    expect(c[0].thinking.endsWith("hey might not reply further - and that's okay too.")).toBe(true);
    expect(c[1]).toEqual({ type: 'text', role: 'assistant', text: 'Hello there! 😊 How can I help you today?' });
    expect(result).toEqual({
      stopReason: 'completed',
      usage: { cache_read: 0, cache_write: 0, output: 212, total: 218 },
    });
  });

  wit('deepseek-reasoning-tool-call.sse: reasoning then a tool call; cache hits counted', async () => {
    const { msgs, result } = await replay('deepseek-reasoning-tool-call.sse');
    expect(partialViolations(msgs)).toEqual([]);
    expect(completes(msgs)).toEqual([
      {
        type: 'thinking',
        thinking:
          'The user is asking for the weather in San Francisco. I need to use the weather tool to get this information. Let me invoke the weather tool with the location parameter set to "San Francisco".',
        fidelity: { source: 'reasoning_content' },
      },
      {
        type: 'tool_call',
        name: 'weather',
        arguments: '{"location": "San Francisco"}',
        tool_call_id: 'call_00_ioIn7yN9p1ZOMNpDLwd4MgAF',
      },
    ]);
    expect(result).toEqual({
      stopReason: 'completed',
      usage: { cache_read: 320, cache_write: 0, output: 83, total: 422 },
    });
  });
});
