// A compacted session reloaded from its trace (issue 10): the second part opens with a copy of the compacted
// context (the user's messages, the summary, the last turn's call); the transcript shows the copies once, the
// summary as the agent's text (without its header line), and the next task's prompt normally. Pure.
import { describe, expect, it } from 'vitest';
import { SUMMARY_HEADER } from '../../../shared/omni/summary.js';
import type { OmniMessage } from '../../../shared/omni/types.js';
import { emptyTranscript, reduceAll } from '../../../renderer/src/features/chat/transcript.js';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
const meta = (s: number): OmniMessage =>
  ({ timestamp: at(s), type: 'session_meta', payload: { session_id: 'x', model_context_window: 4000 } }) as never;
const ev = (s: number, p: object): OmniMessage => ({ timestamp: at(s), type: 'event_msg', payload: p }) as never;
const msg = (s: number, p: object): OmniMessage => ({ timestamp: at(s), type: 'model_msg', payload: p }) as never;
const user = (s: number, text: string, sender?: string) =>
  msg(s, { type: 'text', role: 'user', text, ...(sender ? { sender } : {}) });

describe('transcript of a session in two parts', () => {
  it('shows the copied context once, the summary as agent text, and what comes after', () => {
    const part1 = [
      meta(0),
      user(1, 'fix the build'),
      ev(2, { type: 'request_begin' }),
      msg(3, { type: 'text', role: 'assistant', text: 'Looking.' }),
      msg(3, { type: 'tool_call', name: 'exec_command', arguments: '{"cmd":"make"}', tool_call_id: 'c1' }),
      ev(4, { type: 'request_end', status: 'completed' }),
      msg(5, { type: 'tool_call_output', output: 'ok', tool_call_id: 'c1', stop_reason: 'completed' }),
      ev(6, { type: 'compaction_begin', reason: 'threshold' }),
      ev(7, { type: 'compaction_end', status: 'completed', mode: 'summary' }),
    ];
    const part2 = [
      meta(8),
      user(1, 'fix the build'),
      user(7, `${SUMMARY_HEADER}\n\n## Goal\nFix the build.`, 'compaction'),
      msg(3, { type: 'text', role: 'assistant', text: 'Looking.' }),
      msg(3, { type: 'tool_call', name: 'exec_command', arguments: '{"cmd":"make"}', tool_call_id: 'c1' }),
      msg(5, { type: 'tool_call_output', output: 'ok', tool_call_id: 'c1', stop_reason: 'completed' }),
      user(9, 'fix the build'), // the next task's prompt: the same words again, after the opening context
      ev(10, { type: 'request_begin' }),
      msg(11, { type: 'text', role: 'assistant', text: 'Done.' }),
    ];
    const t = reduceAll(emptyTranscript(), [...part1, ...part2]);
    const shown = t.items.map((i) =>
      i.kind === 'user' || i.kind === 'assistant' ? `${i.kind}: ${i.text}` : i.kind === 'marker' ? i.label : i.kind,
    );
    expect(shown).toEqual([
      'user: fix the build',
      'request',
      'assistant: Looking.',
      'tool',
      'Compacting the context…',
      'Context compacted',
      'assistant: ## Goal\nFix the build.',
      'user: fix the build',
      'request',
      'assistant: Done.',
    ]);
    expect(t.parts).toBe(2);
    expect(t.opening).toBe(false);
  });

  it('a single part is unchanged: repeated prompts all show', () => {
    const t = reduceAll(emptyTranscript(), [meta(0), user(1, 'again'), user(2, 'again')]);
    expect(t.items.map((i) => i.kind)).toEqual(['user', 'user']);
  });
});
