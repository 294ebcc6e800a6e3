import { describe, expect, it } from 'vitest';
import type { ApiPendingApproval } from '../../../shared/api.js';
import {
  addPending,
  byToolCall,
  ordered,
  prettyJson,
  removePending,
  replacePending,
  shortcutOf,
} from '../../../renderer/src/features/approvals/reducer.js';

const p = (id: string, sessionId: string, createdAt: string, toolCallId = `tc-${id}`): ApiPendingApproval => ({
  id,
  sessionId,
  toolCallId,
  calledName: 'exec_command',
  toolName: 'exec_command',
  permission: 'rw',
  arguments: '{"cmd":"ls"}',
  origin: [],
  createdAt,
  hasPreview: false,
});

describe('pending approvals reducer', () => {
  it('adds idempotently, removes, and replaces wholesale', () => {
    let m = addPending({}, p('a', 's1', '2025-01-01T00:00:02Z'));
    const same = addPending(m, p('a', 's1', '2025-01-01T00:00:02Z'));
    expect(same).toBe(m);
    m = addPending(m, p('b', 's2', '2025-01-01T00:00:01Z'));
    expect(Object.keys(m)).toEqual(['a', 'b']);
    expect(Object.keys(removePending(m, 'a'))).toEqual(['b']);
    expect(removePending(m, 'zzz')).toBe(m);
    expect(Object.keys(replacePending([p('c', 's1', '2025-01-01T00:00:00Z')]))).toEqual(['c']);
  });
  it('orders oldest first and filters by session', () => {
    const m = replacePending([
      p('a', 's1', '2025-01-01T00:00:03Z'),
      p('b', 's2', '2025-01-01T00:00:01Z'),
      p('c', 's1', '2025-01-01T00:00:02Z'),
    ]);
    expect(ordered(m).map((x) => x.id)).toEqual(['b', 'c', 'a']);
    expect(ordered(m, 's1').map((x) => x.id)).toEqual(['c', 'a']);
  });
  it('finds the approval of a tool call', () => {
    const m = replacePending([p('a', 's1', '2025-01-01T00:00:03Z', 'call-9')]);
    expect(byToolCall(m, 'call-9')?.id).toBe('a');
    expect(byToolCall(m, 'call-0')).toBeUndefined();
  });
  it('maps keys to decisions, ignoring modified keys', () => {
    expect(shortcutOf('a')).toBe('allow');
    expect(shortcutOf('D')).toBe('deny');
    expect(shortcutOf('s')).toBe('allow-session');
    expect(shortcutOf('a', { ctrl: true })).toBeNull();
    expect(shortcutOf('x')).toBeNull();
  });
  it('pretty-prints arguments when they are JSON', () => {
    expect(prettyJson('{"cmd":"ls"}')).toBe('{\n  "cmd": "ls"\n}');
    expect(prettyJson('not json')).toBe('not json');
  });
});
