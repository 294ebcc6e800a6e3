// Tests for resume: rebuilding the replay history from trace messages and pairing dangling tool calls.
import { describe, it, expect, afterAll } from 'vitest';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pairDangling, rebuildHistory } from '../../../main/trace/resume.js';
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

describe('pairDangling', () => {
  it('adds an aborted output right after the last output of the same turn', () => {
    const h = [user('go'), call('a'), call('b'), out('a'), asst('later?')];
    const p = pairDangling(h);
    expect(p.map(desc)).toEqual(['user:go', 'call:a', 'call:b', 'out:a', 'out:b!', 'assistant:later?']);
    expect(p[4].payload).toEqual({
      type: 'tool_call_output',
      output: '[interrupted: tool aborted by user]',
      tool_call_id: 'b',
      stop_reason: 'aborted',
    });
    expect(p[4].timestamp).toBe(h[3].timestamp);
    expect(h).toHaveLength(5); // input untouched
  });

  it('keeps outputs in call order when an earlier call is the unfinished one, with a custom note', () => {
    const p = pairDangling([call('a'), call('b'), call('c'), out('b')], 'stopped');
    expect(p.map(desc)).toEqual(['call:a', 'call:b', 'call:c', 'out:a!', 'out:b', 'out:c!']);
    expect((p[3].payload as { output: string }).output).toBe('stopped');
  });

  it('handles several turns and leaves a complete history unchanged', () => {
    const full = [user('go'), call('a'), out('a'), call('b'), out('b'), asst('ok')];
    expect(pairDangling(full)).toEqual(full);
    const p = pairDangling([user('go'), call('a'), out('a'), mm({ type: 'thinking', thinking: '…' }), call('b')]);
    expect(p.map(desc)).toEqual(['user:go', 'call:a', 'out:a', 'thinking', 'call:b', 'out:b!']);
  });

  it('every tool_call ends with exactly one output', () => {
    const p = pairDangling([call('a'), call('b'), out('b'), asst('x'), call('c'), call('d'), out('d')]);
    const calls = p.filter((m) => (m.payload as { type: string }).type === 'tool_call').map(desc);
    const outs = p.filter((m) => (m.payload as { type: string }).type === 'tool_call_output').map(desc);
    expect(calls).toEqual(['call:a', 'call:b', 'call:c', 'call:d']);
    expect(outs).toEqual(['out:a!', 'out:b', 'out:c!', 'out:d']);
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
    const h = pairDangling(r.history);
    expect(h.map(desc)).toEqual(['user:list files', 'assistant:running', 'call:a', 'call:b', 'out:a', 'out:b!']);
  });
});
