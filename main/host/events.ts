// The host's event fan-out: typed emit to every listener (one per connected client / window). Listener errors
// are swallowed so one broken client never breaks the host. Must not know about transports or sessions.
import type { EventName, Events } from '../../shared/api.js';

export type EventListener = <E extends EventName>(event: E, payload: Events[E]) => void;

export class EventHub {
  private listeners = new Set<EventListener>();
  /** called with the new listener count whenever it changes (terminal flow control needs it) */
  onCountChange?: (count: number) => void;

  get count(): number {
    return this.listeners.size;
  }

  emit<E extends EventName>(event: E, payload: Events[E]): void {
    for (const l of [...this.listeners]) {
      try {
        l(event, payload);
      } catch {
        /* a failing client must not break the host */
      }
    }
  }

  on(cb: EventListener): () => void {
    this.listeners.add(cb);
    this.onCountChange?.(this.listeners.size);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.listeners.delete(cb);
      this.onCountChange?.(this.listeners.size);
    };
  }
}
