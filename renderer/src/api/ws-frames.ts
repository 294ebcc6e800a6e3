// Pure helpers of the WebSocket transport: the socket URL derived from the page URL (same host, the page's launch
// token in the query), the reconnect back-off, and parsing of server frames. No sockets, no timers here.
import type { Envelope } from '../../../shared/api.js';

export function wsUrlFromPage(href: string, token: string): string {
  const u = new URL(href);
  const proto = u.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${u.host}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/** Delay before reconnect attempt `n` (0-based): 250 ms doubling, capped at 5 s. */
export function backoffMs(n: number): number {
  return Math.min(5000, 250 * 2 ** Math.max(0, Math.min(n, 10)));
}

export type ServerFrame =
  | { kind: 'result'; id: number | string; result: Envelope<unknown> }
  | { kind: 'event'; event: string; payload: unknown }
  | { kind: 'invalid'; reason: string };

export function parseServerFrame(text: string): ServerFrame {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { kind: 'invalid', reason: 'not JSON' };
  }
  if (!v || typeof v !== 'object') return { kind: 'invalid', reason: 'not an object' };
  const o = v as Record<string, unknown>;
  if (typeof o.event === 'string') return { kind: 'event', event: o.event, payload: o.payload };
  if ((typeof o.id === 'number' || typeof o.id === 'string') && o.result && typeof o.result === 'object') {
    return { kind: 'result', id: o.id, result: o.result as Envelope<unknown> };
  }
  if (o.result && typeof o.result === 'object')
    return { kind: 'result', id: (o.id as number) ?? -1, result: o.result as Envelope<unknown> };
  return { kind: 'invalid', reason: 'neither a result nor an event' };
}
