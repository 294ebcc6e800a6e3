// Chat state (zustand): the current project's sessions, the open session, one reduced transcript per loaded
// session (live messages folded in as they arrive), per-session status, and the actions that call the API
// (create/run/steer/abort/mode/model/rename). Pure folding lives in transcript.ts and merge.ts. Must not touch the DOM.
import { create } from 'zustand';
import type {
  ApiApprovalMode,
  ApiImageAttachment,
  ApiSession,
  ApiSessionStatus,
  Events,
} from '../../../../shared/api.js';
import type { OmniMessage } from '../../../../shared/omni/types.js';
import { call, messageOf } from '../../api/client.js';
import { mergeLoaded } from './merge.js';
import { emptyTranscript, reduceAll, reduceMessage, type Transcript } from './transcript.js';

export interface ChatState {
  projectId: string | null;
  sessions: ApiSession[];
  currentId: string | null;
  transcripts: Record<string, Transcript>;
  loading: Record<string, OmniMessage[] | undefined>;
  status: Record<string, { status: ApiSessionStatus; errorMessage?: string }>;
  /** subagent session id → root session id */
  childRoot: Record<string, string>;
  error: string | null;
  busy: boolean;
  /** a "New session" in flight: a prompt sent meanwhile waits for it and goes to the new session */
  creating: Promise<ApiSession | null> | null;
  /** steering messages sent to a running task and not yet delivered, per session (shown under the composer) */
  steers: Record<string, QueuedSteer[]>;
  /** text for the composer of a session (a fork puts the prompt it started before there); taken once */
  draft: { sessionId: string; text: string } | null;
  takeDraft(sessionId: string): string | null;
  /** takes back a queued steering message (sessions.unsteer); it goes from the list either way */
  unsteer(sessionId: string, steerId: string): Promise<void>;
  /**
   * From one of the open session's prompts: `fork` opens a new session with the conversation before it (the prompt
   * waits in its composer); `retry` does the same and sends the prompt again; `edit` sends `text` instead. The
   * original session stays as it was. False when it did not happen (the error says why).
   */
  branch(at: { ts: string; text: string }, how: 'fork' | 'retry' | 'edit', text?: string): Promise<boolean>;
  loadSessions(projectId: string): Promise<void>;
  openSession(id: string | null): Promise<void>;
  /** `worktree`: the session works in its own git worktree (shared/api-worktrees.ts) */
  createSession(o: {
    model?: string;
    approvalMode?: ApiApprovalMode;
    title?: string;
    worktree?: boolean;
  }): Promise<ApiSession | null>;
  /** runs (or, while a task runs, steers with) the prompt and its images; false when it was not sent */
  send(prompt: string, images?: ApiImageAttachment[]): Promise<boolean>;
  abort(): Promise<void>;
  /** run the open session's conversation again after a failure (sessions.retry) */
  retry(): Promise<void>;
  /** compact the open session's context now (sessions.compact) */
  compact(focus?: string): Promise<void>;
  setMode(mode: ApiApprovalMode): Promise<void>;
  /** switches the open session's model for its next task; the host's message when it refused, else null */
  setModel(model: string): Promise<string | null>;
  deleteSession(id: string): Promise<void>;
  rename(id: string, title: string): Promise<boolean>;
  onMessage(e: Events['session.message']): void;
  onStatus(e: Events['session.status']): void;
  clearError(): void;
}

interface QueuedSteer {
  steerId: string;
  text: string;
}

/** The queue without the steer a delivered user message stands for (the first queued one it carries). */
export function withoutDelivered(queue: QueuedSteer[], delivered: string): QueuedSteer[] {
  const i = queue.findIndex((q) => delivered === q.text || delivered.startsWith(`${q.text}\n`));
  return i < 0 ? queue : [...queue.slice(0, i), ...queue.slice(i + 1)];
}

const BRANCH_TITLE = { fork: 'fork', retry: 'retry', edit: 'edited' } as const;
/** a branch of a branch is titled after the first one, with one suffix */
const BRANCH_SUFFIX = /( \((fork|retry|edited)\))+$/;

