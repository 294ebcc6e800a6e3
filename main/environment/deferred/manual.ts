// What a command is, from the system's own manual: the one-line summary of its manual page's NAME section
// (`mkdir - make directories`, `ls - list directory contents`, as `whatis` prints it), for the deferred-tool search
// to read a command name ("cat", "ls", "mkdir") in a request as the words that say what the command does. The
// manual is a general resource of the machine, nothing here is written for any query. Pages of sections 1 (user
// commands) and 8 (administration) are read from the usual manual folders (gzip or plain, man(7) or mdoc(7),
// `.so` links followed once); results are remembered per word. Reads files, never throws: a word without a page,
// or a machine without manual pages (Windows), has no summary.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** where manual pages live on Linux and macOS (man-db's and BSD man's defaults) */
const MAN_DIRS: readonly string[] = [
  '/usr/share/man',
  '/usr/local/share/man',
  '/usr/local/man',
  '/opt/homebrew/share/man',
];
const SECTIONS = ['1', '8'];
/** a command name: never a path */
const COMMAND = /^[a-z][a-z0-9_-]{0,40}$/;

const remembered = new Map<string, string | undefined>();
const MAX_REMEMBERED = 10_000;

function readPage(file: string): string | undefined {
  try {
    const raw = readFileSync(file);
    return (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  } catch {
    return undefined;
  }
}

/** The page's text, following one `.so man1/other.1` link. */
function pageText(dir: string, file: string): string | undefined {
  const text = readPage(file);
  const link = text && /^\.so\s+(\S+)/.exec(text.trimStart());
  if (!link) return text;
  const target = join(dir, link[1]!);
  if (dirname(dirname(target)) !== dir) return undefined;
  return readPage(existsSync(target) ? target : `${target}.gz`);
}

/** roff escapes and font changes out: `\-` → -, `\fBx\fR` → x, `\(em` → -, `\*(Aq` and `\(aq` → ', other
 * strings (`\*(lq`, `\*[name]`) and special characters dropped */
function plain(line: string): string {
  return line
    .replace(/\\f(?:\[[^\]]*\]|\(..|.)/g, '')
    .replace(/\\\((?:em|en|mi|hy)/g, '-')
    .replace(/\\(?:\*\(Aq|\(aq)/g, "'")
    .replace(/\\\*(?:\[[^\]]*\]|\(..|.)|\\\(../g, '')
    .replace(/\\[-e]/g, (m) => (m === '\\-' ? '-' : '\\'))
    .replace(/\\&/g, '')
    .replace(/^\.[A-Za-z]{1,3}\s+/, '')
    .replace(/"/g, '')
    .trim();
}

/** The summary of a man(7) or mdoc(7) page's NAME section, without the command names before the dash. */
export function nameSummary(page: string): string | undefined {
  const lines = page.split('\n');
  const start = lines.findIndex((l) => /^\.S[Hh]\s+"?NAME"?\s*$/.test(l));
  if (start === -1) return undefined;
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\.S[Hh]\b/.test(line)) break;
    const nd = /^\.Nd\s+(.*)$/.exec(line);
    if (nd) return plain(nd[1]!) || undefined;
    if (line.startsWith('.\\"')) continue;
    body.push(plain(line));
  }
  const text = body.filter(Boolean).join(' ');
  const dash = text.search(/\s-+\s/);
  const summary = dash === -1 ? '' : text.slice(dash).replace(/^\s-+\s/, '');
  return summary.trim() || undefined;
}

/** The manual's one-line summary of a command, or undefined when the machine has no page for it. */
export function commandSummary(word: string, dirs: readonly string[] = MAN_DIRS): string | undefined {
  const key = `${dirs.join('\u0000')}\u0000${word}`;
  if (remembered.has(key)) return remembered.get(key);
  let out: string | undefined;
  if (COMMAND.test(word)) {
    search: for (const dir of dirs) {
      for (const section of SECTIONS) {
        for (const file of [`${word}.${section}.gz`, `${word}.${section}`]) {
          const path = join(dir, `man${section}`, file);
          if (!existsSync(path)) continue;
          const text = pageText(dir, path);
          out = text ? nameSummary(text) : undefined;
          if (out) break search;
        }
      }
    }
  }
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(key, out);
  return out;
}
