import { describe, expect, it } from 'vitest';
import {
  continueLine,
  holdTrailingBlankLines,
  joinRows,
  renderComplete,
  renderLive,
  renderScreen,
} from '../../../main/environment/commands/clean-text.js';

describe('joinRows', () => {
  it('joins soft-wrapped rows and trims trailing whitespace per logical line', () => {
    const lines = joinRows([
      { text: 'abc   ', wrapped: false },
      { text: 'defgh', wrapped: false },
      { text: 'ij  ', wrapped: true },
      { text: '    ', wrapped: false },
    ]);
    expect(lines).toEqual([
      { start: 0, text: 'abc' },
      { start: 1, text: 'defghij' },
      { start: 3, text: '' },
    ]);
  });
  it('treats a leading wrapped row as the start of a line', () => {
    expect(joinRows([{ text: 'tail ', wrapped: true }])).toEqual([{ start: 0, text: 'tail' }]);
  });
  it('returns nothing for no rows', () => {
    expect(joinRows([])).toEqual([]);
  });
});

describe('continueLine', () => {
  it('returns only the new tail when the line grew', () => {
    expect(continueLine('Name: ', 'Name: bob')).toBe('bob');
  });
  it('puts an overwritten line on a fresh line', () => {
    expect(continueLine('50%', '100%')).toBe('\n100%');
  });
  it('emits nothing for a line that was cleared', () => {
    expect(continueLine('50%', '')).toBe('');
  });
  it('emits the whole line when nothing was seen', () => {
    expect(continueLine('', 'hello')).toBe('hello');
  });
});

describe('renderLive / renderComplete', () => {
  it('renderLive joins lines without a final break', () => {
    expect(renderLive('', ['a', 'b', ''])).toBe('a\nb\n');
    expect(renderLive('re', ['red', 'x'])).toBe('d\nx');
    expect(renderLive('x', [])).toBe('');
  });
  it('renderComplete ends every line with a break', () => {
    expect(renderComplete('', ['a', 'b'])).toBe('a\nb\n');
    expect(renderComplete('ab', ['abc'])).toBe('c\n');
    expect(renderComplete('ab', ['zz'])).toBe('\nzz\n');
  });
});

describe('holdTrailingBlankLines', () => {
  it('keeps one final newline and withholds the rest', () => {
    expect(holdTrailingBlankLines('x\n\n\n', 0)).toEqual({ text: 'x\n', held: 2 });
  });
  it('restores withheld blank lines when content follows', () => {
    expect(holdTrailingBlankLines('y\n', 2)).toEqual({ text: '\n\ny\n', held: 0 });
  });
  it('keeps accumulating while only blank lines arrive', () => {
    expect(holdTrailingBlankLines('\n\n', 1)).toEqual({ text: '', held: 3 });
    expect(holdTrailingBlankLines('', 3)).toEqual({ text: '', held: 3 });
  });
  it('leaves text without a final newline alone', () => {
    expect(holdTrailingBlankLines('red', 0)).toEqual({ text: 'red', held: 0 });
  });
});

describe('renderScreen', () => {
  it('trims lines, drops trailing empty lines and ends with a newline', () => {
    expect(renderScreen(['top  ', '', 'mid', '   ', ''])).toBe('top\n\nmid\n');
  });
  it('is empty for a blank screen', () => {
    expect(renderScreen(['', '  '])).toBe('');
  });
});
