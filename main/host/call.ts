// Dispatch of one API call: method lookup, params validated with the method's zod schema (readable bad_request),
// the handler run, anything thrown mapped to `{code, message}`. Never throws. Must not know transports.
import type { z } from 'zod';
import { ParamsSchemas, type Envelope, type Method } from '../../shared/api.js';
import { toApiError } from './errors.js';
import type { CallContext, HandlerTable } from './table.js';

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** One line per zod issue: `field.path: message`. Pure. */
export function describeIssues(method: string, issues: readonly z.core.$ZodIssue[]): string {
  const parts = issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.map(String).join('.') : 'params'}: ${i.message}`);
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  return `Invalid parameters for ${method}: ${parts.join('; ')}${more}.`;
}

export async function dispatch(
  table: HandlerTable,
  method: unknown,
  raw: unknown,
  ctx: CallContext = {},
): Promise<Envelope<unknown>> {
  if (typeof method !== 'string' || !hasOwn(ParamsSchemas, method)) {
    return {
      ok: false,
      error: {
        code: 'bad_request',
        message: `Unknown method ${JSON.stringify(method)}; see shared/api.ts for the methods.`,
      },
    };
  }
  const m = method as Method;
  const parsed = ParamsSchemas[m].safeParse(raw ?? {});
  if (!parsed.success)
    return { ok: false, error: { code: 'bad_request', message: describeIssues(m, parsed.error.issues) } };
  try {
    const handler = table[m] as (p: unknown, c: CallContext) => unknown;
    const value = await handler(parsed.data, ctx);
    return { ok: true, value };
  } catch (e) {
    return { ok: false, error: toApiError(e) };
  }
}