export const useChat = create<ChatState>((set, get) => ({
  projectId: null,
  sessions: [],
  currentId: null,
  transcripts: {},
  loading: {},
  status: {},
  childRoot: {},
  error: null,
  busy: false,
  creating: null,
  steers: {},
  draft: null,

  takeDraft(sessionId) {
    const d = get().draft;
    if (!d || d.sessionId !== sessionId) return null;
    set({ draft: null });
    return d.text;
  },

  async unsteer(sessionId, steerId) {
    set((s) => ({
      steers: { ...s.steers, [sessionId]: (s.steers[sessionId] ?? []).filter((q) => q.steerId !== steerId) },
    }));
    try {
      await call('sessions.unsteer', { sessionId, steerId });
    } catch (e) {
      set({ error: messageOf(e) });
    }
  },

  async branch(at, how, text) {
    const from = get().currentId;
    if (!from) return false;
    const prompt = how === 'edit' ? (text ?? '').trim() : at.text;
    if (!prompt) {
      set({ error: 'The edited message is empty: write something, or cancel the edit.' });
      return false;
    }
    const src = get().sessions.find((x) => x.id === from);
    try {
      const made = await call('sessions.fork', {
        sessionId: from,
        before: { timestamp: at.ts, text: at.text },
        title: `${(src?.title || 'Session').replace(BRANCH_SUFFIX, '')} (${BRANCH_TITLE[how]})`,
      });
      set((st) => ({
        sessions: [made, ...st.sessions.filter((x) => x.id !== made.id)],
        status: { ...st.status, [made.id]: { status: made.status } },
        ...(how === 'fork' ? { draft: { sessionId: made.id, text: prompt } } : {}),
      }));
      await get().openSession(made.id);
      if (how === 'fork') return true;
      return await get().send(prompt);
    } catch (e) {
      set({ error: messageOf(e) });
      return false;
    }
  },

  async loadSessions(projectId) {
    try {
      const sessions = await call('sessions.list', { projectId });
      set((s) => ({
        projectId,
        sessions: sessions.filter((x) => x.source !== 'subagent'),
        status: {
          ...Object.fromEntries(sessions.map((x) => [x.id, { status: x.status }])),
          ...pickLive(s.status, sessions),
        },
        error: null,
      }));
    } catch (e) {
      set({ error: messageOf(e) });
    }
  },

  async openSession(id) {
    set({ currentId: id, error: null });
    if (!id || get().transcripts[id] || get().loading[id]) return;
    set((s) => ({ loading: { ...s.loading, [id]: [] } }));
    try {
      const { messages } = await call('sessions.transcript', { sessionId: id });
      set((s) => {
        const live = s.loading[id] ?? [];
        const all = mergeLoaded(messages, live);
        return {
          transcripts: { ...s.transcripts, [id]: reduceAll(emptyTranscript(), all) },
          loading: { ...s.loading, [id]: undefined },
        };
      });
    } catch (e) {
      set((s) => ({
        error: messageOf(e),
        transcripts: { ...s.transcripts, [id]: emptyTranscript() },
        loading: { ...s.loading, [id]: undefined },
      }));
    }
  },

  async createSession(o) {
    // a second "New session" while one is starting is the same request, not a second session
    const pending = get().creating;
    if (pending) return pending;
    const projectId = get().projectId;
    if (!projectId) {
      set({ error: 'Open a project first: sessions belong to a project folder.' });
      return null;
    }
    const creating = (async (): Promise<ApiSession | null> => {
      try {
        const s = await call('sessions.create', { projectId, ...o });
        set((st) => ({
          sessions: [s, ...st.sessions.filter((x) => x.id !== s.id)],
          transcripts: { ...st.transcripts, [s.id]: emptyTranscript() },
          status: { ...st.status, [s.id]: { status: s.status } },
        }));
        await get().openSession(s.id);
        return s;
      } catch (e) {
        set({ error: messageOf(e) });
        return null;
      }
    })();
    set({ creating });
    try {
      return await creating;
    } finally {
      if (get().creating === creating) set({ creating: null });
    }
  },

  async send(prompt, images) {
    if (!prompt.trim() && !images?.length) return false;
    // typed after "New session" was clicked but before the session existed: it belongs to the new session, not to
    // the one still on screen
    const creating = get().creating;
    let id = get().currentId;
    if (creating) {
      const made = await creating;
      if (!made) {
        set({ error: `${get().error ?? 'The new session could not be created.'} Your prompt was not sent: ${prompt}` });
        return false;
      }
      id = made.id;
    }
    if (!id) return false;
    const running = get().status[id]?.status === 'running';
    const params = { sessionId: id, prompt, ...(images?.length ? { images } : {}) };
    try {
      if (running) {
        const r = await call('sessions.steer', params);
        if (r.steerId) {
          const q = { steerId: r.steerId, text: prompt };
          set((s) => ({ steers: { ...s.steers, [id]: [...(s.steers[id] ?? []), q] } }));
        }
      } else {
        set((s) => ({ status: { ...s.status, [id]: { status: 'running' } } }));
        await call('sessions.run', params);
      }
      return true;
    } catch (e) {
      // refused before it started (e.g. a bad image): the session is not running
      if (!running) set((s) => ({ status: { ...s.status, [id]: { status: 'idle' } } }));
      set({ error: messageOf(e) });
      return false;
    }
  },

  async abort() {
    const id = get().currentId;
    if (!id) return;
    try {
      await call('sessions.abort', { sessionId: id });
    } catch (e) {
      set({ error: messageOf(e) });
    }
  },

  async retry() {
    const id = get().currentId;
    if (!id) return;
    try {
      await call('sessions.retry', { sessionId: id });
    } catch (e) {
      set({ error: messageOf(e) });
    }
  },

  async compact(focus) {
    const id = get().currentId;
    if (!id) return;
    try {
      await call('sessions.compact', { sessionId: id, ...(focus ? { focus } : {}) });
    } catch (e) {
      set({ error: messageOf(e) });
    }
  },

  async setMode(mode) {
    const id = get().currentId;
    if (!id) return;
    try {
      const s = await call('sessions.setApprovalMode', { sessionId: id, mode });
      set((st) => ({ sessions: st.sessions.map((x) => (x.id === s.id ? s : x)) }));
    } catch (e) {
      set({ error: messageOf(e) });
    }
  },

  async setModel(model) {
    const id = get().currentId;
    if (!id) return 'Open a session first.';
    try {
      const s = await call('sessions.setModel', { sessionId: id, model });
      set((st) => ({ sessions: st.sessions.map((x) => (x.id === s.id ? s : x)) }));
      return null;
    } catch (e) {
      return messageOf(e);
    }
  },

  async rename(id, title) {
    const t = title.trim();
    if (!t) {
      set({ error: 'A session title cannot be empty: type a few words, or press Esc to keep the old one.' });
      return false;
    }
    try {
      const s = await call('sessions.rename', { sessionId: id, title: t });
      set((st) => ({ sessions: st.sessions.map((x) => (x.id === s.id ? s : x)), error: null }));
      return true;
    } catch (e) {
      set({ error: messageOf(e) });
      return false;
    }
  },

  async deleteSession(id) {
    try {
      await call('sessions.delete', { sessionId: id });
      set((s) => ({
        sessions: s.sessions.filter((x) => x.id !== id),
        currentId: s.currentId === id ? null : s.currentId,
      }));
    } catch (e) {
      set({ error: messageOf(e) });
    }
  },

  onMessage({ sessionId, message }) {
    set((s) => {
      const patch: Partial<ChatState> = {};
      const queued = s.steers[sessionId];
      const p = message.payload as { type?: string; role?: string; text?: string };
      if (queued?.length && !message.origin && message.type === 'model_msg' && p.type === 'text' && p.role === 'user') {
        const rest = withoutDelivered(queued, p.text ?? '');
        if (rest !== queued) patch.steers = { ...s.steers, [sessionId]: rest };
      }
      if (message.origin?.length) {
        const missing = message.origin.filter((c) => s.childRoot[c] !== sessionId);
        if (missing.length)
          patch.childRoot = { ...s.childRoot, ...Object.fromEntries(missing.map((c) => [c, sessionId])) };
      }
      const buf = s.loading[sessionId];
      if (buf) {
        buf.push(message);
        return patch;
      }
      const t = s.transcripts[sessionId];
      if (!t) return patch;
      return { ...patch, transcripts: { ...s.transcripts, [sessionId]: reduceMessage(t, message) } };
    });
  },

  onStatus({ sessionId, status, errorMessage }) {
    set((s) => ({
      status: { ...s.status, [sessionId]: { status, errorMessage } },
      // the task ended: nothing it queued waits for it any more
      ...(status !== 'running' && s.steers[sessionId]?.length ? { steers: { ...s.steers, [sessionId]: [] } } : {}),
      sessions: s.sessions.map((x) => (x.id === sessionId ? { ...x, status, updatedAt: new Date().toISOString() } : x)),
    }));
    if (get().projectId) void get().loadSessions(get().projectId!);
  },

  clearError: () => set({ error: null }),
}));

/** Keep a live "running" we know of when a list reload raced with the status event. */
function pickLive(prev: ChatState['status'], sessions: ApiSession[]): ChatState['status'] {
  const out: ChatState['status'] = {};
  for (const x of sessions) {
    const p = prev[x.id];
    if (p && p.errorMessage && p.status === x.status) out[x.id] = p;
  }
  return out;
}
