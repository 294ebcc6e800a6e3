// The one Content-Security-Policy of the Floe renderer (DESIGN "Security"), the same in the desktop app and in
// browser mode: scripts only from our files, images also from data: URLs (previews), no plugins, no <base>, no form
// submissions, no frames. Constants only; main/electron/csp.ts derives the dev-server variant and the <meta> tag,
// main/web/headers.ts sends it as a header.

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
export const CSP_HEADER_ONLY = "frame-ancestors 'none'";

/** The policy as a response header. */
export const CSP_HEADER = `${CSP}; ${CSP_HEADER_ONLY}`;
