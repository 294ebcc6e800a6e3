// The deterministic name of each event's listener on `window.floe`: `session.message` → `onSessionMessage`,
// `approval.request` → `onApprovalRequest`. Pure; the renderer and the tests use the same derivation.
import { EVENT_NAMES, type EventName } from '../shared/api.js';

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
