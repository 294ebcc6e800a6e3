// The WebSocket implementation of the Api (browser mode): one socket to `/ws?token=…`, request ids matched to
// results, events fanned out to listeners, automatic reconnect with back-off; after each reconnect the
// `onReconnect` callbacks run (the app re-`subscribe`s there). Calls made while disconnected wait for the
// socket (up to 15 s) and then fail with a clear message. Must not interpret API results.
import type { Api, Envelope, EventName, Events, Method, Params, Result } from '../../../shared/api.js';
import { Listeners } from './listeners.js';
import { backoffMs, parseServerFrame } from './ws-frames.js';

export type ConnectionState = 'connecting' | 'open' | 'closed';
const CALL_WAIT_MS = 15_000;

interface Waiting {
  resolve: (e: Envelope<unknown>) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class WsApi implements Api {
  private ws: WebSocket | null = null;
  private nextId = 1;
  private waiting = new Map<number, Waiting>();
  private queue: string[] = [];
  private listeners = new Listeners();
  private reconnectCbs = new Set<() => void>();
  private stateCbs = new Set<(s: ConnectionState) => void>();
  private attempts = 0;
  private everOpened = false;
  private closedByUs = false;
  state: ConnectionState = 'connecting';

  constructor(private readonly url: string) {
    this.connect();
  }

  private setState(s: ConnectionState): void {
    this.state = s;
    for (const cb of this.stateCbs) cb(s);
  }

  private connect(): void {
    this.setState('connecting');
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.attempts = 0;
      this.setState('open');
      for (const f of this.queue.splice(0)) ws.send(f);
      if (this.everOpened) for (const cb of this.reconnectCbs) cb();
      this.everOpened = true;
    };
    ws.onmessage = (ev) => {
      const f = parseServerFrame(String(ev.data));
      if (f.kind === 'event') this.listeners.emit(f.event, f.payload);
      else if (f.kind === 'result') {
        const w = this.waiting.get(Number(f.id));
        if (w) {
          clearTimeout(w.timer);
          this.waiting.delete(Number(f.id));
          w.resolve(f.result);
        }
      }
    };
    ws.onclose = () => {
      this.ws = null;
      // results of calls in flight are lost with the socket
      for (const [id, w] of this.waiting) {
        clearTimeout(w.timer);
        w.resolve({
          ok: false,
          error: { code: 'unavailable', message: 'The connection to Floe was lost during the request; try again.' },
        });
        this.waiting.delete(id);
      }
      if (this.closedByUs) return this.setState('closed');
      this.setState('closed');
      setTimeout(() => this.connect(), backoffMs(this.attempts++));
    };
  }

  call<M extends Method>(method: M, params: Params<M>): Promise<Envelope<Result<M>>> {
    const id = this.nextId++;
    const frame = JSON.stringify({ id, method, params });
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          this.waiting.delete(id);
          const i = this.queue.indexOf(frame);
          if (i >= 0) this.queue.splice(i, 1);
          resolve({
            ok: false,
            error: {
              code: 'unavailable',
              message: `Floe did not answer ${method} in time; is \`floe web\` still running?`,
            },
          });
        },
        method === 'sessions.abort' || method === 'settings.testProvider' ? 120_000 : CALL_WAIT_MS + 45_000,
      );
      this.waiting.set(id, { resolve: resolve as (e: Envelope<unknown>) => void, timer });
      if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(frame);
      else this.queue.push(frame);
    });
  }

  on<E extends EventName>(event: E, cb: (payload: Events[E]) => void): () => void {
    return this.listeners.on(event, cb);
  }

  onReconnect(cb: () => void): () => void {
    this.reconnectCbs.add(cb);
    return () => this.reconnectCbs.delete(cb);
  }

  onState(cb: (s: ConnectionState) => void): () => void {
    this.stateCbs.add(cb);
    return () => this.stateCbs.delete(cb);
  }

  close(): void {
    this.closedByUs = true;
    this.ws?.close();
  }
}
