// SQL statements typed into a search query ("run SELECT count(*) FROM users", "select * from customers limit 5"):
// recognised by the structure SQL's grammar requires, not by vocabulary, so that English built on the same verbs
// ("select the option from the list", "delete the message from #general") is left alone. A statement is one of
//   SELECT [DISTINCT|ALL] <select list> FROM <table> [<clause> …]
//   DELETE FROM <table> [<clause> …]
//   INSERT INTO <table> [(<columns>)] VALUES (…) | SELECT …
//   UPDATE <table> SET <column> = …
// where a select list is `*` or expressions separated by commas (a name, a.b, t.*, f(…), a number, an operator
// between them), each with an optional alias (`AS x`, or a bare `x` after an expression that is not a bare name),
// and a table is a name (schema.name) with an optional alias, but not an English stopword followed by a name
// ("from the list", where SQL would read a table `the` aliased `list`).
// SELECT and DELETE read like English when nothing else marks them, so they also need one mark that English does
// not have: a `*`, a parenthesis, a comma or a qualified name in the select list, a clause after the table (WHERE,
// JOIN, ORDER BY, LIMIT …), a `;`, or their keywords written in capitals. Pure.
import { STOPWORDS } from './analyze.js';

interface Token {
  text: string;
  /** lower case, for keywords */
  low: string;
  kind: 'name' | 'number' | 'string' | 'op';
  start: number;
  end: number;
}

