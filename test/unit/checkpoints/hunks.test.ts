// Per-file, per-hunk review of a turn's patch (main/checkpoints/hunks.ts): git's patch split per exact path
// (quoted names, type changes), hunks parsed with their headers, and one hunk reverted on the current text —
// exactly that hunk, found when it moved, refused when its lines changed, CR/LF and a missing final newline kept.
import { describe, expect, it } from 'vitest';
import { fileDiffs, gitQuote, revertHunk, splitGitPatch } from '../../../main/checkpoints/hunks.js';

// the output of `git diff` for: f.txt (first and last line changed), crlf.txt (CR/LF lines), noeol.txt (no final
// newline) and a file named  we"ird\tname  (a real backslash), as git printed it
const PATCH = [
  'diff --git a/crlf.txt b/crlf.txt',
  'index 4e349b5..24fe5dc 100644',
  '--- a/crlf.txt',
  '+++ b/crlf.txt',
  '@@ -1,2 +1,2 @@',
  ' one\r',
  '-two\r',
  '+TWO\r',
  'diff --git a/f.txt b/f.txt',
  'index 988f966..9ecff16 100644',
  '--- a/f.txt',
  '+++ b/f.txt',
  '@@ -1,4 +1,4 @@',
  '-a',
  '+A',
  ' b',
  ' c',
  ' d',
  '@@ -10,4 +10,4 @@ i',
  ' j',
  ' k',
  ' l',
  '-m',
  '+M',
  'diff --git a/noeol.txt b/noeol.txt',
  'index 1c1206e..cdf46fd 100644',
  '--- a/noeol.txt',
  '+++ b/noeol.txt',
  '@@ -1 +1 @@',
  '-last',
  '\\ No newline at end of file',
  '+LAST',
  '\\ No newline at end of file',
  'diff --git "a/we\\"ird\\\\tname" "b/we\\"ird\\\\tname"',
  'index c1b0730..e25f181 100644',
  '--- "a/we\\"ird\\\\tname"',
  '+++ "b/we\\"ird\\\\tname"',
  '@@ -1 +1 @@',
  '-x',
  '\\ No newline at end of file',
  '+y',
  '\\ No newline at end of file',
  'diff --git a/pic.png b/pic.png',
  'new file mode 100644',
  'index 0000000..e25f181',
  'Binary files /dev/null and b/pic.png differ',
  'diff --git a/run.sh b/run.sh',
  'old mode 100755',
  'new mode 100644',
  '',
].join('\n');

const WEIRD = 'we"ird\\tname';
const FILES = [
  { path: 'crlf.txt', status: 'modified' as const },
  { path: 'f.txt', status: 'modified' as const },
  { path: 'noeol.txt', status: 'modified' as const },
  { path: 'pic.png', status: 'added' as const },
  { path: 'run.sh', status: 'modified' as const },
  { path: WEIRD, status: 'modified' as const },
];
const BEFORE_F = 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\n';
const AFTER_F = 'A\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nM\n';

describe('splitting a patch per file', () => {
  it('quotes names as git does', () => {
    expect(gitQuote('a/plain name.txt')).toBe('a/plain name.txt');
    expect(gitQuote(`a/${WEIRD}`)).toBe('"a/we\\"ird\\\\tname"');
    expect(gitQuote('a/tab\there\x01')).toBe('"a/tab\\there\\001"');
  });

  it('gives every path its own section, quoted names included', () => {
    const parts = splitGitPatch(
      PATCH,
      FILES.map((f) => f.path),
    );
    expect([...parts.keys()].sort()).toEqual(FILES.map((f) => f.path).sort());
    expect(parts.get(WEIRD)).toContain('+y\n');
    expect(parts.get('f.txt')).not.toContain('noeol');
  });

  it('parses hunks with their headers, counts, notes and binary files', () => {
    const diffs = fileDiffs(PATCH, FILES, { file: 100_000, total: 1_000_000 });
    const f = diffs.find((d) => d.path === 'f.txt')!;
    expect(f.hunks.map((h) => h.header)).toEqual(['@@ -1,4 +1,4 @@', '@@ -10,4 +10,4 @@ i']);
    expect(f.hunks[1]).toMatchObject({ oldStart: 10, oldLines: 4, newStart: 10, newLines: 4 });
    expect(f.hunks[1].lines).toEqual([' j', ' k', ' l', '-m', '+M']);
    expect([f.added, f.removed, f.hunkRevertible]).toEqual([2, 2, true]);
    expect(diffs.find((d) => d.path === 'pic.png')).toMatchObject({ binary: true, hunks: [], hunkRevertible: false });
    expect(diffs.find((d) => d.path === 'run.sh')).toMatchObject({
      notes: ['old mode 100755', 'new mode 100644'],
      hunks: [],
      hunkRevertible: false,
    });
    expect(diffs.find((d) => d.path === 'crlf.txt')!.hunks[0].lines).toEqual([' one\r', '-two\r', '+TWO\r']);
  });

  it('leaves a file past the size limits without hunks, to be restored whole', () => {
    const f = fileDiffs(PATCH, FILES, { file: 100, total: 1_000_000 }).find((d) => d.path === 'f.txt')!;
    expect(f).toMatchObject({ tooLarge: true, hunks: [], hunkRevertible: false });
    // the total: crlf.txt fits, f.txt would pass it
    const capped = fileDiffs(PATCH, FILES, { file: 100_000, total: 150 });
    expect(capped.map((d) => d.tooLarge).slice(0, 2)).toEqual([false, true]);
  });
});

describe('reverting one hunk', () => {
  const fPatch = () => splitGitPatch(PATCH, ['f.txt']).get('f.txt')!;

  it('takes back exactly that hunk and no other', () => {
    expect(revertHunk(AFTER_F, fPatch(), 0)).toBe(AFTER_F.replace('A\n', 'a\n'));
    expect(revertHunk(AFTER_F, fPatch(), 1)).toBe(AFTER_F.replace('M\n', 'm\n'));
    // both, one after the other: the file as it was before the turn
    expect(revertHunk(revertHunk(AFTER_F, fPatch(), 1)!, fPatch(), 0)).toBe(BEFORE_F);
  });

  it('finds the hunk when lines above it were added since', () => {
    const moved = 'new 1\nnew 2\n' + AFTER_F;
    expect(revertHunk(moved, fPatch(), 1)).toBe(moved.replace('M\n', 'm\n'));
  });

  it('refuses when the hunk’s own lines changed since', () => {
    expect(revertHunk(AFTER_F.replace('M\n', 'Z\n'), fPatch(), 1)).toBeNull();
    expect(revertHunk(AFTER_F, fPatch(), 2)).toBeNull();
  });

  it('keeps CR/LF line ends and a missing final newline', () => {
    const crlf = splitGitPatch(PATCH, ['crlf.txt']).get('crlf.txt')!;
    expect(revertHunk('one\r\nTWO\r\n', crlf, 0)).toBe('one\r\ntwo\r\n');
    const noeol = splitGitPatch(PATCH, ['noeol.txt']).get('noeol.txt')!;
    expect(revertHunk('LAST', noeol, 0)).toBe('last');
  });
});
