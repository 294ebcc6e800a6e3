// Pure parts of main/worktrees: port blocks, overlaps between a session and the base or other sessions, and the
// texts sent back to a session (review comments, conflicts).
import { describe, expect, it } from 'vitest';
import { findOverlaps } from '../../../main/worktrees/overlap.js';
import { nextPortBase, PORT_BLOCK, PORT_FIRST, PORT_LAST } from '../../../main/worktrees/ports.js';
import { conflictPrompt, reviewPrompt } from '../../../main/worktrees/prompts.js';

describe('nextPortBase', () => {
  it('the lowest free block; a freed block is reused', () => {
    expect(nextPortBase([])).toBe(PORT_FIRST);
    expect(nextPortBase([PORT_FIRST, PORT_FIRST + PORT_BLOCK])).toBe(PORT_FIRST + 2 * PORT_BLOCK);
    expect(nextPortBase([PORT_FIRST + PORT_BLOCK])).toBe(PORT_FIRST);
  });

  it('null when every block is taken', () => {
    const all: number[] = [];
    for (let p = PORT_FIRST; p <= PORT_LAST; p += PORT_BLOCK) all.push(p);
    expect(nextPortBase(all)).toBeNull();
    expect(nextPortBase(all.slice(1))).toBe(PORT_FIRST);
  });
});

describe('findOverlaps', () => {
  it('each of my files that others changed, with who, sorted by path', () => {
    expect(
      findOverlaps(
        ['src/z.ts', 'a.txt', 'only-mine.txt'],
        [
          { who: 'base', files: ['a.txt'] },
          { who: 's2', files: ['src/z.ts', 'a.txt'] },
          { who: 's3', files: ['other.txt'] },
        ],
      ),
    ).toEqual([
      { path: 'a.txt', with: ['base', 's2'] },
      { path: 'src/z.ts', with: ['s2'] },
    ]);
  });

  it('nothing when no file is shared', () => {
    expect(findOverlaps(['a'], [{ who: 'base', files: ['b'] }])).toEqual([]);
    expect(findOverlaps([], [{ who: 'base', files: ['b'] }])).toEqual([]);
  });
});

describe('prompts', () => {
  it('review comments: one line per comment with file and line, the note after', () => {
    expect(
      reviewPrompt(
        [
          { path: 'a.ts', line: 3, text: ' rename this ' },
          { path: 'b.ts', text: 'add a test' },
        ],
        'thanks',
      ),
    ).toBe(
      'Review of your changes. Please address each comment in your worktree:\n- a.ts:3: rename this\n- b.ts: add a test\n\nthanks',
    );
  });

  it('conflicts: the base, the files, and what to do', () => {
    const t = conflictPrompt('main', ['a.txt', 'b.txt']);
    expect(t).toContain('cannot be merged into main cleanly: a.txt, b.txt');
    expect(t).toContain('`git merge main`');
  });
});
