// The deterministic name of each event's listener on `window.floe`: `session.message` → `onSessionMessage`,
// `approval.request` → `onApprovalRequest`. Pure; the preload, the renderer and the tests share it (in shared/ so the
// renderer needs nothing from preload/).
import { EVENT_NAMES, type EventName } from './api.js';

export function listenerName(event: EventName | string): string {
  return (
    'on' +
    event
      .split(/[._-]/)
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join('')
  );
}

/** Every listener name, in EVENT_NAMES order. */
export function listenerNames(): string[] {
  return EVENT_NAMES.map(listenerName);
}
