// Test helper (no assertions): a small WebSocket client for browser mode — calls with ids, collects events,
// waits for an event matching a predicate. Used by test/integration/web*.test.ts and host*.test.ts.
import WebSocket from 'ws';
import type { Envelope } from '../../../shared/api.js';

export interface Ev {
  event: string;
  payload: any;
}

export class WsClient {
  events: Ev[] = [];
  private n = 0;
  private waiting = new Map<string | number, (r: Envelope<any>) => void>();
  private watchers: (() => void)[] = [];
  raw: any[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const f = JSON.parse(data.toString());
      this.raw.push(f);
      if ('event' in f) {
        this.events.push({ event: f.event, payload: f.payload });
        for (const w of [...this.watchers]) w();
      } else {
        this.waiting.get(f.id)?.(f.result);
        this.waiting.delete(f.id);
      }
    });
  }

  static connect(
    port: number,
    token: string | null,
    origin: string | null = `http://127.0.0.1:${port}`,
  ): Promise<WsClient> {
    const q = token === null ? '' : `?token=${encodeURIComponent(token)}`;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws${q}`, origin === null ? {} : { origin });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new WsClient(ws)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  call<T = any>(method: string, params: unknown = {}): Promise<Envelope<T>> {
    const id = `c${++this.n}`;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  /** call and unwrap ok; throws with the error message otherwise */
  async ok<T = any>(method: string, params: unknown = {}): Promise<T> {
    const r = await this.call<T>(method, params);
    if (!r.ok) throw new Error(`${method} failed: ${r.error.code}: ${r.error.message}`);
    return r.value;
  }

  sendRaw(text: string): void {
    this.ws.send(text);
  }

  nextRaw(): Promise<any> {
    const before = this.raw.length;
    return new Promise((resolve) => {
      const t = setInterval(() => {
        if (this.raw.length > before) {
          clearInterval(t);
          resolve(this.raw[before]);
        }
      }, 5);
    });
  }

  waitFor(event: string, pred: (p: any) => boolean = () => true, timeoutMs = 20_000): Promise<any> {
    const found = this.events.find((e) => e.event === event && pred(e.payload));
    if (found) return Promise.resolve(found.payload);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.watchers = this.watchers.filter((w) => w !== check);
        reject(new Error(`timed out waiting for ${event}; got: ${this.events.map((e) => e.event).join(', ')}`));
      }, timeoutMs);
      const check = () => {
        const f = this.events.find((e) => e.event === event && pred(e.payload));
        if (!f) return;
        clearTimeout(timer);
        this.watchers = this.watchers.filter((w) => w !== check);
        resolve(f.payload);
      };
      this.watchers.push(check);
    });
  }

  close(): void {
    this.ws.terminate();
  }
}
