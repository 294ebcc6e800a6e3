// Tests for resume: rebuilding the replay history from trace messages and who left its dangling tool calls open.
import { describe, it, expect, afterAll } from 'vitest';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { leftOpenBy, rebuildHistory } from '../../../main/trace/resume.js';
import { TraceWriter } from '../../../main/trace/writer.js';
import { readTrace } from '../../../main/trace/reader.js';
import type { OmniMessage } from '../../../shared/omni/types.js';

let t = 0;
const ts = () => new Date(Date.UTC(2025, 0, 1, 0, 0, t++)).toISOString();
const mm = (payload: object, origin?: string[]): OmniMessage =>
  ({ timestamp: ts(), type: 'model_msg', payload, ...(origin ? { origin } : {}) }) as OmniMessage;
const ev = (payload: object): OmniMessage => ({ timestamp: ts(), type: 'event_msg', payload }) as OmniMessage;
const user = (text: string) => mm({ type: 'text', role: 'user', text });
const asst = (text: string) => mm({ type: 'text', role: 'assistant', text, stop_reason: 'completed' });
const call = (id: string) =>
  mm({ type: 'tool_call', name: 'exec_command', arguments: `{"cmd":"${id}"}`, tool_call_id: id });
const out = (id: string, output = `out ${id}`) =>
  mm({ type: 'tool_call_output', output, tool_call_id: id, stop_reason: 'completed' });
const rb = () => ev({ type: 'request_begin' });
const meta: OmniMessage = {
  timestamp: ts(),
  type: 'session_meta',
  payload: {
    session_id: 'session-2025-01-01-00-00-00-abcdef01',
    provider: 'local',
    model_id: 'm',
    model_context_window: 32768,
    system_prompt: 'You are…',
    agent_state: {},
    workspace: '/w',
  },
};
const desc = (m: OmniMessage): string => {
  const p = m.payload as unknown as Record<string, unknown>;
  switch (p.type) {
    case 'text':
      return `${p.role}:${p.text}`;
    case 'tool_call':
      return `call:${p.tool_call_id}`;
    case 'tool_call_output':
      return `out:${p.tool_call_id}${p.stop_reason === 'aborted' ? '!' : ''}`;
    default:
      return String(p.type);
  }
};

describe('rebuildHistory', () => {
  it('keeps complete model messages with thinking fidelity, images and inline data, drops events/partials/children', () => {
    const thinking = mm({ type: 'thinking', thinking: 'hmm', fidelity: { signature: 'sig==', raw: { a: [1] } } });
    const img = mm({ type: 'image_url', image_url: 'data:image/png;base64,AAAA' });
    const inline = mm({ type: 'inline_data', data: 'AAAA', mime_type: 'image/png' });
    const msgs = [
      meta,
      user('hi'),
      img,
      inline,
      rb(),
      mm({ type: 'partial_text', event_type: 'delta', text: 'he' }),
      thinking,
      asst('hello'),
      mm({ type: 'text', role: 'assistant', text: 'child' }, ['session-child']),
      ev({ type: 'token_usage', session: {}, request: {} }),
      ev({ type: 'request_end', status: 'completed' }),
    ];
    const r = rebuildHistory(msgs);
    expect(r.meta).toBe(meta.payload);
    expect(r.history).toEqual([msgs[1], img, inline, thinking, msgs[7]]);
    expect(r.history[3]).toBe(thinking);
    expect(r.unpaired).toEqual([]);
  });

  it('puts concurrently finished outputs after the model turn in call order; steering text stays after', () => {
    const msgs = [
      meta,
      user('go'),
      rb(),
      call('a'),
      out('a'), // a fast tool finished while the model still streamed
      call('b'),
      call('c'),
      ev({ type: 'request_end', status: 'completed' }),
      out('c'),
      user('steer'),
      out('b'),
      rb(),
      asst('done'),
    ];
    const r = rebuildHistory(msgs);
    expect(r.history.map(desc)).toEqual([
      'user:go',
      'call:a',
      'call:b',
      'call:c',
      'out:a',
      'out:b',
      'out:c',
      'user:steer',
      'assistant:done',
    ]);
    expect(r.unpaired).toEqual([]);
  });

  it('keeps consecutive tool-only turns apart and reports unpaired calls in call order', () => {
    const msgs = [
      meta,
      user('go'),
      rb(),
      call('a'),
      out('a'),
      rb(),
      call('b'),
      call('c'),
      out('c'),
      ev({ type: 'abort' }),
    ];
    const r = rebuildHistory(msgs);
    expect(r.history.map(desc)).toEqual(['user:go', 'call:a', 'out:a', 'call:b', 'call:c', 'out:c']);
    expect(r.unpaired).toEqual(['b']);
  });

  it('drops orphan and duplicate outputs; keeps file order when there are no request_begin markers', () => {
    const msgs = [user('x'), out('ghost'), call('a'), asst('between'), out('a'), out('a', 'again')];
    const r = rebuildHistory(msgs);
    expect(r.meta).toBeUndefined();
    expect(r.history.map(desc)).toEqual(['user:x', 'call:a', 'assistant:between', 'out:a']);
    expect((r.history[3].payload as { output: string }).output).toBe('out a');
  });
});

