// The host's event fan-out: typed emit to every listener (one per connected client / window, plus in-process
// observers). A listener may belong to a client (a browser tab, host.connect): events meant for some clients only
// (a command's terminal data goes to the clients showing its pane) are emitted with a filter on that client;
// listeners without one get every event. Listener errors are swallowed so one broken client never breaks the host.
// Must not know about transports or sessions.
import type { EventName, Events } from '../../shared/api.js';

export type EventListener = <E extends EventName>(event: E, payload: Events[E]) => void;

/** A connected client, as an identity (what it watches is kept by whoever routes to it). */
export type Client = object;

interface Entry {
  cb: EventListener;
  client?: Client;
}

export class EventHub {
  private listeners = new Set<Entry>();
  /** called with the new listener count whenever it changes (terminal flow control needs it) */
  onCountChange?: (count: number) => void;
  /** called when a client's listener goes */
  onClientGone?: (client: Client) => void;

  get count(): number {
    return this.listeners.size;
  }

  /** Listeners that belong to no client (in-process observers and windows that did not connect as one). */
  get unboundCount(): number {
    let n = 0;
    for (const e of this.listeners) if (!e.client) n++;
    return n;
  }

  emit<E extends EventName>(event: E, payload: Events[E]): void {
    this.emitTo(event, payload, () => true);
  }

  /** Emits to the listeners without a client, and to those whose client `wants`. */
  emitTo<E extends EventName>(event: E, payload: Events[E], wants: (client: Client) => boolean): void {
    for (const e of [...this.listeners]) {
      try {
        if (!e.client || wants(e.client)) e.cb(event, payload);
      } catch {
        /* a failing client must not break the host */
      }
    }
  }

  on(cb: EventListener, client?: Client): () => void {
    const entry: Entry = client ? { cb, client } : { cb };
    this.listeners.add(entry);
    this.onCountChange?.(this.listeners.size);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.listeners.delete(entry);
      if (client) this.onClientGone?.(client);
      this.onCountChange?.(this.listeners.size);
    };
  }
}
