// The egress proxy of one session's sandbox (issue 19): an HTTP proxy on the host (CONNECT tunnels for https and
// plain-HTTP forwarding) listening on a unix socket only the sandbox's forwarder reaches (net-forwarder.ts). Every
// request names its host; `decide` says whether that host may be reached (rules, or a person asked); a refusal is a
// 403 that names the host. IP literals are refused (raw-IP egress stays impossible), and so is a name that resolves
// to an address of this machine (loopback, link-local, unspecified, an interface's own address: the host's own
// services and cloud metadata are not "the internet"), unless the name is in the `hosts` map tests inject. Which
// command asked comes from the proxy URL's user name (HTTP_PROXY=http://<tag>@…, sent as Proxy-Authorization).
// Must not know rules or approvals.
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import net from 'node:net';
import { networkInterfaces } from 'node:os';
import type { Duplex } from 'node:stream';

export interface EgressRequest {
  host: string;
  port: number;
  /** the command's tag (from the proxy URL's user name), when it sent one */
  tag?: string;
}

export type EgressVerdict = { allow: true } | { allow: false; reason: string };

export interface EgressProxyOptions {
  /** where the proxy listens (a unix socket in the session's private folder) */
  socketPath: string;
  /** whether a host may be reached; called once per connection (the caller caches) */
  decide: (r: EgressRequest) => Promise<EgressVerdict>;
  /** names resolved to these addresses without DNS, loopback allowed (tests play external hosts with it) */
  hosts?: Readonly<Record<string, string>>;
}

const REFUSED_ADDRESS = /^(127\.|0\.|169\.254\.|::1$|::$|fe80:|::ffff:127\.|::ffff:0\.|::ffff:169\.254\.)/i;

/** Whether `address` is this machine's: loopback, link-local, unspecified, or one of its interfaces' addresses. */
function ownAddress(address: string): boolean {
  if (REFUSED_ADDRESS.test(address)) return true;
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  return Object.values(networkInterfaces()).some((l) => l?.some((a) => a.address.toLowerCase() === plain));
}

/** The host and port of a CONNECT target (`host:443`, `[::1]:443`). */
export function parseAuthority(s: string): { host: string; port: number } | undefined {
  const m = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(s);
  if (!m) return undefined;
  const port = Number(m[3]);
  if (port < 1 || port > 65535) return undefined;
  return { host: (m[1] ?? m[2]).toLowerCase(), port };
}

/** The tag a request carries: the user name of `Proxy-Authorization: Basic base64(user:pass)`. */
export function tagOf(header: string | undefined): string | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? '');
  if (!m) return undefined;
  const user = Buffer.from(m[1], 'base64').toString('utf8').split(':')[0];
  return user ? decodeURIComponent(user) : undefined;
}

export class EgressProxy {
  private readonly server: http.Server;
  private readonly sockets = new Set<Duplex>();

  constructor(private readonly o: EgressProxyOptions) {
    this.server = http.createServer((req, res) => void this.forward(req, res));
    this.server.on('connect', (req: http.IncomingMessage, sock: Duplex, head: Buffer) => {
      void this.tunnel(req, sock, head);
    });
    this.server.on('connection', (s: net.Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.o.socketPath, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  /** The address to connect to, or why not. */
  private async target(host: string): Promise<{ address: string } | { refused: string }> {
    const mapped = this.o.hosts?.[host];
    if (mapped) return { address: mapped };
    if (net.isIP(host)) return { refused: `${host} is an IP address: the sandbox's proxy only connects to host names` };
    let address: string;
    try {
      address = (await lookup(host)).address;
    } catch (e) {
      return { refused: `${host} could not be resolved (${(e as NodeJS.ErrnoException).code ?? 'lookup failed'})` };
    }
    if (ownAddress(address))
      return { refused: `${host} resolves to ${address}, an address of this machine: the proxy does not go there` };
    return { address };
  }

  /** Decides and resolves one request: the address, or a status line and a reason. */
  private async admit(r: EgressRequest): Promise<{ address: string } | { status: number; reason: string }> {
    let v: EgressVerdict;
    try {
      v = await this.o.decide(r);
    } catch (e) {
      v = { allow: false, reason: `deciding failed: ${(e as Error).message}` };
    }
    if (!v.allow) return { status: 403, reason: v.reason };
    const t = await this.target(r.host);
    return 'refused' in t ? { status: 403, reason: t.refused } : t;
  }

  private async tunnel(req: http.IncomingMessage, sock: Duplex, head: Buffer): Promise<void> {
    sock.on('error', () => sock.destroy());
    const at = parseAuthority(req.url ?? '');
    if (!at) return refuseRaw(sock, 400, `"${req.url ?? ''}" is not host:port`);
    const tag = tagOf(req.headers['proxy-authorization']);
    const a = await this.admit({ ...at, ...(tag ? { tag } : {}) });
    if ('status' in a) return refuseRaw(sock, a.status, a.reason);
    const up = net.connect(at.port, a.address);
    up.on('error', (e) => {
      if (!sock.writableEnded && up.bytesRead === 0 && up.bytesWritten === 0) refuseRaw(sock, 502, e.message);
      else sock.destroy();
    });
    up.on('connect', () => {
      sock.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) up.write(head);
      sock.pipe(up);
      up.pipe(sock);
    });
    sock.on('close', () => up.destroy());
    up.on('close', () => sock.destroy());
  }

  private async forward(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
      if (url.protocol !== 'http:') throw new Error('not http');
    } catch {
      return refuseHttp(res, 400, `"${req.url ?? ''}" is not an absolute http:// URL (use CONNECT for https)`);
    }
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const port = Number(url.port || 80);
    const tag = tagOf(req.headers['proxy-authorization']);
    const a = await this.admit({ host, port, ...(tag ? { tag } : {}) });
    if ('status' in a) return refuseHttp(res, a.status, a.reason);
    const headers = { ...req.headers };
    for (const h of ['proxy-authorization', 'proxy-connection', 'connection', 'keep-alive']) delete headers[h];
    const up = http.request(
      { host: a.address, port, method: req.method, path: `${url.pathname}${url.search}`, headers, setHost: false },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.rawHeaders);
        r.pipe(res);
      },
    );
    up.on('error', (e) => (res.headersSent ? res.destroy() : refuseHttp(res, 502, e.message)));
    req.pipe(up);
  }

  close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const REASON: Record<number, string> = { 400: 'Bad Request', 403: 'Forbidden', 502: 'Bad Gateway' };
const body = (reason: string): string => `Floe sandbox: ${reason}\n`;

function refuseRaw(sock: Duplex, status: number, reason: string): void {
  const b = body(reason);
  sock.end(
    `HTTP/1.1 ${status} ${REASON[status] ?? 'Error'}\r\nContent-Type: text/plain\r\nContent-Length: ` +
      `${Buffer.byteLength(b)}\r\nConnection: close\r\n\r\n${b}`,
  );
}

function refuseHttp(res: http.ServerResponse, status: number, reason: string): void {
  res.writeHead(status, { 'content-type': 'text/plain', connection: 'close' });
  res.end(body(reason));
}
