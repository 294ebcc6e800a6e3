// Public face of browser mode (main/web). Re-exports only.
export { startWebServer, type WebServer, type WebServerOptions, type HostLike } from './server.js';
export { CSP, SECURITY_HEADERS } from './headers.js';
