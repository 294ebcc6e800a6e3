// The Content-Security-Policy of the Floe renderer (DESIGN "Security"): one strict policy for the packaged app,
// a slightly wider one for the Vite dev server (inline React-refresh preamble, HMR WebSocket). Constants and pure
// string functions only; must not import electron (the renderer's Vite config imports this file too). The policy
// itself is shared/csp.ts, which browser mode sends too.
import { CSP, CSP_HEADER, CSP_HEADER_ONLY } from '../../shared/csp.js';

export { CSP };

/** The policy sent as a response header; with a dev server URL it also allows that server's inline preamble and HMR socket. */
export function cspHeader(devServerUrl?: string): string {
  if (!devServerUrl) return CSP_HEADER;
  const u = new URL(devServerUrl);
  const ws = `${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}`;
  return (
    CSP.replace("script-src 'self'", `script-src 'self' 'unsafe-inline' ${u.origin}`).replace(
      "connect-src 'self'",
      `connect-src 'self' ${u.origin} ${ws}`,
    ) + `; ${CSP_HEADER_ONLY}`
  );
}

/** The <meta> tag injected into the built index.html (file:// pages get no response headers). */
export function cspMetaTag(): string {
  return `<meta http-equiv="Content-Security-Policy" content="${CSP}" />`;
}
