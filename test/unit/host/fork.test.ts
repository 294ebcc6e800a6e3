// historyBefore (main/host/fork.ts, issue 25): the conversation a fork, retry or edit from one prompt starts from.
import { describe, expect, it } from 'vitest';
import { assistantText, eventMsg, sessionMeta, toolCall, toolOutput, userText } from '../../../shared/omni/builders.js';
import type { OmniMessage } from '../../../shared/omni/types.js';
import { historyBefore } from '../../../main/host/fork.js';

const at = (m: OmniMessage, ts: string): OmniMessage => ({ ...m, timestamp: ts });
const meta = () =>
  sessionMeta({
    session_id: 's',
    provider: 'mock',
    model_id: 'm1',
    model_context_window: 1000,
    system_prompt: '',
    agent_state: {},
    workspace: '/w',
  });
const texts = (h: OmniMessage[] | null) =>
  h?.map((m) => {
    const p = m.payload as { text?: string; type: string };
    return p.text ?? p.type;
  });

describe('historyBefore', () => {
  const one = at(userText('first'), 't1');
  const two = at(userText('second'), 't5');
  const trace: OmniMessage[] = [
    meta(),
    one,
    eventMsg({ type: 'request_begin' } as never),
    at(toolCall('exec_command', '{"cmd":"ls"}', 'c1'), 't2'),
    at(toolOutput('c1', 'a.txt', 'completed'), 't3'),
    eventMsg({ type: 'request_begin' } as never),
    at(assistantText('done'), 't4'),
    two,
    eventMsg({ type: 'request_begin' } as never),
    at(assistantText('second answer'), 't6'),
  ];

  it('is the conversation before the prompt, tool calls paired, events left out', () => {
    expect(texts(historyBefore(trace, { timestamp: 't5', text: 'second' }))).toEqual([
      'first',
      'tool_call',
      'tool_call_output',
      'done',
    ]);
    expect(historyBefore(trace, { timestamp: 't1', text: 'first' })).toEqual([]);
  });

  it('is null for a prompt the session does not have (wrong time or words, or a subagent message)', () => {
    expect(historyBefore(trace, { timestamp: 't5', text: 'other' })).toBeNull();
    expect(historyBefore(trace, { timestamp: 't9', text: 'second' })).toBeNull();
    const child = { ...at(userText('inner'), 't7'), origin: ['child'] };
    expect(historyBefore([...trace, child], { timestamp: 't7', text: 'inner' })).toBeNull();
  });

  it('after a compaction reads only the part the prompt sits in (it starts with its whole context)', () => {
    const third = at(userText('third'), 't8');
    const parts = [...trace, meta(), at(userText('summary of it all'), 't7'), third];
    expect(texts(historyBefore(parts, { timestamp: 't8', text: 'third' }))).toEqual(['summary of it all']);
  });
});
