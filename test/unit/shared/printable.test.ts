// shared/printable.ts: control characters from outside text are shown, never acted on (issue 26), and the one
// title rule every session title uses.
import { describe, expect, it } from 'vitest';
import { printable, titleOf, TITLE_CHARS } from '../../../shared/printable.js';

describe('printable', () => {
  it('shows C0, C1, DEL and bidi controls as escapes and keeps everything else', () => {
    expect(printable('a\x1b]0;pwned\x07b')).toBe('a\\x1b]0;pwned\\x07b');
    expect(printable('x\r\ny\tz\x7f\x9b')).toBe('x\\x0d\\x0ay\\x09z\\x7f\\x9b');
    expect(printable('invoice\u202egnp.exe')).toBe('invoice\\u202egnp.exe');
    expect(printable('日本語 café ✓')).toBe('日本語 café ✓');
  });
});

describe('titleOf', () => {
  it('takes the first non-empty line, printable, capped', () => {
    expect(titleOf('\n  fix the build  \nmore')).toBe('fix the build');
    expect(titleOf('x'.repeat(100))).toBe('x'.repeat(TITLE_CHARS - 1) + '…');
    expect(titleOf(null)).toBe('');
    expect(titleOf('\x1b[2J\x1b]0;evil\x07 clear')).toBe('\\x1b[2J\\x1b]0;evil\\x07 clear');
  });
});
