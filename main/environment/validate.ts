// Tool-argument validation against a tool's JSON Schema (ajv), with compiled validators cached per schema.
// Returns human-readable error lines; never throws.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { JsonSchema } from './types.js';

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const cache = new WeakMap<object, ValidateFunction | null>();

function compile(schema: JsonSchema): ValidateFunction | null {
  let v = cache.get(schema);
  if (v !== undefined) return v;
  try {
    // `$schema` of another draft would make ajv refuse; the keywords we check are common to all drafts.
    const { $schema: _ignored, ...rest } = schema as Record<string, unknown>;
    v = ajv.compile(rest);
  } catch {
    v = null; // an uncompilable schema (from an MCP server, say) is not the model's fault: skip validation
  }
  cache.set(schema, v);
  return v;
}

function describe(e: ErrorObject): string {
  const where = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : '(arguments)';
  if (e.keyword === 'required')
    return `${where === '(arguments)' ? '' : where + '.'}${(e.params as { missingProperty: string }).missingProperty}: is required`;
  if (e.keyword === 'additionalProperties')
    return `${where}: unknown property "${(e.params as { additionalProperty: string }).additionalProperty}"`;
  return `${where}: ${e.message ?? 'is invalid'}`;
}

export function validateArgs(schema: JsonSchema | undefined, args: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const v = compile(schema);
  if (!v) return [];
  if (v(args)) return [];
  return (v.errors ?? []).map(describe);
}
