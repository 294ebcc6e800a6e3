// Exact file modes of a checkpoint. Git keeps only "executable or not" (644/755), so a checkpoint also records the
// permission bits of every file whose mode is not one of those two (600, 664, 700, ...) in a small blob named by
// its commit message; restore gives every file back its recorded mode. Pure: format, parse, defaults, blob ids.
import { createHash } from 'node:crypto';

/** The mode git implies for a file it stores as executable (100755) or not (100644). */
export const impliedMode = (executable: boolean): number => (executable ? 0o755 : 0o644);

/** Whether git stores a file of this mode as executable (it looks at the owner's x bit). */
const gitExecutable = (mode: number): boolean => (mode & 0o100) !== 0;

/** The permission bits of a file worth recording: undefined when git's own 644/755 says it all. */
export function modeToRecord(mode: number): number | undefined {
  const bits = mode & 0o777;
  return bits === impliedMode(gitExecutable(bits)) ? undefined : bits;
}

/** One line per file, sorted: `600 "path"` (the path as JSON, so any name survives). */
export function formatModes(modes: ReadonlyMap<string, number>): string {
  return [...modes]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([p, m]) => `${m.toString(8).padStart(3, '0')} ${JSON.stringify(p)}\n`)
    .join('');
}

export function parseModes(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^([0-7]{3,4}) (".*")$/.exec(line);
    if (!m) continue;
    try {
      out.set(String(JSON.parse(m[2])), parseInt(m[1], 8));
    } catch {
      /* a line we did not write: its file gets git's mode */
    }
  }
  return out;
}

/** The id git gives a blob with these bytes (sha-1 object format), so an existing blob is not written again. */
export const blobId = (content: Buffer): string =>
  createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
