// Conformance: streams and error bodies Anthropic really sent (../shared/wire) through AnthropicClient.
// Long opaque values (signature, redacted data) are read from the recording with a plain regex — an extraction
// independent of the adapter — rather than copied into the repository.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect } from 'vitest';
import { userText } from '../../../shared/omni/builders.js';
import { AnthropicClient } from '../../../main/llm/anthropic/client.js';
import {
  completes,
  drain,
  model,
  partialViolations,
  payloads,
  serveWire,
  type WireServer,
  WIRE_DIR,
  wireIt,
} from './helpers.js';

const wit = wireIt('wire-anthropic');

let srv: WireServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

async function replay(file: string, thinking = false) {
  srv = await serveWire([file]);
  const client = new AnthropicClient(model('anthropic', srv.url, thinking ? { thinking: { budgetTokens: 1024 } } : {}));
  return drain(client.stream({ system: 's', messages: [userText('hi')], tools: [] }));
}

const raw = (file: string): string => fs.readFileSync(path.join(WIRE_DIR, file), 'utf8');
const allMatches = (text: string, re: RegExp): string[] => [...text.matchAll(re)].map((m) => m[1]!);

describe('anthropic wire recordings', () => {
  wit('anthropic-tool-use.sse: tool_use from input_json_delta fragments; usage', async () => {
    const { msgs, result } = await replay('anthropic-tool-use.sse');
    expect(partialViolations(msgs)).toEqual([]);
    expect(completes(msgs)).toEqual([
      {
        type: 'tool_call',
        name: 'get_weather',
        arguments: '{"location": "San Francisco, CA", "units": "f"}',
        tool_call_id: 'toolu_018acGYLtfR52q9yDbWaEdQZ',
      },
    ]);
    // input 656 + cache 0 + 0 + output 74
    expect(result).toEqual({
      stopReason: 'completed',
      usage: { cache_read: 0, cache_write: 0, output: 74, total: 730 },
    });
  });

  wit('anthropic-text-after-tool-result.sse: text with non-ASCII', async () => {
    const { msgs, result } = await replay('anthropic-text-after-tool-result.sse');
    expect(partialViolations(msgs)).toEqual([]);
    expect(completes(msgs)).toEqual([
      {
        type: 'text',
        role: 'assistant',
        text: "The weather in San Francisco, CA is currently:\n- **Temperature:** 68°F\n- **Condition:** Sunny\n\nIt's a nice sunny day!",
      },
    ]);
    expect(result.usage).toEqual({ cache_read: 0, cache_write: 0, output: 38, total: 808 });
  });

  wit('anthropic-thinking.sse: thinking with its exact signature, then tool_use', async () => {
    const { msgs, result } = await replay('anthropic-thinking.sse', true);
    expect(partialViolations(msgs)).toEqual([]);
    const [signature] = allMatches(raw('anthropic-thinking.sse'), /"signature_delta","signature":"([^"]+)"/g);
    expect(signature).toHaveLength(576);
    expect(completes(msgs)).toEqual([
      {
        type: 'thinking',
        thinking:
          'The user wants to know the temperature in Utrecht. I have a tool called "get_temperature" that takes a city parameter. I should use this tool with "Utrecht" as the city parameter.',
        fidelity: { signature },
      },
      {
        type: 'tool_call',
        name: 'get_temperature',
        arguments: '{"city": "Utrecht"}',
        tool_call_id: 'toolu_01TUGHRCfso8VSw9ekt21nAR',
      },
    ]);
    expect(result).toEqual({
      stopReason: 'completed',
      usage: { cache_read: 0, cache_write: 0, output: 101, total: 698 },
    });
  });

  wit('anthropic-thinking-followup-text.sse: the text reply of the next turn', async () => {
    const { msgs, result } = await replay('anthropic-thinking-followup-text.sse', true);
    expect(completes(msgs)).toEqual([
      {
        type: 'text',
        role: 'assistant',
        text: "It is currently 18°C (64°F) in Utrecht. That's a pleasant, mild temperature!",
      },
    ]);
    expect(result.usage).toEqual({ cache_read: 0, cache_write: 0, output: 26, total: 739 });
  });

  wit(
    'anthropic-redacted-thinking.sse: two redacted blocks → thinking "" with exact redacted_data, then text',
    async () => {
      const { msgs, result } = await replay('anthropic-redacted-thinking.sse', true);
      expect(partialViolations(msgs)).toEqual([]);
      const data = allMatches(raw('anthropic-redacted-thinking.sse'), /"type":"redacted_thinking","data":"([^"]+)"/g);
      expect(data).toHaveLength(2);
      const c = completes(msgs);
      expect(c.slice(0, 2)).toEqual([
        { type: 'thinking', thinking: '', fidelity: { redacted_data: data[0] } },
        { type: 'thinking', thinking: '', fidelity: { redacted_data: data[1] } },
      ]);
      expect(c[2].type).toBe('text');
      expect(c[2].text.startsWith("I notice that you've sent what appears to be some kind of test string")).toBe(true);
      expect(c).toHaveLength(3);
      expect(result).toEqual({
        stopReason: 'completed',
        usage: { cache_read: 0, cache_write: 0, output: 189, total: 281 },
      });
    },
  );

  wit('anthropic-error.json: recorded 429 rate_limit_error → timeout with the provider message', async () => {
    const { msgs, result } = await replay('anthropic-error.json');
    expect(msgs).toEqual([]);
    expect(result.stopReason).toBe('timeout');
    expect(result.status).toBe(429);
    expect(result.retryAfterMs).toBeUndefined(); // the recording kept no retry-after header
    expect(result.errorMessage).toMatch(
      /^rate limited: HTTP 429 rate_limit_error: This request would exceed your organization's rate limit of 20,000,000 prompt bytes per hour \(org: 5576611f-/,
    );
    expect(result.errorMessage).not.toContain('\n');
  });

  wit('anthropic-error-400.json: recorded 400 invalid_request_error → failed', async () => {
    const { result } = await replay('anthropic-error-400.json');
    expect(result.stopReason).toBe('failed');
    expect(result.status).toBe(400);
    expect(result.errorMessage).toBe(
      'HTTP 400 invalid_request_error: messages.0.content.1: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01GHndag5wQmbzNihYmV2UBj. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.',
    );
  });

  wit(
    'anthropic-error-midstream.composite.sse: overloaded_error mid-stream → timeout, partials closed, no complete',
    async () => {
      const { msgs, result } = await replay('anthropic-error-midstream.composite.sse');
      expect(result.stopReason).toBe('timeout');
      expect(result.errorMessage).toBe('stream error overloaded_error: Overloaded');
      const ps = payloads(msgs);
      expect(ps.map((p) => `${p.type}:${p.event_type ?? ''}`)).toEqual([
        'partial_text:start',
        'partial_text:delta',
        'partial_text:delta',
        'partial_text:stop',
      ]);
      expect(
        ps
          .filter((p) => p.event_type === 'delta')
          .map((p) => p.text)
          .join(''),
      ).toBe('The weather in San Francisco, CA is currently');
      expect(result.usage.total).toBe(778); // message_start: input 770 + output 8
    },
  );
});
