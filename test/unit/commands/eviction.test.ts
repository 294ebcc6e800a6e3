import { describe, expect, it } from 'vitest';
import { chooseEviction, type EvictionCandidate } from '../../../main/environment/commands/eviction.js';

const s = (id: string, status: 'running' | 'exited', lastUsedAt: number, busy = false): EvictionCandidate => ({
  id,
  status,
  lastUsedAt,
  busy,
});

describe('chooseEviction', () => {
  it('prefers an exited session over older running ones', () => {
    const now = 10_000;
    expect(chooseEviction([s('a', 'running', 1), s('b', 'exited', 9000), s('c', 'running', 2)], now)).toEqual({
      id: 'b',
      kill: false,
    });
  });
  it('takes the least recently used among exited sessions', () => {
    expect(chooseEviction([s('a', 'exited', 500), s('b', 'exited', 100), s('c', 'exited', 900)], 1000)?.id).toBe('b');
  });
  it('kills the least recently used idle running session when none exited', () => {
    expect(chooseEviction([s('a', 'running', 300), s('b', 'running', 100), s('c', 'running', 200)], 1000)).toEqual({
      id: 'b',
      kill: true,
    });
  });
  it('never picks a session a tool call is waiting on', () => {
    const picked = chooseEviction(
      [s('old', 'running', 1, true), s('newer', 'running', 50), s('gone', 'exited', 2, true)],
      100,
    );
    expect(picked).toEqual({ id: 'newer', kill: true });
  });
  it('returns undefined when every session is busy', () => {
    expect(chooseEviction([s('a', 'running', 1, true), s('b', 'exited', 1, true)], 100)).toBeUndefined();
    expect(chooseEviction([], 100)).toBeUndefined();
  });
});
