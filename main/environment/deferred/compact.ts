// The short form of a search result (SPEC §6 search_extra_tools): the same fields, `{name, description, parameters,
// score}`, with the description cut to its first sentence and the parameters reduced to a JSON Schema of names,
// types, enums and required names (no prose, defaults or draft URL). Search returns its first result in full and
// the others short: a model choosing among five tools needs what each does and takes, and a result stays in every
// later request of the task. `select:<name>` returns the full form. Pure.
import type { JsonSchema } from '../types.js';

/** A short description is cut at its first sentence end, or at this many characters. */
export const MAX_SHORT_DESCRIPTION = 160;
/** Nested objects and arrays are kept to this depth; deeper ones become `{type}` only. */
const MAX_DEPTH = 3;

/** The first sentence of a description (up to MAX_SHORT_DESCRIPTION characters, `…` when cut mid-sentence). */
export function shortDescription(text: string): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  const end = /[.!?](\s|$)/.exec(flat);
  const first = end ? flat.slice(0, end.index + 1) : flat;
  if (first.length <= MAX_SHORT_DESCRIPTION) return first;
  return `${first.slice(0, MAX_SHORT_DESCRIPTION - 1).trimEnd()}…`;
}

type Schema = Record<string, unknown>;

function shortNode(node: unknown, depth: number): Schema {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return {};
  const s = node as Schema;
  const out: Schema = {};
  for (const key of ['type', 'enum', 'const'] as const) if (key in s) out[key] = s[key];
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(s[key]) && depth < MAX_DEPTH) {
      out[key] = (s[key] as unknown[]).map((x) => shortNode(x, depth + 1));
    }
  }
  if (depth >= MAX_DEPTH) return out;
  if (s.items && typeof s.items === 'object') out.items = shortNode(s.items, depth + 1);
  if (s.properties && typeof s.properties === 'object') {
    const props: Schema = {};
    for (const [k, v] of Object.entries(s.properties as Schema)) props[k] = shortNode(v, depth + 1);
    out.properties = props;
  }
  if (Array.isArray(s.required) && s.required.length > 0) out.required = s.required;
  return out;
}

/** Names, types, enums and required names of a tool's parameters, as a JSON Schema. */
export function shortParameters(schema: JsonSchema): JsonSchema {
  return shortNode(schema, 0) as JsonSchema;
}
