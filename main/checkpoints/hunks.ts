// A turn's diff as people review it: git's multi-file patch split per file (headers matched to the exact paths
// `git diff --name-status -z` gave), each file's hunks parsed with jsdiff (`diff`), and the reverse of one hunk
// applied to a file's current text. Pure: no git, no files. Text in, text out: callers that need bytes exactly
// pass latin1 strings (one character per byte), so any encoding and CR/LF survive untouched.
import { applyPatch, parsePatch, reversePatch, type StructuredPatch } from 'diff';
import type { ApiChangedFile, ApiFileDiff, ApiHunk } from '../../shared/api.js';

// The shapes are the host API's (shared/api.ts): what this module makes is what the review panel receives.
export type ChangeStatus = ApiChangedFile['status'];
/** A file that differs between two checkpoints. */
export type ChangedFile = ApiChangedFile;
export type FileDiff = ApiFileDiff;
type Hunk = ApiHunk;

/** How git quotes a path in a patch header (core.quotepath=false: only `"`, `\` and control characters). */
const ESCAPES: Record<string, string> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\v': '\\v',
  '\f': '\\f',
  '\r': '\\r',
  '"': '\\"',
  '\\': '\\\\',
};
export function gitQuote(name: string): string {
  if (!/["\\\x00-\x1f\x7f]/.test(name)) return name;
  let out = '';
  for (const ch of name) {
    const code = ch.charCodeAt(0);
    out += ESCAPES[ch] ?? (code < 0x20 || code === 0x7f ? '\\' + code.toString(8).padStart(3, '0') : ch);
  }
  return `"${out}"`;
}

/** The first line git prints for a file's diff (renames are off, so both sides name the same path). */
const headerOf = (p: string): string => `diff --git ${gitQuote('a/' + p)} ${gitQuote('b/' + p)}`;

/**
 * git's patch cut into one text per path of `paths`. A file whose type changed (a symlink became a file) has two
 * sections; both are kept, in order. Content lines always start with a marker, so a line starting with
 * `diff --git ` is always a section's start.
 */
export function splitGitPatch(patch: string, paths: readonly string[]): Map<string, string> {
  const byHeader = new Map(paths.map((p) => [headerOf(p), p]));
  const out = new Map<string, string>();
  const starts: number[] = [];
  const re = /^diff --git /gm;
  for (let m = re.exec(patch); m; m = re.exec(patch)) starts.push(m.index);
  starts.forEach((at, i) => {
    const section = patch.slice(at, starts[i + 1] ?? patch.length);
    const p = byHeader.get(section.slice(0, section.indexOf('\n') >>> 0));
    if (p !== undefined) out.set(p, (out.get(p) ?? '') + section);
  });
  return out;
}

/** One file's patch (one section, or two for a type change) → its hunks, with git's header lines kept. */
function parseFilePatch(section: string): Pick<FileDiff, 'binary' | 'notes' | 'hunks' | 'added' | 'removed'> {
  const lines = section.split('\n');
  const headers = lines.filter((l) => l.startsWith('@@ '));
  const binary = lines.some((l) => /^Binary files .* differ$/.test(l) || l === 'GIT binary patch');
  const notes = lines.filter((l) => /^(old mode|new mode|new file mode|deleted file mode) /.test(l));
  const hunks: Hunk[] = [];
  for (const index of parsePatch(section)) {
    for (const h of index.hunks) {
      hunks.push({
        header: headers[hunks.length] ?? '@@',
        oldStart: h.oldStart,
        oldLines: h.oldLines,
        newStart: h.newStart,
        newLines: h.newLines,
        lines: h.lines,
      });
    }
  }
  let added = 0;
  let removed = 0;
  for (const h of hunks)
    for (const l of h.lines) {
      if (l[0] === '+') added++;
      else if (l[0] === '-') removed++;
    }
  return { binary, notes, hunks, added, removed };
}

/**
 * Per-file diffs of a turn: every changed file in `files` order. A file's hunks are left out past `limits.file`
 * characters of its diff, and every later file's once the files shown reach `limits.total`.
 */
export function fileDiffs(
  patch: string,
  files: readonly ChangedFile[],
  limits: { file: number; total: number },
): FileDiff[] {
  const sections = splitGitPatch(
    patch,
    files.map((f) => f.path),
  );
  let total = 0;
  return files.map((f) => {
    const section = sections.get(f.path) ?? '';
    const tooLarge = section.length > limits.file || total + section.length > limits.total;
    if (!tooLarge) total += section.length;
    const parsed = tooLarge ? { binary: false, notes: [], hunks: [], added: 0, removed: 0 } : parseFilePatch(section);
    return {
      ...f,
      ...parsed,
      tooLarge,
      hunkRevertible: f.status === 'modified' && !parsed.binary && !tooLarge && parsed.hunks.length > 0,
    };
  });
}

/** What names a hunk: its ranges (the header's function context may be decoded differently on each side). */
export type HunkRange = Pick<Hunk, 'oldStart' | 'oldLines' | 'newStart' | 'newLines'>;
export const sameRange = (a: HunkRange, b: HunkRange): boolean =>
  a.oldStart === b.oldStart && a.oldLines === b.oldLines && a.newStart === b.newStart && a.newLines === b.newLines;

/** The ranges of one file's hunks, in order. */
export const hunkRanges = (filePatch: string): HunkRange[] =>
  (parsePatch(filePatch)[0]?.hunks ?? []).map(({ oldStart, oldLines, newStart, newLines }) => ({
    oldStart,
    oldLines,
    newStart,
    newLines,
  }));

/**
 * `current` with hunk `index` of `filePatch` (one file's patch, before → after) taken back: its added lines
 * removed and its removed lines put back. The hunk is found by its context, also when earlier lines moved it;
 * null when its lines are no longer there (the file changed since). Line endings are left exactly as they are.
 */
export function revertHunk(current: string, filePatch: string, index: number): string | null {
  const [parsed] = parsePatch(filePatch);
  const hunk = parsed?.hunks[index];
  if (!parsed || !hunk) return null;
  const one: StructuredPatch = { ...parsed, hunks: [hunk] };
  const result = applyPatch(current, reversePatch(one), { autoConvertLineEndings: false, fuzzFactor: 0 });
  return result === false ? null : result;
}