const TOKEN = /([A-Za-z_][\w$]*)|(\d+(?:\.\d+)?)|('(?:[^']|'')*')|(<=|>=|<>|!=|\|\||::|[*,().=<>;+\-/%])|(\S)/g;

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const kind = m[1] ? 'name' : m[2] ? 'number' : m[3] ? 'string' : 'op';
    out.push({ text: m[0], low: m[0].toLowerCase(), kind, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** keywords that can follow a table reference and begin the rest of a statement */
const CLAUSES = new Set([
  'where',
  'join',
  'inner',
  'left',
  'right',
  'full',
  'cross',
  'natural',
  'group',
  'order',
  'limit',
  'offset',
  'having',
  'union',
  'intersect',
  'except',
  'fetch',
  'window',
  'returning',
  'using',
]);
/** words SQL reserves in a select list or table reference: never a column, table or alias */
const RESERVED = new Set([...CLAUSES, 'select', 'from', 'as', 'on', 'and', 'or', 'not', 'distinct', 'all', 'set']);

/** A statement: where it begins and ends in the text. */
export interface SqlSpan {
  start: number;
  end: number;
}

class Parser {
  i: number;
  marked = false;
  constructor(
    readonly t: Token[],
    start: number,
  ) {
    this.i = start;
  }
  peek(k = 0): Token | undefined {
    return this.t[this.i + k];
  }
  is(low: string, k = 0): boolean {
    return this.peek(k)?.low === low;
  }
  isName(k = 0): boolean {
    const tok = this.peek(k);
    return tok?.kind === 'name' && !RESERVED.has(tok.low);
  }
  /** `(` … `)`, nested; false when unbalanced */
  balanced(): boolean {
    if (!this.is('(')) return false;
    let depth = 0;
    for (; this.i < this.t.length; this.i++) {
      if (this.is('(')) depth++;
      else if (this.is(')') && --depth === 0) {
        this.i++;
        return true;
      }
    }
    return false;
  }
  /** a term of an expression; `bare` when it is a plain name (then it takes no bare alias) */
  term(): { ok: boolean; bare: boolean } {
    const tok = this.peek();
    if (!tok) return { ok: false, bare: false };
    if (tok.low === '*') {
      this.marked = true;
      this.i++;
      return { ok: true, bare: false };
    }
    if (tok.kind === 'number' || tok.kind === 'string') {
      this.i++;
      return { ok: true, bare: false };
    }
    if (tok.low === '(') {
      this.marked = true;
      return { ok: this.balanced(), bare: false };
    }
    if (!this.isName()) return { ok: false, bare: false };
    this.i++;
    let bare = true;
    while (this.is('.') && (this.isName(1) || this.is('*', 1))) {
      this.i += 2;
      this.marked = true;
      bare = false;
    }
    if (this.is('(')) {
      this.marked = true;
      return { ok: this.balanced(), bare: false };
    }
    return { ok: true, bare };
  }
  /** an expression: terms joined by operators */
  expression(): { ok: boolean; bare: boolean } {
    let first = this.term();
    if (!first.ok) return first;
    while (this.peek()?.kind === 'op' && /^(?:[+\-*/%]|\|\||::)$/.test(this.peek()!.text)) {
      this.i++;
      const next = this.term();
      if (!next.ok) return next;
      first = { ok: true, bare: false };
    }
    return first;
  }
  selectList(): boolean {
    if (this.is('distinct') || this.is('all')) this.i++;
    for (;;) {
      const e = this.expression();
      if (!e.ok) return false;
      if (this.is('as') && this.isName(1)) this.i += 2;
      else if (!e.bare && this.isName() && !this.is('from')) this.i++;
      if (!this.is(',')) return true;
      this.marked = true;
      this.i++;
    }
  }
  /** a table name (schema.name) and its alias; not an English stopword before a name ("from the list") */
  table(): boolean {
    if (!this.isName() || (STOPWORDS.has(this.peek()!.low) && this.isName(1))) return false;
    this.i++;
    while (this.is('.') && this.isName(1)) this.i += 2;
    const endsAfter = (k: number) => {
      const next = this.peek(k);
      return !next || next.low === ';' || next.low === ',' || CLAUSES.has(next.low);
    };
    if (this.is('as') && this.isName(1)) this.i += 2;
    else if (this.isName() && endsAfter(1)) this.i++;
    return true;
  }
  /** what may follow the table: a clause (the statement then runs to `;` or the end), `;`, or nothing */
  rest(text: string, allowTrailingWords: boolean): number | undefined {
    const next = this.peek();
    if (!next) return text.length;
    if (next.low === ';') {
      this.marked = true;
      return next.end;
    }
    if (CLAUSES.has(next.low) || next.low === ',') {
      this.marked = true;
      const semi = this.t.findIndex((tok, k) => k > this.i && tok.low === ';');
      return semi === -1 ? text.length : this.t[semi]!.end;
    }
    // English after the table ("select * from users and mail them"): the statement ends at the table
    return allowTrailingWords ? this.t[this.i - 1]!.end : undefined;
  }
}

const upper = (tok: Token | undefined) => !!tok && tok.text === tok.text.toUpperCase();

/** The statement that begins at token `k`, or undefined. */
/** `FROM <table> [<clause> …]` after SELECT's list or DELETE; `trailingWords` as Parser.rest takes it. */
function fromTable(text: string, p: Parser, head: Token, start: number, trailingWords: boolean): SqlSpan | undefined {
  if (!p.is('from')) return undefined;
  const from = p.peek();
  p.i++;
  if (!p.table()) return undefined;
  if (upper(head) && upper(from)) p.marked = true;
  const end = p.rest(text, trailingWords);
  return end !== undefined && p.marked ? { start, end } : undefined;
}

function statementAt(text: string, tokens: Token[], k: number): SqlSpan | undefined {
  const p = new Parser(tokens, k + 1);
  const start = tokens[k]!.start;
  const head = tokens[k]!;
  switch (head.low) {
    case 'select':
      return p.selectList() ? fromTable(text, p, head, start, true) : undefined;
    case 'delete':
      return fromTable(text, p, head, start, false);
    case 'insert': {
      if (!p.is('into')) return undefined;
      p.i++;
      if (!p.table()) return undefined;
      if (p.is('(') && !p.balanced()) return undefined;
      if (!(p.is('values') && p.is('(', 1)) && !p.is('select')) return undefined;
      return { start, end: endOfStatement(text, tokens, p.i) };
    }
    case 'update': {
      if (!p.table() || !p.is('set') || !p.isName(1) || !p.is('=', 2)) return undefined;
      return { start, end: endOfStatement(text, tokens, p.i) };
    }
    default:
      return undefined;
  }
}

function endOfStatement(text: string, tokens: Token[], from: number): number {
  const semi = tokens.findIndex((tok, k) => k >= from && tok.low === ';');
  return semi === -1 ? text.length : tokens[semi]!.end;
}

/** The first SQL statement in the text (see the file header), or undefined. */
export function findSql(text: string): SqlSpan | undefined {
  const tokens = tokenize(text);
  for (let k = 0; k < tokens.length; k++) {
    const tok = tokens[k]!;
    if (tok.kind !== 'name') continue;
    // a keyword standing as a word: not `select:` (search.ts's select-by-name) nor part of `a.select`
    if (tok.start > 0 && !/\s/.test(text[tok.start - 1]!)) continue;
    const span = statementAt(text, tokens, k);
    if (span) return span;
  }
  return undefined;
}
