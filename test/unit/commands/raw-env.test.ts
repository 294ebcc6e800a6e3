import { describe, expect, it } from 'vitest';
import { hardenedEnv } from '../../../main/environment/commands/env.js';
import { RawBuffer } from '../../../main/environment/commands/raw-buffer.js';

describe('RawBuffer', () => {
  it('keeps everything under the cap', () => {
    const b = new RawBuffer(100);
    b.push('abc');
    b.push('');
    b.push('def');
    expect(b.toString()).toBe('abcdef');
    expect(b.size).toBe(6);
  });
  it('keeps only the newest bytes, cutting on a character boundary', () => {
    const b = new RawBuffer(10);
    b.push('0123456789');
    b.push('ab');
    expect(b.toString()).toBe('23456789ab');
    const u = new RawBuffer(5);
    u.push('éééé'); // 8 bytes
    expect(u.toString()).toBe('éé');
    expect(u.size).toBe(4);
  });
});

describe('hardenedEnv', () => {
  it('merges, drops undefined and forces the hardening', () => {
    const env = hardenedEnv({ A: '1', B: undefined, PAGER: 'less', GIT_EDITOR: 'vim' }, { C: '3', GIT_PAGER: 'less' });
    expect(env).toEqual({
      A: '1',
      C: '3',
      PAGER: 'cat',
      GIT_PAGER: 'cat',
      GIT_EDITOR: 'true',
      GIT_TERMINAL_PROMPT: '0',
      TERM: 'xterm-256color',
    });
  });
});
