// The transcript reducer is incremental (issue 21): folding one more message grows the transcript's storage in
// place instead of copying it (so opening a long session is linear, not quadratic), replaces only the item that
// changed (so memoized rows re-render alone), and keeps the display order (request footers) as it goes, equal to
// withFooters of the items at every step. Pure.
import { describe, expect, it } from 'vitest';
import type { OmniMessage } from '../../../shared/omni/types.js';
import {
  emptyTranscript,
  reduceAll,
  reduceMessage,
  withFooters,
  type Transcript,
} from '../../../renderer/src/features/chat/transcript.js';

let clock = Date.parse('2026-01-01T00:00:00.000Z');
const ts = (): string => new Date((clock += 10)).toISOString();
const model = (payload: object, origin?: string[]): OmniMessage =>
  ({ timestamp: ts(), type: 'model_msg', payload, ...(origin ? { origin } : {}) }) as never;
const event = (payload: object): OmniMessage => ({ timestamp: ts(), type: 'event_msg', payload }) as never;

/** One task: a prompt, a request streaming text and a tool call, its output, a second request answering. */
function task(n: number): OmniMessage[] {
  const id = `c${n}`;
  return [
    model({ type: 'text', role: 'user', text: `task ${n}` }),
    event({ type: 'request_begin' }),
    model({ type: 'partial_text', event_type: 'start', text: 'Let me ' }),
    model({ type: 'partial_text', event_type: 'delta', text: 'look.' }),
    model({ type: 'text', role: 'assistant', text: 'Let me look.' }),
    model({ type: 'partial_tool_call', event_type: 'start', tool_call_id: id, name: 'exec_command' }),
    model({ type: 'tool_call', tool_call_id: id, name: 'exec_command', arguments: '{"cmd":"ls"}' }),
    event({ type: 'request_end', status: 'completed' }),
    event({ type: 'approval_decision', decision: 'allow', tool_call_id: id, decided_by: 'mode' }),
    model({ type: 'partial_tool_call_output', event_type: 'delta', tool_call_id: id, output: 'a\n' }),
    model({ type: 'tool_call_output', tool_call_id: id, output: 'a\nb\n', stop_reason: 'completed' }),
    event({ type: 'request_begin' }),
    model({ type: 'partial_thinking', event_type: 'start', thinking: 'hm' }),
    model({ type: 'thinking', thinking: 'hmm' }),
    model({ type: 'text', role: 'assistant', text: `done ${n}` }),
    model({ type: 'text', role: 'user', text: 'sub task' }, [`child${n}`]),
    event({ type: 'request_end', status: 'completed' }),
    event({ type: 'warning', message: 'late' }),
  ];
}

describe('incremental transcript', () => {
  it('keeps the display order equal to withFooters(items) after every message', () => {
    let t = emptyTranscript();
    for (const m of [...task(1), ...task(2), ...task(3)]) {
      t = reduceMessage(t, m);
      expect(t.view.map((i) => i.key)).toEqual(withFooters(t.items).map((i) => i.key));
      expect(t.view).toHaveLength(t.items.length);
      t.view.forEach((item, at) => expect(t.viewPos.get(item.key)).toBe(at));
      t.items.forEach((item, at) => {
        expect(t.pos.get(item.key)).toBe(at);
        // the same object in both orders: an update reaches both
        expect(t.view[t.viewPos.get(item.key)!]).toBe(item);
      });
    }
    expect(t.view.at(-1)!.kind).toBe('request'); // the last request's footer stays last
  });

  it('appends and updates in place: the item storage is not copied per message', () => {
    const t0 = reduceAll(emptyTranscript(), [...task(1), ...task(2)]);
    const t1 = reduceMessage(t0, model({ type: 'text', role: 'user', text: 'one more' }));
    expect(t1).not.toBe(t0); // a new transcript for React and the store
    expect(t1.items).toBe(t0.items);
    expect(t1.view).toBe(t0.view);
    const t2 = reduceMessage(t1, event({ type: 'request_begin' }));
    const t3 = reduceMessage(t2, model({ type: 'partial_text', event_type: 'start', text: 'x' }));
    const t4 = reduceMessage(t3, model({ type: 'partial_text', event_type: 'delta', text: 'y' }));
    expect(t4.items).toBe(t0.items);
    expect(t4.items.at(-1)).toMatchObject({ kind: 'assistant', text: 'xy', streaming: true });
  });

  it('replaces only the item a message changed', () => {
    const t0: Transcript = reduceAll(emptyTranscript(), [
      ...task(1),
      model({ type: 'partial_text', event_type: 'start', text: 'a' }),
    ]);
    const before = [...t0.items];
    const t1 = reduceMessage(t0, model({ type: 'partial_text', event_type: 'delta', text: 'b' }));
    const changed = t1.items.filter((item, at) => item !== before[at]);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ kind: 'assistant', text: 'ab' });
  });

  it('a long session folds to the same items as the sum of its tasks', () => {
    const n = 1000;
    const all: OmniMessage[] = [];
    for (let i = 0; i < n; i++) all.push(...task(i));
    const t = reduceAll(emptyTranscript(), all);
    const one = reduceAll(emptyTranscript(), task(0));
    expect(t.items.length).toBe(one.items.length * n);
    expect(t.requests).toBe(2 * n);
    expect(t.items.filter((i) => i.kind === 'subagent')).toHaveLength(n);
  });
});
