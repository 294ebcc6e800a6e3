// sandbox_violation events (issue 19) land on their call's tool card: each target once, in order, exact (proxy) or
// read from the output; the trace index's excerpt names them too.
import { describe, expect, it } from 'vitest';
import type { OmniMessage } from '../../../shared/omni/types.js';
import { describeRecord } from '../../../main/store/trace-row.js';
import { emptyTranscript, reduceAll, type ToolItem } from '../../../renderer/src/features/chat/transcript.js';

const TS = '2026-12-01T10:00:00.000Z';
const m = (type: 'model_msg' | 'event_msg', payload: object): OmniMessage =>
  ({ timestamp: TS, type, payload }) as OmniMessage;
const violation = (id: string, kind: string, target: string, source = 'proxy') =>
  m('event_msg', { type: 'sandbox_violation', tool_call_id: id, kind, target, message: `${target} refused`, source });

describe('violations on the tool card', () => {
  it('attach to their call, each target once, other calls untouched', () => {
    const t = reduceAll(emptyTranscript(), [
      m('model_msg', { type: 'tool_call', name: 'exec_command', arguments: '{"cmd":"npm i"}', tool_call_id: 'a' }),
      m('model_msg', { type: 'tool_call', name: 'exec_command', arguments: '{"cmd":"ls"}', tool_call_id: 'b' }),
      violation('a', 'network', 'registry.npmjs.org'),
      violation('a', 'network', 'registry.npmjs.org'),
      violation('a', 'write', '/etc/x', 'output'),
    ]);
    const cards = t.items.filter((i): i is ToolItem => i.kind === 'tool');
    expect(cards.map((c) => [c.toolCallId, c.violations])).toEqual([
      [
        'a',
        [
          { what: 'network', target: 'registry.npmjs.org', message: 'registry.npmjs.org refused', exact: true },
          { what: 'write', target: '/etc/x', message: '/etc/x refused', exact: false },
        ],
      ],
      ['b', undefined],
    ]);
  });

  it('the trace index names a violation in its excerpt', () => {
    expect(describeRecord(violation('a', 'network', 'evil.example')).excerpt).toBe('blocked domain evil.example');
    expect(describeRecord(violation('a', 'write', '/etc/x', 'output')).excerpt).toBe('write refused /etc/x');
  });
});
