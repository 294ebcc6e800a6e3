// A `git fast-import` stream of one commit holding the given files: the benchmark's repository is written as one
// pack from it, so making the repository creates (and its `git gc` later deletes) no loose object files — on this
// machine's journal-less ext4 a burst of deleted files slows every file creation for minutes after (see
// bench/worktrees.ts). Pure: builds bytes, runs nothing.

/** git arguments that read such a stream on stdin into one pack (a small stream would otherwise be exploded into loose
 * objects: fastimport.unpackLimit, 100 by default). */
export const FAST_IMPORT_ARGS = ['-c', 'fastimport.unpackLimit=0', 'fast-import', '--quiet'];

export interface StreamFile {
  /** path inside the repository, `/`-separated */
  path: string;
  content: string;
}

/** The stream of one commit on `refs/heads/<branch>` with `files` (all mode 100644), committed at `time` (s). */
export function fastImportStream(
  files: readonly StreamFile[],
  o: { branch: string; message: string; time: number },
): Buffer {
  const parts: Buffer[] = [];
  const data = (b: Buffer) => parts.push(Buffer.from(`data ${b.length}\n`), b, Buffer.from('\n'));
  parts.push(Buffer.from(`commit refs/heads/${o.branch}\ncommitter bench <bench@localhost> ${o.time} +0000\n`));
  data(Buffer.from(o.message));
  for (const f of files) {
    if (/[\n"]/.test(f.path) || f.path.startsWith('/'))
      throw new Error(`fastImportStream: "${f.path}" is not a plain relative path (no newline, quote or leading /)`);
    parts.push(Buffer.from(`M 100644 inline ${f.path}\n`));
    data(Buffer.from(f.content));
  }
  parts.push(Buffer.from('done\n'));
  return Buffer.concat(parts);
}
