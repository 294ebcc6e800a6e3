// Parses Retry-After style headers into milliseconds. Pure; never throws.
// Must not decide whether to retry: that is the engine's job.

type HeaderBag =
  { get(name: string): string | null } | Record<string, string | string[] | undefined> | undefined | null;

function header(h: HeaderBag, name: string): string | undefined {
  if (!h) return undefined;
  if (typeof (h as { get?: unknown }).get === 'function') {
    return (h as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const rec = h as Record<string, string | string[] | undefined>;
  const key = Object.keys(rec).find((k) => k.toLowerCase() === name);
  const v = key ? rec[key] : undefined;
  return Array.isArray(v) ? v[0] : v;
}

/**
 * `Retry-After: <seconds>` or `Retry-After: <HTTP date>` (RFC 9110) → milliseconds from `nowMs` (never negative).
 * Returns undefined for a missing or unparseable value.
 */
export function parseRetryAfter(value: string | undefined | null, nowMs: number = Date.now()): number | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** Reads `retry-after-ms` (milliseconds, sent by some providers) or `retry-after` from response headers. */
export function retryAfterFromHeaders(h: HeaderBag, nowMs: number = Date.now()): number | undefined {
  const ms = header(h, 'retry-after-ms');
  if (ms && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.round(Number(ms.trim()));
  return parseRetryAfter(header(h, 'retry-after'), nowMs);
}
