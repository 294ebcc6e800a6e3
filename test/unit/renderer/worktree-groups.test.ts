// The session list's groups (renderer/src/features/worktrees/groups.ts): needs you (an approval waits or the task
// failed), running, ready to review (idle with a live worktree), the rest; empty groups left out, order kept.
import { describe, expect, it } from 'vitest';
import type { ApiSessionStatus } from '../../../shared/api.js';
import { groupOf, groupSessions } from '../../../renderer/src/features/worktrees/groups.js';

describe('session groups', () => {
  it('a waiting approval or a failure needs you, before running; an idle worktree is ready to review', () => {
    expect(groupOf('running', true, true)).toBe('needs-you');
    expect(groupOf('failed', false, false)).toBe('needs-you');
    expect(groupOf('running', false, true)).toBe('running');
    expect(groupOf('completed', false, true)).toBe('review');
    expect(groupOf('idle', false, true)).toBe('review');
    expect(groupOf('completed', false, false)).toBe('other');
    expect(groupOf('aborted', false, false)).toBe('other');
  });

  it('groups in order, each keeping the list order, without empty groups', () => {
    const st: Record<string, ApiSessionStatus> = {
      a: 'completed',
      b: 'running',
      c: 'completed',
      d: 'running',
      e: 'idle',
    };
    const out = groupSessions(
      ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id })),
      (s) => st[s.id],
      new Set(['d']),
      new Set(['c', 'e']),
    );
    expect(out.map((g) => [g.group, g.sessions.map((s) => s.id)])).toEqual([
      ['needs-you', ['d']],
      ['running', ['b']],
      ['review', ['c', 'e']],
      ['other', ['a']],
    ]);
  });
});
