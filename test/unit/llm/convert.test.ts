// History conversion (OmniMessage → each protocol's request messages): fidelity replay byte for byte, images,
// grouping of assistant pieces, tool output order.
import { describe, expect, it } from 'vitest';
import { modelMsg, toolCall, toolOutput, userText } from '../../../shared/omni/builders.js';
import type { OmniMessage } from '../../../shared/omni/types.js';
import { toAnthropicMessages, toAnthropicTools } from '../../../main/llm/anthropic/convert.js';
import { buildAnthropicBody, anthropicBaseUrl } from '../../../main/llm/anthropic/client.js';
import { toOpenAIMessages, toOpenAITools } from '../../../main/llm/openai/convert.js';
import { buildOpenAIBody } from '../../../main/llm/openai/client.js';
import { model } from './helpers.js';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const SIG = 'EqsDCpQBCBAYAipA+/=sig \u00e9';
const REDACTED = 'EtgBCkYIBxgCKkDQ/redacted==';

const think = (thinking: string, fidelity?: Record<string, unknown>): OmniMessage =>
  modelMsg({ type: 'thinking', thinking, ...(fidelity ? { fidelity } : {}) });
const say = (text: string): OmniMessage => modelMsg({ type: 'text', role: 'assistant', text });

const history: OmniMessage[] = [
  userText('look at this'),
  modelMsg({ type: 'image_url', image_url: 'https://example.invalid/cat.jpg' }),
  modelMsg({ type: 'inline_data', data: 'R0lGODlh', mime_type: 'image/gif' }),
  think('', { redacted_data: REDACTED }),
  think('I should list files', { signature: SIG }),
  think('the reasoning', { source: 'reasoning_content' }),
  say('Listing.'),
  toolCall('exec_command', '{"cmd":"ls"}', 'call_a'),
  toolCall('read_image', '{"source":"a.png"}', 'call_b'),
  toolOutput('call_a', 'a.png\nb.txt', 'completed'),
  toolOutput('call_b', 'image/png, 10 bytes', 'completed', [PNG]),
  userText('thanks'),
];

describe('toOpenAIMessages', () => {
  it('groups assistant pieces into one message, replays reasoning under its field, drops signed thinking', () => {
    const out = toOpenAIMessages('SYS', history);
    expect(out[0]).toEqual({ role: 'system', content: 'SYS' });
    expect(out[1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'look at this' },
        { type: 'image_url', image_url: { url: 'https://example.invalid/cat.jpg' } },
        { type: 'image_url', image_url: { url: 'data:image/gif;base64,R0lGODlh' } },
      ],
    });
    expect(out[2]).toEqual({
      role: 'assistant',
      content: 'Listing.',
      reasoning_content: 'the reasoning',
      tool_calls: [
        { id: 'call_a', type: 'function', function: { name: 'exec_command', arguments: '{"cmd":"ls"}' } },
        { id: 'call_b', type: 'function', function: { name: 'read_image', arguments: '{"source":"a.png"}' } },
      ],
    });
    // tool messages in call order, then the tool images in one user message, then the user's text
    expect(out.slice(3)).toEqual([
      { role: 'tool', tool_call_id: 'call_a', content: 'a.png\nb.txt' },
      { role: 'tool', tool_call_id: 'call_b', content: 'image/png, 10 bytes' },
      { role: 'user', content: [{ type: 'image_url', image_url: { url: PNG } }] },
      { role: 'user', content: 'thanks' },
    ]);
  });

  it('replays `reasoning` under the same field name, and tool-only turns get content null', () => {
    const out = toOpenAIMessages('', [userText('q'), think('r1', { source: 'reasoning' }), toolCall('f', '', 'c1')]);
    expect(out).toEqual([
      { role: 'user', content: 'q' },
      {
        role: 'assistant',
        content: null,
        reasoning: 'r1',
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }],
      },
    ]);
  });

  it('ignores partials and events in the history', () => {
    const out = toOpenAIMessages('', [
      userText('q'),
      modelMsg({ type: 'partial_text', event_type: 'delta', text: 'x' }),
      { timestamp: 't', type: 'event_msg', payload: { type: 'request_begin' } },
      say('a'),
    ]);
    expect(out).toEqual([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'a' },
    ]);
  });
});

