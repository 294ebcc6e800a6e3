// The arguments inside a search query. A model passes a person's request on with its values in it ("show me the
// contents of config.yaml", "post 'deploy done' in #general"): quoted text, SQL statements (sql.ts), file names,
// paths, URLs, e-mail addresses, channels and handles, numbers and ids. Those are what the tool will work ON, not
// words that say which tool: they are taken out of the query's words, and the kind of value a shape shows (a file
// name, a path, a URL, a SQL statement) stays as a hint word. Shapes only, no vocabulary. Pure.
import { findSql } from './sql.js';

export interface QueryParts {
  /** the query with every argument value taken out */
  words: string;
  /** words the values' shapes stand for (`file` for report.pdf, `path` for src/app, `url` for https://…, `sql`
   * and `query` for a SQL statement) */
  hints: string[];
  /** the values taken out, as written */
  values: string[];
}

/** text in straight or typographic quotes or backticks: a message, a title, a search string */
const QUOTED = /"[^"]*"|“[^”]*”|`[^`]*`|(?<![A-Za-z])'[^']*'(?![A-Za-z])/g;
const URL = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** a name with an extension: config.yaml, a.pdf, *.ts, .env (not a sentence's full stop: handled by trimming) */
const FILE_NAME = /^(?:[\w*?-]*\.)+[A-Za-z0-9]{1,8}$/;
/** anything with a slash or starting with ~ or a drive letter: src/app, /etc/hosts, ~/Downloads, C:\x */
const PATH = /^(?:~|[A-Za-z]:\\)|[/\\]/;
/** #channel: a name after `#` (not #42, an issue number, nor #ff8800, a colour) */
const CHANNEL = /^#(?![0-9a-f]{3}$|[0-9a-f]{6}$)[A-Za-z][\w.-]*$/i;
/** #channel, @handle, $var, :emoji: (a handle leaves no `user` hint: tried, it lost a tuning query where the
 * handle is an assignee and gained none) */
const SIGIL = /^(?:[#@$]\S+|:[\w+-]+:)$/;
/** a token with a digit in it: 42, #7, v1.0.0, U123ABC, 1280x720, 3pm, t3.micro */
const HAS_DIGIT = /\d/;

/** the hint words a SQL statement leaves (sql.ts recognises one by its grammar) */
const SQL_HINTS = ['sql', 'query'];

/** The kind of value a token is (and the hint word it leaves), or undefined for an ordinary word. */
export function valueKind(token: string): { hint?: string } | undefined {
  if (URL.test(token)) return { hint: 'url' };
  if (EMAIL.test(token)) return {};
  if (CHANNEL.test(token)) return { hint: 'channel' };
  if (SIGIL.test(token)) return {};
  if (PATH.test(token)) return { hint: 'path' };
  if (FILE_NAME.test(token) && /[A-Za-z*?]/.test(token.split('.')[0] ?? '')) return { hint: 'file' };
  if (FILE_NAME.test(token) && token.startsWith('.')) return { hint: 'file' };
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
  let unquoted = query.replace(QUOTED, (m) => {
    values.push(m);
    const inner = m.slice(1, -1);
    const sql = findSql(inner);
    if (sql && !inner.slice(0, sql.start).trim()) hint(...SQL_HINTS);
    return ' ';
  });
  for (let sql = findSql(unquoted); sql; sql = findSql(unquoted)) {
    values.push(unquoted.slice(sql.start, sql.end).trim());
    hint(...SQL_HINTS);
    unquoted = `${unquoted.slice(0, sql.start)} ${unquoted.slice(sql.end)}`;
  }
  const words: string[] = [];
  for (const raw of unquoted.split(/\s+/)) {
    // sentence punctuation around a token is not part of it
    const token = raw.replace(/^[("'[{]+/, '').replace(/[)"'\]},;:!?.]+$/, '');
    if (!token) continue;
    const required = token.startsWith('+') ? '+' : '';
    const kind = valueKind(token.slice(required.length));
    if (!kind) {
      words.push(token);
      continue;
    }
    values.push(token);
    if (kind.hint) hint(kind.hint);
  }
  return { words: words.join(' '), hints, values };
}
