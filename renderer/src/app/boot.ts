// Wires API events to the feature stores once, and (re)subscribes: on start and after every WebSocket
// reconnect the host re-sends pending approvals, so a reload or a dropped connection restores the cards.
// Must not render anything.
import { useWorktrees } from '../features/worktrees/store.js';
import { getApi } from '../api/client.js';
import { WsApi, type ConnectionState } from '../api/ws-api.js';
import { useApprovals } from '../features/approvals/store.js';
import { useSessionContext } from '../features/chat/context.js';
import { useChat } from '../features/chat/store.js';
import { useProjects } from '../features/projects/store.js';
import { refetchAll, resync, route } from '../features/terminal/registry.js';
import { useTerminals } from '../features/terminal/store.js';
import { useTraces } from '../features/traces/store.js';
import { create } from 'zustand';

export const useConnection = create<{ state: ConnectionState | 'desktop' }>(() => ({ state: 'connecting' }));

async function resubscribe(): Promise<void> {
  const r = await getApi().call('subscribe', {});
  if (r.ok) useApprovals.getState().replaceAll(r.value.pendingApprovals);
  const chat = useChat.getState();
  if (chat.projectId) void chat.loadSessions(chat.projectId);
  if (chat.currentId) void useTerminals.getState().load(chat.currentId);
}

const rootOf = (sessionId: string): string => useChat.getState().childRoot[sessionId] ?? sessionId;

let booted = false;
export function boot(): void {
  if (booted) return;
  booted = true;
  const api = getApi();
  api.on('session.message', (e) => useChat.getState().onMessage(e));
  api.on('session.status', (e) => {
    useChat.getState().onStatus(e);
    // a session that started or ended may now be ready to review (or was merged elsewhere)
    void useWorktrees.getState().refresh();
  });
  api.on('session.context', (c) => useSessionContext.getState().put(c));
  api.on('approval.request', (p) => useApprovals.getState().onRequest(p));
  api.on('approval.resolved', (e) => useApprovals.getState().onResolved(e));
  api.on('terminal.started', (p) => useTerminals.getState().started(p, rootOf(p.sessionId)));
  api.on('terminal.exit', (e) => useTerminals.getState().exited(e));
  api.on('terminal.data', (e) => {
    const t = useTerminals.getState();
    if (!t.procs[e.processId]) {
      // a command we have not heard of (e.g. started before this page loaded): learn it
      void t.load(rootOf(e.sessionId));
    }
    if (!t.panes[e.processId]) t.output(e.processId);
    route(e.sessionId, e.processId, e.data);
  });
  api.on('terminal.resync', (e) => resync(e.sessionId, e.processId, e.data));
  api.on('projects.changed', () => void useProjects.getState().load());
  api.on('trace.indexed', (e) => {
    const tr = useTraces.getState();
    if (tr.sessionId === null) void tr.loadList();
    else if (tr.sessionId === e.sessionId && e.events !== tr.records) void tr.refresh();
  });
  if (api instanceof WsApi) {
    useConnection.setState({ state: api.state });
    api.onState((state) => useConnection.setState({ state }));
    api.onReconnect(() => {
      void resubscribe();
      refetchAll(); // a new connection: the host must learn again which panes this page shows
    });
  } else useConnection.setState({ state: 'desktop' });
  void resubscribe();
}
