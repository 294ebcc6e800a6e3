// Unit tests of the composer's slash-command parser (renderer/src/features/chat/slash.ts).
import { describe, expect, it } from 'vitest';
import { parseSlash } from '../../../renderer/src/features/chat/slash.js';

describe('parseSlash', () => {
  it('leaves ordinary prompts alone', () => {
    expect(parseSlash('list /tmp please')).toBeNull();
    expect(parseSlash('/usr/bin is where?')).toBeNull();
  });
  it('parses /mode, /compact and /clear', () => {
    expect(parseSlash('/mode read-only')).toEqual({ kind: 'mode', mode: 'read-only' });
    expect(parseSlash('/compact keep the API notes')).toEqual({ kind: 'compact', focus: 'keep the API notes' });
    expect(parseSlash('/compact')).toEqual({ kind: 'compact' });
    expect(parseSlash(' /clear ')).toEqual({ kind: 'clear' });
  });
  it('parses /model with and without a name', () => {
    expect(parseSlash('/model mock/m2')).toEqual({ kind: 'model', name: 'mock/m2' });
    expect(parseSlash('/model')).toEqual({ kind: 'model' });
  });
  it('says what is wrong with a bad command', () => {
    expect(parseSlash('/mode sometimes')).toEqual({
      kind: 'error',
      message: expect.stringContaining('(got "sometimes")'),
    });
    expect(parseSlash('/frobnicate')).toEqual({
      kind: 'error',
      message: expect.stringContaining('Unknown command /frobnicate'),
    });
  });
});
