// Browser mode (SPEC §10): an HTTP server on loopback serving the built renderer plus ONE WebSocket endpoint
// `/ws` that carries the host's handler table as JSON frames — client `{id, method, params}`, server
// `{id, result}` and `{event, payload}`. A per-launch token guards every request and the upgrade; the WebSocket
// Origin must be our own. Must not implement API methods itself (the host does).
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import type { Envelope, EventName, Events } from '../../shared/api.js';
import { hostAllowed, newToken, originAllowed, socketTokenOk, tokenCookie, tokenOf } from './auth.js';
import { badRequestFrame, eventFrame, MAX_FRAME_BYTES, parseFrame, resultFrame } from './frames.js';
import { SECURITY_HEADERS } from './headers.js';
import { serveStatic } from './static.js';

/** What the server needs from the host service (main/host createHost). */
export interface HostLike {
  call(method: string, rawParams: unknown): Promise<Envelope<unknown>>;
  onEvent(cb: <E extends EventName>(event: E, payload: Events[E]) => void): () => void;
  /** one client per connection (main/host HostService.connect); without it every connection gets every event */
  connect?(cb: <E extends EventName>(event: E, payload: Events[E]) => void): {
    call(method: string, rawParams: unknown): Promise<Envelope<unknown>>;
    close(): void;
  };
}

export interface WebServerOptions {
  host?: string;
  port?: number;
  hostService: HostLike;
  /** the built renderer (out/renderer) */
  staticDir: string;
  /** fixed token (tests); default: random per launch */
  token?: string;
}

export interface WebServer {
  /** page URL with ?token= */
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

function reject(socket: Duplex, status: number, text: string, body: string): void {
  const msg = `${body}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(msg)}\r\n\r\n${msg}`,
  );
  socket.destroy();
}

export async function startWebServer(o: WebServerOptions): Promise<WebServer> {
  const bindHost = o.host ?? '127.0.0.1';
  if (!LOOPBACK.has(bindHost)) {
    throw new Error(`Browser mode listens on loopback only (127.0.0.1, localhost or ::1), not "${bindHost}".`);
  }
  const token = o.token ?? newToken();
  const host = o.hostService;
  let port = 0;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const headers = { ...SECURITY_HEADERS };
    if (!hostAllowed(req.headers.host, port, bindHost)) {
      res.writeHead(421, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(
        `Floe answers only to 127.0.0.1:${port} and localhost:${port}, not to "${req.headers.host ?? ''}". Open the URL that \`floe web\` printed.\n`,
      );
      return;
    }
    const source = tokenOf(url, req.headers.cookie, token, port);
    if (!source) {
      res.writeHead(401, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(
        'Floe: this page needs the launch token. Open the URL that `floe web` printed (it ends with ?token=...).\n',
      );
      return;
    }
    // A browser opening the printed URL gets the cookie (for the page's files) and the page itself, which moves the
    // token from its address into its origin's storage at once (renderer/src/api/page-token.ts).
    const extra: Record<string, string> = source === 'query' ? { 'Set-Cookie': tokenCookie(token, port) } : {};
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Only GET and HEAD are served; the API is on the WebSocket /ws.\n');
      return;
    }
    if (url.pathname === '/ws') {
      res.writeHead(426, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('/ws is a WebSocket endpoint.\n');
      return;
    }
    const f = serveStatic(o.staticDir, url.pathname);
    res.writeHead(f.status, { ...headers, ...extra, 'Content-Type': f.type });
    res.end(req.method === 'HEAD' ? undefined : f.body);
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (!hostAllowed(req.headers.host, port, bindHost)) {
      return reject(
        socket,
        421,
        'Misdirected Request',
        `Floe answers only to 127.0.0.1:${port} and localhost:${port}.`,
      );
    }
    if (url.pathname !== '/ws') return reject(socket, 404, 'Not Found', 'Only /ws accepts WebSocket connections.');
    if (!socketTokenOk(url, token))
      return reject(
        socket,
        401,
        'Unauthorized',
        'The launch token is missing or wrong: /ws takes it in its query (?token=), never from a cookie.',
      );
    if (!originAllowed(req.headers.origin, port, bindHost)) {
      return reject(
        socket,
        403,
        'Forbidden',
        `WebSocket connections are accepted only from this server's own page, not from ${req.headers.origin ?? 'an unknown origin'}.`,
      );
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  wss.on('connection', (ws: WebSocket) => {
    const send = (text: string) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(text);
    };
    const onEvent = <E extends EventName>(event: E, payload: Events[E]) => send(eventFrame(event, payload));
    const client = host.connect?.(onEvent) ?? { call: host.call.bind(host), close: host.onEvent(onEvent) };
    const off = () => client.close();
    ws.on('message', (data, isBinary) => {
      if (isBinary) return send(badRequestFrame(null, 'Binary frames are not accepted; send JSON text.'));
      const f = parseFrame(data.toString());
      if (!f.ok) return send(badRequestFrame(f.id, f.message));
      client.call(f.method, f.params).then(
        (result) => send(resultFrame(f.id, result)),
        (e: unknown) =>
          send(resultFrame(f.id, { ok: false, error: { code: 'internal', message: `internal error: ${String(e)}` } })),
      );
    });
    ws.on('close', off);
    ws.on('error', off);
  });

  await new Promise<void>((resolve, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(o.port ?? 0, bindHost, () => {
      server.off('error', rejectListen);
      resolve();
    });
  });
  const addr = server.address();
  port = typeof addr === 'object' && addr ? addr.port : 0;
  const shown = bindHost === '::1' ? '[::1]' : bindHost;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${shown}:${port}/?token=${encodeURIComponent(token)}`,
    port,
    token,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
