// What the session box's server (pty-server.mjs) writes to the host, read off its stdout (pure, no processes).
// Every message is one JSON header line; a `data` header gives the byte length `n` of the command's output, which
// follows the line as raw UTF-8 (no escaping, no JSON string to build or parse: a flood costs a copy, not a
// re-encoding). The server writes each chunk as node-pty decoded it, so every payload is whole UTF-8 and decodes
// on its own, however the pipe splits it into reads. Consecutive output of one command within one read is handed
// on as one message. Anything malformed is dropped, never half-read.

/** Server → host messages, as the host sees them. */
export type FromServer =
  | { t: 'ready'; pid: number }
  | { t: 'spawned'; id: string; pid: number }
  | { t: 'failed'; id: string; message: string }
  | { t: 'data'; id: string; d: string }
  | { t: 'exit'; id: string; code: number; signal: number };

/** A header line: a message, or the announcement of `n` bytes of data for command `id`. */
export type Header = Exclude<FromServer, { t: 'data' }> | { t: 'data'; id: string; n: number };

/** Longest header line accepted; a longer run without a newline is dropped (the server never writes one). */
const MAX_HEADER = 64 * 1024;
const NL = 10;

/** One header from a line the server wrote, or undefined for anything malformed (pure). */
export function parseHeader(line: string): Header | undefined {
  let m: unknown;
  try {
    m = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!m || typeof m !== 'object') return undefined;
  const o = m as Record<string, unknown>;
  const int = (v: unknown): v is number => Number.isInteger(v);
  const str = (v: unknown): v is string => typeof v === 'string';
  switch (o.t) {
    case 'ready':
      return int(o.pid) ? { t: 'ready', pid: o.pid } : undefined;
    case 'spawned':
      return str(o.id) && int(o.pid) ? { t: 'spawned', id: o.id, pid: o.pid } : undefined;
    case 'failed':
      return str(o.id) && str(o.message) ? { t: 'failed', id: o.id, message: o.message } : undefined;
    case 'data':
      return str(o.id) && int(o.n) && o.n >= 0 ? { t: 'data', id: o.id, n: o.n } : undefined;
    case 'exit':
      return str(o.id) && int(o.code) && int(o.signal)
        ? { t: 'exit', id: o.id, code: o.code, signal: o.signal }
        : undefined;
    default:
      return undefined;
  }
}

/** The header line the server writes before `bytes` bytes of output of command `id`. */
export const dataHeader = (id: string, bytes: number): string => `${JSON.stringify({ t: 'data', id, n: bytes })}\n`;

/** Turns the server's stdout, read in chunks of any size, back into messages. */
export class BoxStream {
  /** bytes of an unfinished header line */
  private head: Buffer[] = [];
  private headLen = 0;
  /** the data message being read, its payload so far, and the bytes still to come */
  private data: { id: string; parts: Buffer[] } | null = null;
  private want = 0;
  /** decoded output of one command, handed on once this read is done or another message comes between */
  private ready: { id: string; text: string[] } | null = null;

  constructor(private readonly onMessage: (m: FromServer) => void) {}

  push(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.data) {
        const take = Math.min(this.want, chunk.length - at);
        this.data.parts.push(chunk.subarray(at, at + take));
        at += take;
        this.want -= take;
        if (this.want === 0) this.endData();
        continue;
      }
      const nl = chunk.indexOf(NL, at);
      if (nl < 0) {
        this.keepHead(chunk.subarray(at));
        break;
      }
      const line = this.headLen
        ? Buffer.concat([...this.head, chunk.subarray(at, nl)]).toString('utf8')
        : chunk.toString('utf8', at, nl);
      this.head = [];
      this.headLen = 0;
      at = nl + 1;
      const h = parseHeader(line);
      if (!h) continue;
      if (h.t !== 'data') {
        this.handOn();
        this.onMessage(h);
      } else {
        this.data = { id: h.id, parts: [] };
        this.want = h.n;
        if (h.n === 0) this.endData();
      }
    }
    this.handOn();
  }

  /** The output read so far goes on, as one message per run of one command's output. */
  private handOn(): void {
    const r = this.ready;
    if (!r) return;
    this.ready = null;
    this.onMessage({ t: 'data', id: r.id, d: r.text.length === 1 ? r.text[0]! : r.text.join('') });
  }

  private keepHead(rest: Buffer): void {
    if (this.headLen + rest.length > MAX_HEADER) {
      this.head = [];
      this.headLen = 0;
      return;
    }
    // copied: a few bytes, and the chunk they came from can then be freed
    this.head.push(Buffer.from(rest));
    this.headLen += rest.length;
  }

  private endData(): void {
    const { id, parts } = this.data!;
    this.data = null;
    const d = parts.length === 1 ? parts[0]!.toString('utf8') : Buffer.concat(parts).toString('utf8');
    if (!d) return;
    if (this.ready?.id !== id) this.handOn();
    if (this.ready) this.ready.text.push(d);
    else this.ready = { id, text: [d] };
  }
}
