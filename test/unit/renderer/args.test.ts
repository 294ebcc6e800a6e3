// Unit tests of how arguments read to a person (renderer/src/features/approvals/args.ts) and of the note and
// abort-marker helpers of the transcript.
import { describe, expect, it } from 'vitest';
import { describeArgs, fenced, labelOf } from '../../../renderer/src/features/approvals/args.js';
import { abortLabel } from '../../../renderer/src/features/chat/transcript.js';
import { endLine, exitCodeOf, exitNotes, withoutNotes } from '../../../shared/omni/output-notes.js';
import { interpret, type FactOf } from '../../../shared/omni/interpret.js';
import type { OmniMessage } from '../../../shared/omni/types.js';

const mm = (payload: object): OmniMessage =>
  ({ timestamp: '2026-12-01T10:00:00.000Z', type: 'model_msg', payload }) as OmniMessage;
const ev = (payload: object): OmniMessage =>
  ({ timestamp: '2026-12-01T10:00:00.000Z', type: 'event_msg', payload }) as OmniMessage;

describe('describeArgs', () => {
  it('reads exec_command as shell text, unescaped, with workdir and wait', () => {
    const v = describeArgs(
      'exec_command',
      JSON.stringify({ cmd: 'for i in 1 2; do echo "line $i"; done', workdir: 'sub', yield_time_ms: 5000 }),
    );
    expect(v).toEqual({ kind: 'shell', cmd: 'for i in 1 2; do echo "line $i"; done', workdir: 'sub', waitMs: 5000 });
  });
  it('leaves workdir and wait null when absent', () => {
    expect(describeArgs('exec_command', '{"cmd":"ls"}')).toEqual({
      kind: 'shell',
      cmd: 'ls',
      workdir: null,
      waitMs: null,
    });
  });
  it('unwraps execute_extra_tool to its target', () => {
    const v = describeArgs('execute_extra_tool', JSON.stringify({ tool_name: 'exec_command', params: { cmd: 'pwd' } }));
    expect(v).toMatchObject({ kind: 'shell', cmd: 'pwd' });
  });
  it('shows other tools as labelled fields, long or multi-line values as blocks', () => {
    const v = describeArgs('write_file', JSON.stringify({ file_path: 'a.txt', content: 'x\ny', mode: 420 }));
    expect(v).toEqual({
      kind: 'fields',
      fields: [
        { label: 'file path', value: 'a.txt', block: false },
        { label: 'content', value: 'x\ny', block: true },
        { label: 'mode', value: '420', block: false },
      ],
    });
  });
  it('keeps invalid JSON as raw text', () => {
    expect(describeArgs('exec_command', '{"cmd": "ls')).toEqual({ kind: 'raw', text: '{"cmd": "ls' });
  });
  it('labels keys in words', () => {
    expect(labelOf('yield_time_ms')).toBe('yield time ms');
    expect(labelOf('subagentId')).toBe('subagent id');
  });
  it('fences code longer than any backtick run inside it', () => {
    expect(fenced('echo `date`', 'bash')).toBe('```bash\necho `date`\n```');
    expect(fenced('a ```` b', 'bash')).toBe('`````bash\na ```` b\n`````');
  });
});

describe('notes and the abort marker', () => {
  const out = 'partial\n[interrupted: tool aborted by user]\n[interrupted: tool aborted by user]\n';
  it('lists each note once and strips notes from the output', () => {
    expect(exitNotes(out)).toEqual(['[interrupted: tool aborted by user]']);
    expect(withoutNotes(out)).toBe('partial');
  });
  it('says how a call ended in one line: exit code, else notes, else the outcome', () => {
    const end = (payload: object) =>
      endLine(interpret(mm({ type: 'tool_call_output', tool_call_id: 'c', ...payload })) as FactOf<'tool_output'>);
    expect(end({ output: 'x\n[exit code: 2]', stop_reason: 'failed', exit_code: 2 })).toBe('exit code: 2');
    expect(end({ output: 'fine', stop_reason: 'completed', exit_code: 0 })).toBe('ok (exit code 0)');
    // traced before exit_code: the exit note's words
    expect(end({ output: 'x\n[exit code: 2]', stop_reason: 'failed' })).toBe('exit code: 2');
    expect(end({ output: 'p\n[tool timeout: exceeded 50ms]', stop_reason: 'failed' })).toBe(
      '[tool timeout: exceeded 50ms]',
    );
    expect(end({ output: 'an image', stop_reason: 'completed' })).toBe('ok');
    expect(exitCodeOf({ output: 'x', exitCode: 4 })).toBe(4);
    expect(exitCodeOf({ output: 'x\n[exit code: -1]' })).toBe(-1);
    expect(exitCodeOf({ output: 'say [exit code: 3] inline' })).toBeUndefined();
    expect(end({ output: 'Tool call denied by user.', stop_reason: 'aborted', aborted_by: 'approval' })).toBe('denied');
    expect(end({ output: '[interrupted: the host stopped]', stop_reason: 'aborted', aborted_by: 'host' })).toBe(
      '[interrupted: the host stopped]',
    );
  });
  it('reads the person’s Stop as their own action, the process’s own abort by its reason', () => {
    const label = (payload: object) => abortLabel(interpret(ev(payload)) as FactOf<'abort'>);
    expect(label({ type: 'abort', reason: 'aborted by user', by: 'user' })).toBe('You stopped the task.');
    expect(label({ type: 'abort', by: 'user' })).toBe('You stopped the task.');
    expect(label({ type: 'abort', reason: 'trace write failed: disk full', by: 'host' })).toBe(
      'Task aborted: trace write failed: disk full',
    );
    expect(label({ type: 'abort', reason: 'session disposed', by: 'host' })).toBe('Task aborted: session disposed');
    // older traces carry no `by`: the reason the engine wrote then tells
    expect(label({ type: 'abort', reason: 'interrupted by user (Ctrl-C)' })).toBe('You stopped the task.');
    expect(label({ type: 'abort' })).toBe('You stopped the task.');
    expect(label({ type: 'abort', reason: 'trace write failed: disk full' })).toBe(
      'Task aborted: trace write failed: disk full',
    );
  });
});

describe('withFooters', () => {
  it('moves each request item after what the request produced', async () => {
    const { withFooters } = await import('../../../renderer/src/features/chat/transcript.js');
    const it = (kind: string, key: string) => ({ kind, key, ts: '' }) as never;
    const items = [
      it('user', 'u1'),
      it('request', 'r1'),
      it('assistant', 'a1'),
      it('tool', 't1'),
      it('request', 'r2'),
      it('assistant', 'a2'),
      it('user', 'u2'),
      it('request', 'r3'),
    ];
    expect(withFooters(items).map((i) => i.key)).toEqual(['u1', 'a1', 't1', 'r1', 'a2', 'r2', 'u2', 'r3']);
  });
});
