// Browser-mode access checks, pure: the per-launch token (compared in constant time), the Host header (only our own
// name and port) and the WebSocket Origin (only the server's own origin).
// Two channels carry the token, with different reach. The page's files accept the query `?token=` or a cookie named
// for this server's port. The API socket `/ws` accepts only the query: browsers send 127.0.0.1's cookies to every
// port, so another local server receives the cookie and could replay it with a forged Origin. The page keeps the
// token in its own origin's storage (port-scoped) and passes it in the socket's URL (renderer/src/api/page-token.ts).
// Must not do I/O or hold state.
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** The cookie's name for a server on `port`: two Floe servers on one machine never overwrite each other's. */
const tokenCookieName = (port: number): string => `floe_token_${port}`;

export const newToken = (): string => randomBytes(24).toString('base64url');

export function sameToken(given: string | undefined | null, token: string): boolean {
  if (typeof given !== 'string' || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The value of one cookie in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export type TokenSource = 'query' | 'cookie' | null;

/**
 * Where a valid token of a page request came from (the query wins), or null when the request carries none that
 * matches. Only the cookie named for `port` counts.
 */
export function tokenOf(url: URL, cookieHeader: string | undefined, token: string, port: number): TokenSource {
  if (sameToken(url.searchParams.get('token'), token)) return 'query';
  if (sameToken(cookieValue(cookieHeader, tokenCookieName(port)), token)) return 'cookie';
  return null;
}

/** True when a WebSocket upgrade carries the token in its query; a cookie never opens the API socket. */
export function socketTokenOk(url: URL, token: string): boolean {
  return sameToken(url.searchParams.get('token'), token);
}

/** Origins a WebSocket may come from: the page this server serves (127.0.0.1 / localhost at its port). */
function allowedOrigins(port: number, host: string): string[] {
  const set = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  if (host === '::1') set.add(`http://[::1]:${port}`);
  return [...set];
}

export function originAllowed(origin: string | undefined, port: number, host: string): boolean {
  return typeof origin === 'string' && allowedOrigins(port, host).includes(origin.toLowerCase());
}

export function tokenCookie(token: string, port: number): string {
  return `${tokenCookieName(port)}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`;
}

/**
 * True when the Host header names this server (127.0.0.1, localhost, or [::1] when bound there, at its port). Any
 * other name means a page of another site reached us through DNS rebinding: it is refused.
 */
export function hostAllowed(hostHeader: string | undefined, port: number, bindHost: string): boolean {
  if (typeof hostHeader !== 'string') return false;
  const h = hostHeader.toLowerCase();
  const ok = [`127.0.0.1:${port}`, `localhost:${port}`];
  if (bindHost === '::1') ok.push(`[::1]:${port}`);
  return ok.includes(h);
}
