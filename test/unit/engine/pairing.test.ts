import { describe, expect, it } from 'vitest';
import { orderOutputs, pairToolCalls } from '../../../main/engine/pairing.js';
import { toolCall, toolOutput, userText } from '../../../shared/omni/builders.js';

describe('pairing', () => {
  it('adds one aborted output per unanswered call, in call order', () => {
    const h = [
      userText('go'),
      toolCall('a', '{}', '1'),
      toolCall('b', '{}', '2'),
      toolCall('c', '{}', '3'),
      toolOutput('2', 'ok', 'completed'),
    ];
    const add = pairToolCalls(h);
    expect(add.map((m) => m.payload.tool_call_id)).toEqual(['1', '3']);
    for (const m of add) {
      expect(m.payload).toMatchObject({
        stop_reason: 'aborted',
        aborted_by: 'user',
        output: '[interrupted: tool aborted by user]',
      });
    }
    expect(pairToolCalls([...h, ...add])).toEqual([]);
  });
  it('says the host stopped, not the user, when a crash left the calls open', () => {
    const add = pairToolCalls([toolCall('a', '{}', '1')], 'host');
    expect(add.map((m) => m.payload)).toEqual([
      {
        type: 'tool_call_output',
        tool_call_id: '1',
        output: '[interrupted: the host stopped]',
        stop_reason: 'aborted',
        aborted_by: 'host',
      },
    ]);
  });
  it('orders outputs of a turn by call order and drops duplicates', () => {
    const h = [
      toolCall('a', '{}', '1'),
      toolCall('b', '{}', '2'),
      toolOutput('2', 'b', 'completed'),
      toolOutput('1', 'a', 'completed'),
      toolOutput('1', 'dup', 'completed'),
    ];
    const o = orderOutputs(h);
    expect(
      o.map((m) => (m.payload as { output?: string }).output ?? (m.payload as { tool_call_id: string }).tool_call_id),
    ).toEqual(['1', '2', 'a', 'b']);
  });
});