describe('toAnthropicMessages', () => {
  it('replays redacted thinking and signatures byte for byte, drops unsigned thinking, images as blocks', () => {
    const out = toAnthropicMessages(history);
    expect(out).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'look at this' },
          { type: 'image', source: { type: 'url', url: 'https://example.invalid/cat.jpg' } },
          { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: 'R0lGODlh' } },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'redacted_thinking', data: REDACTED },
          { type: 'thinking', thinking: 'I should list files', signature: SIG },
          { type: 'text', text: 'Listing.' },
          { type: 'tool_use', id: 'call_a', name: 'exec_command', input: { cmd: 'ls' } },
          { type: 'tool_use', id: 'call_b', name: 'read_image', input: { source: 'a.png' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_a', content: 'a.png\nb.txt' },
          {
            type: 'tool_result',
            tool_use_id: 'call_b',
            content: [
              { type: 'text', text: 'image/png, 10 bytes' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
            ],
          },
          { type: 'text', text: 'thanks' },
        ],
      },
    ]);
  });

  it('puts tool_result blocks first in their user message and sends unparseable arguments as {}', () => {
    const out = toAnthropicMessages([
      userText('go'),
      toolCall('f', '{"a":', 't1'),
      userText('steer: hurry'),
      toolOutput('t1', 'done', 'completed'),
    ]);
    expect(out[1]).toEqual({ role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: {} }] });
    expect(out[2]!.content.map((b) => b.type)).toEqual(['tool_result', 'text']);
  });

  it('merges same-role neighbours left after dropping an unsigned thinking-only turn', () => {
    const out = toAnthropicMessages([userText('a'), think('unsigned'), userText('b')]);
    expect(out).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      },
    ]);
  });
});

describe('request bodies', () => {
  const tools = [{ name: 'exec_command', description: 'run', parameters: { type: 'object', properties: {} } }];

  it('openai: streams with usage, tools as functions, reasoning_effort from thinking.effort', () => {
    const b = buildOpenAIBody(model('openai', 'http://x', { thinking: { effort: 'high' }, maxOutputTokens: 1000 }), {
      system: 's',
      messages: [userText('q')],
      tools,
    });
    expect(b).toMatchObject({
      model: 'test-model',
      stream: true,
      stream_options: { include_usage: true },
      reasoning_effort: 'high',
      max_tokens: 1000,
    });
    expect(b.tools).toEqual(toOpenAITools(tools));
    expect(buildOpenAIBody(model('openai', 'http://x'), { system: '', messages: [], tools: [] })).not.toHaveProperty(
      'tools',
    );
  });

  it('anthropic: thinking budget, max_tokens default 8192 and raised above the budget', () => {
    const plain = buildAnthropicBody(model('anthropic', 'http://x'), { system: 's', messages: [userText('q')], tools });
    expect(plain).toMatchObject({ max_tokens: 8192, system: 's', stream: true });
    expect(plain).not.toHaveProperty('thinking');
    expect(plain.tools).toEqual(toAnthropicTools(tools));
    const t = buildAnthropicBody(model('anthropic', 'http://x', { thinking: { budgetTokens: 10000 } }), {
      system: '',
      messages: [],
      tools: [],
    });
    expect(t.thinking).toEqual({ type: 'enabled', budget_tokens: 10000 });
    expect(t.max_tokens as number).toBeGreaterThan(10000);
    const within = buildAnthropicBody(
      model('anthropic', 'http://x', { thinking: { budgetTokens: 1024 }, maxOutputTokens: 4096 }),
      { system: '', messages: [], tools: [] },
    );
    expect(within.max_tokens).toBe(4096);
  });

  it('anthropic base URL: a trailing /v1 is accepted (the SDK appends /v1/messages)', () => {
    expect(anthropicBaseUrl('https://api.anthropic.com/v1/')).toBe('https://api.anthropic.com');
    expect(anthropicBaseUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });
});
