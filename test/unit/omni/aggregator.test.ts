import { describe, expect, it } from 'vitest';
import { PartialAggregator } from '../../../shared/omni/aggregator.js';
import { modelMsg } from '../../../shared/omni/builders.js';

describe('PartialAggregator', () => {
  it('builds complete messages from partials keyed by tool_call_id and origin', () => {
    const a = new PartialAggregator();
    const out: unknown[] = [];
    const push = (m: Parameters<PartialAggregator['push']>[0]) => {
      const c = a.push(m);
      if (c) out.push(c.payload);
    };
    push(modelMsg({ type: 'partial_tool_call', event_type: 'start', tool_call_id: 'a', name: 'exec_command' }));
    push(modelMsg({ type: 'partial_tool_call', event_type: 'start', tool_call_id: 'b', name: 'read_image' }));
    push(modelMsg({ type: 'partial_tool_call', event_type: 'delta', tool_call_id: 'a', arguments: '{"cmd":' }));
    push(modelMsg({ type: 'partial_tool_call', event_type: 'delta', tool_call_id: 'b', arguments: '{}' }));
    push(modelMsg({ type: 'partial_text', event_type: 'start' }, ['child']));
    push(modelMsg({ type: 'partial_text', event_type: 'delta', text: 'child says' }, ['child']));
    push(modelMsg({ type: 'partial_tool_call', event_type: 'delta', tool_call_id: 'a', arguments: '"ls"}' }));
    expect(a.pending()).toHaveLength(3);
    push(modelMsg({ type: 'partial_tool_call', event_type: 'stop', tool_call_id: 'a' }));
    push(modelMsg({ type: 'partial_tool_call', event_type: 'stop', tool_call_id: 'b' }));
    push(modelMsg({ type: 'partial_text', event_type: 'stop' }, ['child']));
    expect(out).toEqual([
      { type: 'tool_call', name: 'exec_command', arguments: '{"cmd":"ls"}', tool_call_id: 'a' },
      { type: 'tool_call', name: 'read_image', arguments: '{}', tool_call_id: 'b' },
      { type: 'text', role: 'assistant', text: 'child says' },
    ]);
    expect(a.pending()).toHaveLength(0);
  });
  it('a complete message drops its draft', () => {
    const a = new PartialAggregator();
    a.push(modelMsg({ type: 'partial_text', event_type: 'start' }));
    a.push(modelMsg({ type: 'partial_text', event_type: 'delta', text: 'x' }));
    a.push(modelMsg({ type: 'text', role: 'assistant', text: 'x' }));
    expect(a.pending()).toHaveLength(0);
  });
});
