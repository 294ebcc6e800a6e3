// Public face of browser mode (main/web). Re-exports only.
export { startWebServer, type WebServer, type HostLike } from './server.js';
export { CSP } from './headers.js';
