// Unit tests of the composer's @-mention logic (renderer/src/features/chat/mention.ts): finding the `@word` at the
// caret, ranking files with fuzzysort, and inserting the chosen path.
import { describe, expect, it } from 'vitest';
import { insertMention, mentionAt, rankFiles } from '../../../renderer/src/features/chat/mention.js';

describe('mentionAt', () => {
  it('finds the @word that ends at the caret', () => {
    expect(mentionAt('look at @src/ma', 15)).toEqual({ start: 8, query: 'src/ma' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('a\n@x', 4)).toEqual({ start: 2, query: 'x' });
  });
  it('ignores e-mail addresses, finished words and a caret before the @', () => {
    expect(mentionAt('mail me@example.com', 19)).toBeNull();
    expect(mentionAt('see @a.ts now', 13)).toBeNull();
    expect(mentionAt('see @a.ts', 3)).toBeNull();
  });
});

describe('rankFiles', () => {
  const files = ['README.md', 'src/main.ts', 'src/util/format.ts', 'docs/guide/setup.md', 'test/main.test.ts'];
  it('ranks fuzzy matches best first and drops non-matches', () => {
    const r = rankFiles(files, 'mnts');
    expect(r[0]).toBe('src/main.ts');
    expect(r).toContain('test/main.test.ts');
    expect(r).not.toContain('README.md');
    expect(rankFiles(files, 'zzzz')).toEqual([]);
  });
  it('lists the shallowest paths first for an empty query, up to the limit', () => {
    expect(rankFiles(files, '', 3)).toEqual(['README.md', 'src/main.ts', 'test/main.test.ts']);
  });
});

describe('insertMention', () => {
  it('replaces the @word with the path and a space, caret after it', () => {
    const text = 'fix @ma please';
    expect(insertMention(text, { start: 4, query: 'ma' }, 7, 'src/main.ts')).toEqual({
      text: 'fix src/main.ts please',
      caret: 16,
    });
  });
  it('quotes a path with spaces', () => {
    expect(insertMention('@my', { start: 0, query: 'my' }, 3, 'my file.txt').text).toBe('"my file.txt" ');
  });
});
