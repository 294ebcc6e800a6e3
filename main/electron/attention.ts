// Drawing the user back while the agent waits for them: counts pending approvals from the host's events for the
// dock / launcher badge (app.setBadgeCount: macOS and Linux Unity launchers; a no-op elsewhere) and asks for
// attention (a flashing taskbar entry) when a new approval arrives while the window is not focused. The page shows
// the notification itself (the notifications permission). Bookkeeping with injected effects; no Electron import.
import type { DesktopHost } from './host-shape.js';

export interface AttentionEffects {
  setBadgeCount(n: number): void;
  /** called for each new approval; the caller decides whether the window needs it (e.g. only when unfocused) */
  requestAttention(): void;
}

/** Follows approval.request / approval.resolved; returns the function that stops and clears the badge. */
export function trackAttention(host: Pick<DesktopHost, 'onEvent'>, fx: AttentionEffects): () => void {
  const pending = new Set<string>();
  const off = host.onEvent((name, payload) => {
    if (name === 'approval.request') {
      const id = (payload as { id?: unknown }).id;
      if (typeof id !== 'string' || pending.has(id)) return;
      pending.add(id);
      fx.setBadgeCount(pending.size);
      fx.requestAttention();
    } else if (name === 'approval.resolved') {
      const id = (payload as { approvalId?: unknown }).approvalId;
      if (typeof id === 'string' && pending.delete(id)) fx.setBadgeCount(pending.size);
    }
  });
  return () => {
    off();
    fx.setBadgeCount(0);
  };
}
