// The IPC implementation of the Api (desktop): forwards to `window.floe.call` and `window.floe.on<Event>` from
// the preload. Must not reach for Electron or anything beyond what the preload exposes.
import type { Api, Envelope, EventName, Events, Method, Params, Result } from '../../../shared/api.js';
import { listenerName } from './event-names.js';

export interface FloeBridge {
  call(method: string, params: unknown): Promise<Envelope<unknown>>;
  [on: `on${string}`]: unknown;
}

export class IpcApi implements Api {
  constructor(private readonly bridge: FloeBridge) {}

  async call<M extends Method>(method: M, params: Params<M>): Promise<Envelope<Result<M>>> {
    try {
      return (await this.bridge.call(method, params)) as Envelope<Result<M>>;
    } catch (e) {
      return {
        ok: false,
        error: { code: 'internal', message: `The desktop bridge failed on ${method}: ${String(e)}` },
      };
    }
  }

  on<E extends EventName>(event: E, cb: (payload: Events[E]) => void): () => void {
    const fn = this.bridge[listenerName(event) as `on${string}`];
    if (typeof fn !== 'function') {
      console.warn(`Floe: the desktop bridge has no ${listenerName(event)}`);
      return () => undefined;
    }
    const off = (fn as (c: (p: Events[E]) => void) => unknown)(cb);
    return typeof off === 'function' ? (off as () => void) : () => undefined;
  }
}
