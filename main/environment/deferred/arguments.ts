// The arguments inside a search query. A model passes a person's request on with its values in it ("show me the
// contents of config.yaml", "post 'deploy done' in #general"): quoted text, SQL statements (sql.ts), file names,
// paths, URLs (with or without their scheme: github.com, localhost:3000), e-mail addresses, channels and handles,
// a git host's reference to an issue or pull request (owner/repo#123, the form GitHub links), a pair of coordinates
// (48.8584, 2.2945), numbers and ids. Those are what the tool will work ON, not words that say which tool: they are
// taken out of the query's words, and the kind of value a shape shows (a file name, a path, a URL, a channel, an
// issue reference, coordinates, a SQL statement) stays as a hint word, with the media type of an image, audio or
// video file's name (npm mime-types: `logo.png` → file image). Shapes only, no vocabulary. Pure.
import { lookup as mediaTypeOf } from 'mime-types';
import { findSql } from './sql.js';

export interface QueryParts {
  /** the query with every argument value taken out */
  words: string;
  /** words the values' shapes stand for (`file` for report.pdf, `path` for src/app, `url` for https://…, `sql`
   * and `query` for a SQL statement) */
  hints: string[];
  /** the values taken out, as written */
  values: string[];
  /** the query with each value that has a shape replaced in place by its hint words, and the others (quoted text,
   * numbers, ids, e-mail addresses, handles) taken out: `cat /etc/hosts` → `cat path` (what the sentence encoder
   * reads: local-model.ts) */
  shaped: string;
}

