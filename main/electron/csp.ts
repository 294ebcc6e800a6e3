// The Content-Security-Policy of the Floe renderer (DESIGN "Security"): one strict policy for the packaged app,
// a slightly wider one for the Vite dev server (inline React-refresh preamble, HMR WebSocket). Constants and pure
// string functions only; must not import electron (the renderer's Vite config imports this file too).

/** Policy for the built renderer: scripts only from our files, images also from data: URLs (previews). */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self' ws://127.0.0.1:* ws://localhost:*",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
].join('; ');

/** Header-only directives (ignored, with a console warning, when delivered in a <meta> tag). */
const HEADER_ONLY = "frame-ancestors 'none'";

/** The policy sent as a response header; with a dev server URL it also allows that server's inline preamble and HMR socket. */
export function cspHeader(devServerUrl?: string): string {
  if (!devServerUrl) return `${CSP}; ${HEADER_ONLY}`;
  const u = new URL(devServerUrl);
  const ws = `${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}`;
  return (
    CSP.replace("script-src 'self'", `script-src 'self' 'unsafe-inline' ${u.origin}`).replace(
      "connect-src 'self'",
      `connect-src 'self' ${u.origin} ${ws}`,
    ) + `; ${HEADER_ONLY}`
  );
}

/** The <meta> tag injected into the built index.html (file:// pages get no response headers). */
export function cspMetaTag(): string {
  return `<meta http-equiv="Content-Security-Policy" content="${CSP}" />`;
}
