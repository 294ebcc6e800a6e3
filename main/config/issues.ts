// Turns zod issues on a parsed YAML document into one ConfigError whose lines read
// `<file>:<line>:<col>: <path>: <what is wrong> (got <value>)`, sorted by position in the file.
// Pure: reads nothing from disk and never throws for odd input (a best-effort position is always found).
import { isMap, isPair, isScalar, isSeq, type Document, type LineCounter } from 'yaml';
import type { z } from 'zod';
import { ConfigError } from './errors.js';

type Path = readonly PropertyKey[];
type Issue = z.core.$ZodIssue;

/** `providers[0].models[1].id`; `(top level)` for the root. */
export function formatPath(path: Path): string {
  let s = '';
  for (const seg of path) {
    if (typeof seg === 'number') s += `[${seg}]`;
    else s += s ? `.${String(seg)}` : String(seg);
  }
  return s || '(top level)';
}

function valueAt(data: unknown, path: Path): unknown {
  let v: unknown = data;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[seg as string];
  }
  return v;
}

/** A short, safe rendering of a value for messages. */
function describeValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null (an empty value)';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  const s = JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

const quoteList = (vals: readonly unknown[]): string => {
  const q = vals.map((v) => JSON.stringify(v));
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
};

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping',
  record: 'a mapping',
};

/** Keys an object schema allows at `path` (walks shape/element/inner types), or undefined when unknown. */
function allowedKeys(schema: z.ZodType, path: Path): string[] | undefined {
  let s: any = schema;
  const unwrap = () => {
    for (let i = 0; i < 20 && s?._zod?.def; i++) {
      const d = s._zod.def;
      if (d.innerType) s = d.innerType;
      else if (d.type === 'pipe') s = d.in;
      else break;
    }
  };
  unwrap();
  for (const seg of path) {
    const d = s?._zod?.def;
    if (!d) return undefined;
    if (d.type === 'object' && typeof seg === 'string') s = d.shape?.[seg];
    else if (d.type === 'array' && typeof seg === 'number') s = d.element;
    else return undefined;
    unwrap();
  }
  const d = s?._zod?.def;
  return d?.type === 'object' ? Object.keys(d.shape ?? {}) : undefined;
}

/** What is wrong, in words, for one zod issue (unknown keys give one entry per key). */
export function explainIssue(issue: Issue, data: unknown, schema: z.ZodType): { path: Path; text: string }[] {
  const path = issue.path;
  const value = valueAt(data, path);
  const got = ` (got ${describeValue(value)})`;
  switch (issue.code) {
    case 'unrecognized_keys': {
      const allowed = allowedKeys(schema, path);
      return issue.keys.map((k) => ({
        path: [...path, k],
        text: `unknown key "${k}"; remove it or fix its spelling${allowed ? ` (allowed here: ${allowed.join(', ')})` : ''}`,
      }));
    }
    case 'invalid_type': {
      if (value === undefined) return [{ path, text: `is required (${TYPE_WORDS[issue.expected] ?? issue.expected})` }];
      return [{ path, text: `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}${got}` }];
    }
    case 'invalid_value':
      if (value === undefined) return [{ path, text: `is required (${quoteList(issue.values)})` }];
      return [{ path, text: `must be ${quoteList(issue.values)}${got}` }];
    case 'too_small': {
      if (issue.origin === 'array') {
        return [
          {
            path,
            text: issue.message.startsWith('must')
              ? issue.message
              : `must have at least ${Number(issue.minimum)} item(s)`,
          },
        ];
      }
      if (issue.message.startsWith('must')) return [{ path, text: issue.message + got }];
      const min = Number(issue.minimum);
      const text = issue.inclusive ? `must be at least ${min}` : `must be greater than ${min}`;
      return [{ path, text: text + got }];
    }
    case 'too_big':
      return [{ path, text: `must be at most ${Number(issue.maximum)}${got}` }];
    case 'invalid_format':
      return [
        { path, text: (issue.message.startsWith('must') ? issue.message : `must be a valid ${issue.format}`) + got },
      ];
    case 'custom':
      return [{ path, text: issue.message }];
    default:
      return [{ path, text: issue.message + got }];
  }
}

/** 1-based line/column of the YAML node at `path`, or of its nearest existing ancestor. */
export function positionOf(doc: Document, lc: LineCounter, path: Path): { line: number; col: number } {
  let node: unknown = doc.contents;
  let offset = (doc.contents as { range?: [number, number, number] } | null)?.range?.[0] ?? 0;
  for (const seg of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) break;
      const keyRange = (pair.key as { range?: [number, number, number] }).range;
      const valRange = (pair.value as { range?: [number, number, number] } | null)?.range;
      offset = valRange?.[0] ?? keyRange?.[0] ?? offset;
      if (!valRange) {
        offset = keyRange?.[0] ?? offset;
        break;
      }
      node = pair.value;
    } else if (isSeq(node) && typeof seg === 'number' && node.items[seg] !== undefined) {
      node = node.items[seg];
      const r = (node as { range?: [number, number, number] } | null)?.range;
      if (!r) break;
      offset = r[0];
    } else break;
  }
  return lc.linePos(offset);
}

/** Position of the key `key` of the mapping at `path` (for unknown keys: point at the key itself). */
function keyPosition(
  doc: Document,
  lc: LineCounter,
  path: Path,
  key: string,
): { line: number; col: number } | undefined {
  const parent = path.length ? doc.getIn(path as unknown[], true) : doc.contents;
  if (!isMap(parent)) return undefined;
  const pair = parent.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === key);
  const r = (pair?.key as { range?: [number, number, number] } | undefined)?.range;
  return r ? lc.linePos(r[0]) : undefined;
}

/** Builds the ConfigError for a failed schema parse. */
export function schemaError(
  file: string,
  issues: readonly Issue[],
  data: unknown,
  schema: z.ZodType,
  doc: Document,
  lc: LineCounter,
): ConfigError {
  const items = issues.flatMap((issue) =>
    explainIssue(issue, data, schema).map(({ path, text }) => {
      const pos =
        issue.code === 'unrecognized_keys'
          ? (keyPosition(doc, lc, path.slice(0, -1), String(path[path.length - 1])) ?? positionOf(doc, lc, path))
          : positionOf(doc, lc, path);
      return { pos, line: `${file}:${pos.line}:${pos.col}: ${formatPath(path)}: ${text}` };
    }),
  );
  items.sort((a, b) => a.pos.line - b.pos.line || a.pos.col - b.pos.col);
  const shown = items.slice(0, 12).map((i) => i.line);
  if (items.length > shown.length) shown.push(`…and ${items.length - shown.length} more problem(s) in ${file}`);
  const first = items[0]?.pos ?? { line: 1, col: 1 };
  return new ConfigError(shown.join('\n'), file, first.line, first.col);
}
