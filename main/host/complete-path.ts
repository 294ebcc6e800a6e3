// Folder path completion for the project picker in browser mode (no native dialog): expands `~`, lists the
// sub-folders of the typed parent that start with the typed name. Reads directories only; never writes.
import { readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, sep } from 'node:path';

const MAX_SUGGESTIONS = 50;

export function expandHome(p: string, home: string = homedir()): string {
  if (p === '~') return home;
  if (p.startsWith('~/')) return join(home, p.slice(2));
  return p;
}

const isDir = (p: string): boolean => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/** Suggestions for `prefix` (absolute or `~`), whether it names an existing folder, and why not. */
export function completePath(
  prefix: string,
  home: string = homedir(),
): { suggestions: string[]; valid: boolean; error?: string } {
  const raw = expandHome(prefix.trim(), home);
  if (!raw)
    return {
      suggestions: [],
      valid: false,
      error: 'Type an absolute folder path, e.g. /home/you/project or ~/project.',
    };
  if (!isAbsolute(raw))
    return { suggestions: [], valid: false, error: `"${prefix}" is not an absolute path; start with / or ~/.` };
  const valid = isDir(raw);
  const endsWithSep = raw.endsWith(sep);
  const parent = endsWithSep ? raw : dirname(raw);
  const stem = endsWithSep ? '' : basename(raw);
  let names: string[];
  try {
    names = readdirSync(parent, { withFileTypes: true })
      .filter((d) => d.isDirectory() || (d.isSymbolicLink() && isDir(join(parent, d.name))))
      .map((d) => d.name);
  } catch {
    return {
      suggestions: [],
      valid,
      ...(valid ? {} : { error: `The folder ${parent} does not exist or cannot be read.` }),
    };
  }
  const showHidden = stem.startsWith('.');
  const suggestions = names
    .filter((n) => n.startsWith(stem) && (showHidden || !n.startsWith('.')))
    .sort()
    .slice(0, MAX_SUGGESTIONS)
    .map((n) => join(parent, n));
  return { suggestions, valid, ...(valid ? {} : { error: `${raw} is not an existing folder.` }) };
}