/** text in straight or typographic quotes or backticks: a message, a title, a search string */
const QUOTED = /"[^"]*"|“[^”]*”|`[^`]*`|(?<![A-Za-z])'[^']*'(?![A-Za-z])/g;
const URL = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** a name with an extension: config.yaml, a.pdf, *.ts, .env (not a sentence's full stop: handled by trimming) */
const FILE_NAME = /^(?:[\w*?-]*\.)+[A-Za-z0-9]{1,8}$/;
/** anything with a slash or starting with ~ or a drive letter: src/app, /etc/hosts, ~/Downloads, C:\x */
const PATH = /^(?:~|[A-Za-z]:\\)|[/\\]/;
/** a host name's labels before its top-level domain, each with its dot: `news.ycombinator.` */
const HOST_LABELS = String.raw`(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+`;
/** a host name: labels and a top-level domain of letters (example.org, news.ycombinator.com) */
const HOST_NAME = String.raw`${HOST_LABELS}[a-z]{2,}`;
/** an IPv4 address: four numbers with dots */
const IPV4 = String.raw`\d{1,3}(?:\.\d{1,3}){3}`;
/** what may follow a host in a URL without its scheme: a path, a query, a fragment */
const URL_TAIL = String.raw`(?:[/?#]\S*)?`;
/** a host with a port: localhost:3000, 127.0.0.1:8080, api.example.dev:443/v1 */
const HOST_PORT = new RegExp(String.raw`^(?:localhost|${HOST_NAME}|${IPV4}):\d{1,5}${URL_TAIL}$`, 'i');
/** an IPv4 address, with a path if any: 192.168.1.1, 10.0.0.2/admin */
const IP_ADDRESS = new RegExp(`^${IPV4}${URL_TAIL}$`);
/** a host with a path (example.org/login), or a www. host */
const HOST_PATH = new RegExp(`^(?:${HOST_NAME}[/?#]\\S*|www\\.${HOST_NAME}${URL_TAIL})$`, 'i');
/**
 * a bare host in one of RFC 1591's generic top-level domains (github.com, example.org): other top-level
 * domains are also file extensions too often to tell (.md, .py, .sh, .rs, .pl, .ai, .zip)
 */
const GENERIC_HOST = new RegExp(`^${HOST_LABELS}(?:com|org|net|edu|gov|mil|int)$`, 'i');
/** #channel: a name after `#` (not #42, an issue number, nor #ff8800, a colour) */
const CHANNEL = /^#(?![0-9a-f]{3}$|[0-9a-f]{6}$)[A-Za-z][\w.-]*$/i;
/** #channel, @handle, $var, :emoji: (a handle leaves no `user` hint: tried, it lost a tuning query where the
 * handle is an assignee and gained none) */
const SIGIL = /^(?:[#@$]\S+|:[\w+-]+:)$/;
/** a reference to an issue or pull request of a repository on a git host: owner/repo#123 (tested before PATH,
 * whose slash it has) */
const REFERENCE = /^[A-Za-z0-9][\w.-]*\/[\w.-]+#\d+$/;
/** a latitude and a longitude in decimal degrees, each with two decimals or more: 48.8584, 2.2945 or (39.74,-104.99) */
const COORDINATES = /(?<![\w.])(-?\d{1,2}\.\d{2,}),\s*(-?\d{1,3}\.\d{2,})(?![\w.])/g;
const COORDINATE_HINTS = ['latitude', 'longitude'];
/** width × height: 1280x720, 800×600 */
const DIMENSIONS = /^\d+[x×]\d+$/i;
/** a token with a digit in it: 42, #7, v1.0.0, U123ABC, 3pm, t3.micro */
const HAS_DIGIT = /\d/;

/** the hint words a SQL statement leaves (sql.ts recognises one by its grammar) */
const SQL_HINTS = ['sql', 'query'];
/** where a SQL statement was taken out of the query (a control character: never part of a typed token) */
const SQL_MARK = '\u0001';
/** where a pair of coordinates was taken out */
const COORDINATES_MARK = '\u0002';
/** the hint words each mark stands for */
const MARKED: Record<string, readonly string[]> = { [SQL_MARK]: SQL_HINTS, [COORDINATES_MARK]: COORDINATE_HINTS };
/** a mark typed into a query (it is no value of ours) */
const TYPED_MARKS = new RegExp(`[${Object.keys(MARKED).join('')}]`, 'g');

/** the top-level media types whose name a file's shape leaves beside `file` or `path`: what a tool that reads
 * "an image or audio file" is told apart by */
const MEDIA = new Set(['image', 'audio', 'video']);

/** `hint` and, for a name whose extension is of an image, audio or video type (mime-types), that type's word:
 * `logo.png` → file image. An MPEG transport stream (.ts) is far more often TypeScript in a request to tools. */
function withMedia(hint: string, token: string): string {
  const type = mediaTypeOf(token);
  if (!type || type === 'video/mp2t') return hint;
  const top = type.split('/')[0]!;
  return MEDIA.has(top) ? `${hint} ${top}` : hint;
}

/**
 * The kind of value a token is (and the hint words it leaves, separated by a space), or undefined for an ordinary
 * word.
 */
export function valueKind(token: string): { hint?: string } | undefined {
  if (URL.test(token)) return { hint: 'url' };
  if (EMAIL.test(token)) return {};
  if (CHANNEL.test(token)) return { hint: 'channel' };
  if (SIGIL.test(token)) return {};
  if (HOST_PORT.test(token) || IP_ADDRESS.test(token) || HOST_PATH.test(token) || GENERIC_HOST.test(token)) {
    return { hint: 'url' };
  }
  if (REFERENCE.test(token)) return { hint: 'issue pull request' };
  if (PATH.test(token)) return { hint: withMedia('path', token) };
  if (FILE_NAME.test(token) && /[A-Za-z*?]/.test(token.split('.')[0] ?? '')) return { hint: withMedia('file', token) };
  if (FILE_NAME.test(token) && token.startsWith('.')) return { hint: 'file' };
  if (DIMENSIONS.test(token)) return { hint: 'width height' };
  if (HAS_DIGIT.test(token)) return {};
  return undefined;
}

/** Splits a query into its words and its argument values (see the file header). */
export function splitArguments(query: string): QueryParts {
  const values: string[] = [];
  const hints: string[] = [];
  const hint = (...h: string[]) => {
    for (const x of h) if (!hints.includes(x)) hints.push(x);
  };
  // the marks are ours: one typed into the query is only a space
  let unquoted = query.replace(TYPED_MARKS, ' ').replace(QUOTED, (m) => {
    values.push(m);
    const inner = m.slice(1, -1);
    const sql = findSql(inner);
    if (!sql || inner.slice(0, sql.start).trim()) return ' ';
    hint(...SQL_HINTS);
    return ` ${SQL_MARK} `;
  });
  unquoted = unquoted.replace(COORDINATES, (m, lat: string, lng: string) => {
    if (Math.abs(Number(lat)) > 90 || Math.abs(Number(lng)) > 180) return m;
    values.push(m);
    hint(...COORDINATE_HINTS);
    return ` ${COORDINATES_MARK} `;
  });
  const shaped: string[] = [];
  for (let sql = findSql(unquoted); sql; sql = findSql(unquoted)) {
    values.push(unquoted.slice(sql.start, sql.end).trim());
    hint(...SQL_HINTS);
    unquoted = `${unquoted.slice(0, sql.start)} ${SQL_MARK} ${unquoted.slice(sql.end)}`;
  }
  const words: string[] = [];
  for (const raw of unquoted.split(/\s+/)) {
    // sentence punctuation around a token is not part of it
    const token = raw.replace(/^[("'[{]+/, '').replace(/[)"'\]},;:!?.]+$/, '');
    if (!token) continue;
    const marked = MARKED[token];
    if (marked) {
      shaped.push(...marked);
      continue;
    }
    const required = token.startsWith('+') ? '+' : '';
    const kind = valueKind(token.slice(required.length));
    if (!kind) {
      words.push(token);
      shaped.push(token);
      continue;
    }
    values.push(token);
    if (kind.hint) hint(...kind.hint.split(' '));
    if (kind.hint) shaped.push(kind.hint);
  }
  return { words: words.join(' '), hints, values, shaped: shaped.join(' ') };
}
