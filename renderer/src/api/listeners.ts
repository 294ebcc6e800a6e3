// A tiny typed listener set shared by both transports: add/remove/emit of API events. Must not know transports.
import type { EventName, Events } from '../../../shared/api.js';

export class Listeners {
  private map = new Map<string, Set<(p: unknown) => void>>();

  on<E extends EventName>(event: E, cb: (payload: Events[E]) => void): () => void {
    let set = this.map.get(event);
    if (!set) this.map.set(event, (set = new Set()));
    const fn = cb as (p: unknown) => void;
    set.add(fn);
    return () => set!.delete(fn);
  }

  emit(event: string, payload: unknown): void {
    for (const cb of [...(this.map.get(event) ?? [])]) {
      try {
        cb(payload);
      } catch (e) {
        console.error(`Floe: a listener of ${event} failed`, e);
      }
    }
  }
}
