// Browser-mode access checks, pure: the per-launch token (query `?token=` or the cookie set by the first
// authorized page load, compared in constant time), the Host header (only our own name and port) and the
// WebSocket Origin (only the server's own origin).
// Must not do I/O or hold state.
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_COOKIE = 'floe_token';

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

/** Where a valid token came from (the query wins), or null when the request carries none that matches. */
export function tokenOf(url: URL, cookieHeader: string | undefined, token: string): TokenSource {
  if (sameToken(url.searchParams.get('token'), token)) return 'query';
  if (sameToken(cookieValue(cookieHeader, TOKEN_COOKIE), token)) return 'cookie';
  return null;
}

/** Origins a WebSocket may come from: the page this server serves (127.0.0.1 / localhost at its port). */
export function allowedOrigins(port: number, host: string): string[] {
  const set = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  if (host === '::1') set.add(`http://[::1]:${port}`);
  return [...set];
}

export function originAllowed(origin: string | undefined, port: number, host: string): boolean {
  return typeof origin === 'string' && allowedOrigins(port, host).includes(origin.toLowerCase());
}

export function tokenCookie(token: string): string {
  return `${TOKEN_COOKIE}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`;
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

/** The page address without its `token` parameter (where a browser is sent once the cookie is set). */
export function withoutToken(url: URL): string {
  const u = new URL(url.href);
  u.searchParams.delete('token');
  return `${u.pathname}${u.search}${u.hash}`;
}
