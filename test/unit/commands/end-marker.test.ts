import { describe, expect, it } from 'vitest';
import { EndMarkerScanner, endMarker, startMarker } from '../../../main/environment/commands/end-marker.js';

const NONCE = '0123456789abcdef';

function scan(chunks: string[]): { text: string; codes: number[]; starts: number } {
  const s = new EndMarkerScanner(NONCE);
  let text = '';
  const codes: number[] = [];
  let starts = 0;
  for (const c of chunks) {
    const r = s.push(c);
    text += r.text;
    if (r.exitCode !== undefined) codes.push(r.exitCode);
    if (r.started) starts++;
  }
  return { text: text + s.flush(), codes, starts };
}

function scanAll(chunks: string[]): { text: string; codes: number[] } {
  const { text, codes } = scan(chunks);
  return { text, codes };
}

describe('EndMarkerScanner', () => {
  it('removes the marker and reports its exit status', () => {
    expect(scanAll([`hi\r\n${endMarker(NONCE, 3)}`])).toEqual({ text: 'hi\r\n', codes: [3] });
  });

  it('finds the marker split at every position across two chunks', () => {
    const whole = `out\x1b[31mred\x1b[0m${endMarker(NONCE, 127)}after`;
    for (let i = 0; i <= whole.length; i++) {
      expect(scanAll([whole.slice(0, i), whole.slice(i)])).toEqual({
        text: 'out\x1b[31mred\x1b[0mafter',
        codes: [127],
      });
    }
  });

  it('finds the marker fed one character at a time', () => {
    expect(scanAll([...`a${endMarker(NONCE, 0)}`])).toEqual({ text: 'a', codes: [0] });
  });

  it('passes a marker with another nonce and other escape sequences through', () => {
    const other = endMarker('ffffffffffffffff', 1);
    expect(scanAll([`x${other}\x1b]0;title\x07y`])).toEqual({ text: `x${other}\x1b]0;title\x07y`, codes: [] });
  });

  it('gives back a held partial marker when the stream ends', () => {
    const part = endMarker(NONCE, 5).slice(0, 10);
    expect(scanAll(['x', part])).toEqual({ text: `x${part}`, codes: [] });
  });

  it('removes the start marker and reports it once, split at every position, before the end marker', () => {
    const whole = `profile\r\n${startMarker(NONCE)}out${endMarker(NONCE, 2)}`;
    for (let i = 0; i <= whole.length; i++) {
      expect(scan([whole.slice(0, i), whole.slice(i)])).toEqual({ text: 'profile\r\nout', codes: [2], starts: 1 });
    }
    expect(scan([...whole])).toEqual({ text: 'profile\r\nout', codes: [2], starts: 1 });
  });

  it('a second start marker (printed by the command itself) is data', () => {
    const twice = `${startMarker(NONCE)}a${startMarker(NONCE)}`;
    expect(scan([twice])).toEqual({ text: `a${startMarker(NONCE)}`, codes: [], starts: 1 });
  });
});
