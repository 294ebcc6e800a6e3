// Approvals state (zustand): every pending approval the host reported (restored on (re)subscribe), previews
// fetched from the host, and decide(). Raises a desktop notification for a new request while the window is
// unfocused. Must not decide anything by itself.
import { create } from 'zustand';
import type { ApiPendingApproval, Events } from '../../../../shared/api.js';
import { ApiCallError, call, messageOf } from '../../api/client.js';
import { addPending, removePending, replacePending, type PendingMap, type Shortcut } from './reducer.js';

interface Preview {
  dataUrl?: string;
  mime?: string;
  size?: number;
  error?: string;
}

export interface ApprovalsState {
  pending: PendingMap;
  previews: Record<string, Preview>;
  deciding: Record<string, boolean>;
  error: string | null;
  /** an approval the person asked to be shown ("Go to session"): the transcript scrolls to it and focuses it */
  reveal: string | null;
  setReveal(id: string | null): void;
  replaceAll(list: ApiPendingApproval[]): void;
  onRequest(p: ApiPendingApproval): void;
  onResolved(e: Events['approval.resolved']): void;
  /**
   * `rule`: with allow, also add an allow rule for the call's tool and this command prefix; `reason`: with deny,
   * why (the model reads it). A decision the connection lost keeps its card (never silently dropped).
   */
  decide(
    id: string,
    decision: Shortcut,
    rule?: { scope: 'session' | 'project' | 'global'; pattern?: string },
    reason?: string,
  ): Promise<void>;
  loadPreview(id: string): Promise<void>;
}

function notify(p: ApiPendingApproval): void {
  try {
    if (typeof document === 'undefined' || document.hasFocus()) return;
    if (typeof Notification === 'undefined') return;
    const show = () =>
      new Notification('Floe needs your approval', {
        body: `${p.toolName}${p.origin.length ? ' (subagent)' : ''}: ${p.arguments.slice(0, 120)}`,
        tag: p.id,
      });
    if (Notification.permission === 'granted') show();
    else if (Notification.permission !== 'denied')
      void Notification.requestPermission().then((r) => r === 'granted' && show());
  } catch {
    /* notifications are a courtesy */
  }
}

export const useApprovals = create<ApprovalsState>((set, get) => ({
  pending: {},
  previews: {},
  deciding: {},
  error: null,
  reveal: null,
  setReveal: (reveal) => set({ reveal }),
  replaceAll: (list) => set({ pending: replacePending(list) }),
  onRequest(p) {
    set((s) => ({ pending: addPending(s.pending, p) }));
    notify(p);
  },
  onResolved(e) {
    set((s) => ({
      pending: removePending(s.pending, e.approvalId),
      reveal: s.reveal === e.approvalId ? null : s.reveal,
    }));
  },
  async decide(id, decision, rule, reason) {
    if (get().deciding[id]) return;
    set((s) => ({ deciding: { ...s.deciding, [id]: true }, error: null }));
    try {
      await call('approvals.decide', {
        approvalId: id,
        decision,
        ...(rule ? { rule } : {}),
        ...(reason?.trim() ? { reason: reason.trim() } : {}),
      });
      set((s) => ({ pending: removePending(s.pending, id), reveal: s.reveal === id ? null : s.reveal }));
    } catch (e) {
      set({ error: messageOf(e) });
      // the connection dropped on the way: the card stays (the host re-sends what still waits on reconnect);
      // otherwise the host said it is gone: drop our copy
      if (!(e instanceof ApiCallError && e.error.code === 'unavailable'))
        set((s) => ({ pending: removePending(s.pending, id) }));
    } finally {
      set((s) => ({ deciding: { ...s.deciding, [id]: false } }));
    }
  },
  async loadPreview(id) {
    if (get().previews[id]) return;
    set((s) => ({ previews: { ...s.previews, [id]: {} } }));
    try {
      const r = await call('approvals.preview', { approvalId: id });
      set((s) => ({ previews: { ...s.previews, [id]: r } }));
    } catch (e) {
      set((s) => ({ previews: { ...s.previews, [id]: { error: messageOf(e) } } }));
    }
  },
}));
