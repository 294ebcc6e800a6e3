// The recorded-wire suites must not pass in CI by skipping: without ../shared/wire they fail under CI=true and
// skip (with a notice) only elsewhere.
import { describe, expect, it } from 'vitest';
import { wirePolicy } from './helpers.js';

describe('recorded-wire policy', () => {
  it('runs with the recordings, fails without them under CI=true, skips without them elsewhere', () => {
    expect(wirePolicy(true, 'true')).toBe('run');
    expect(wirePolicy(true, undefined)).toBe('run');
    expect(wirePolicy(false, 'true')).toBe('fail');
    expect(wirePolicy(false, undefined)).toBe('skip');
    expect(wirePolicy(false, 'false')).toBe('skip');
  });
});