describe('leftOpenBy', () => {
  it('calls still open at the end of a trace were left by the process stopping (a crash)', () => {
    const msgs = [user('go'), rb(), call('a'), call('b'), out('a')];
    expect(leftOpenBy(msgs, rebuildHistory(msgs).unpaired)).toBe('host');
    // a host_died record says the same; it is not the person's abort
    const died = [...msgs, ev({ type: 'host_died', pid: 7, kind: 'floe run' })];
    expect(leftOpenBy(died, ['b'])).toBe('host');
    // an abort the process made itself (disposal) is not the person's either
    expect(leftOpenBy([...msgs, ev({ type: 'abort', reason: 'session disposed', by: 'host' })], ['b'])).toBe('host');
  });

  it('the person’s own abort after the last open call: theirs (older traces without `by` too)', () => {
    const msgs = [user('go'), rb(), call('a'), call('b'), out('a')];
    expect(leftOpenBy([...msgs, ev({ type: 'abort', reason: 'aborted by user', by: 'user' })], ['b'])).toBe('user');
    expect(leftOpenBy([...msgs, ev({ type: 'abort', reason: 'interrupted by user (Ctrl-C)' })], ['b'])).toBe('user');
  });

  it('an abort before the open call, or a child’s abort, does not count', () => {
    const early = [user('go'), ev({ type: 'abort', by: 'user' }), rb(), call('a')];
    expect(leftOpenBy(early, ['a'])).toBe('host');
    const child = [rb(), call('a'), { ...ev({ type: 'abort', by: 'user' }), origin: ['child-1'] }];
    expect(leftOpenBy(child, ['a'])).toBe('host');
    expect(leftOpenBy([user('go')], [])).toBe('user');
  });
});

describe('resume from a real trace file whose last line is torn', () => {
  const dir = mkdtempSync(join(tmpdir(), 'floe-resume-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('replays committed messages and pairs the call cut off by the crash', () => {
    const file = join(dir, 'trace.jsonl');
    const w = TraceWriter.open(file);
    for (const m of [meta, user('list files'), rb(), asst('running'), call('a'), call('b'), out('a')]) w.append(m);
    w.close();
    appendFileSync(file, JSON.stringify(out('b')).slice(0, 40)); // crash while writing b's output
    const { messages, tornTail } = readTrace(file);
    expect(tornTail).toBe(true);
    const r = rebuildHistory(messages);
    expect(r.meta?.session_id).toBe('session-2025-01-01-00-00-00-abcdef01');
    expect(r.unpaired).toEqual(['b']);
    expect(r.history.map(desc)).toEqual(['user:list files', 'assistant:running', 'call:a', 'call:b', 'out:a']);
    expect(leftOpenBy(messages, r.unpaired)).toBe('host');
  });
});
