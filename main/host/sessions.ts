// Handlers for sessions: create (project + agent + model + approval mode), list, get, rename, delete (with its
// traces, scratchpad and subagent children), transcript (complete messages from the trace), and the approval
// mode. Running tasks are in runs.ts. Must not decide approvals.
import { rmSync } from 'node:fs';
import type { ApiSession } from '../../shared/api.js';
import type { OmniMessage } from '../../shared/omni/types.js';
import { findTraceFiles, readTrace, scratchpadDir } from '../trace/index.js';
import type { Session } from '../store/index.js';
import {
  createWorktree,
  recordOfSession,
  removeWorktree,
  sessionCommands,
  workspaceIn,
  writeRecord,
} from '../worktrees/index.js';
import type { HostContext } from './context.js';
import { badRequest, notFound } from './errors.js';
import type { Handlers } from './table.js';
import { sessionView } from './views.js';

type M =
  | 'sessions.list'
  | 'sessions.get'
  | 'sessions.create'
  | 'sessions.rename'
  | 'sessions.delete'
  | 'sessions.transcript'
  | 'sessions.setApprovalMode';

export function mustSession(ctx: HostContext, id: string): Session {
  const s = ctx.store.sessions.get(id);
  if (!s) throw notFound(`There is no session with id ${id}; it may have been deleted. Reload the list.`);
  return s;
}

/** The session's workspace: its worktree, its project's folder, the live session's, or the one its trace recorded. */
export function workspaceOf(ctx: HostContext, s: Session): string {
  const wt = recordOfSession(ctx.home, s.id);
  if (wt && !wt.removedAt) return workspaceIn(wt);
  if (s.projectId) {
    const p = ctx.store.projects.get(s.projectId);
    if (p) return p.path;
  }
  const live = ctx.runtime.get(s.id);
  if (live) return live.workspace;
  try {
    const [first] = ctx.store.traces.pageEvents(s.id, { limit: 1 });
    if (first?.kind === 'session_meta') {
      const msg = JSON.parse(ctx.store.traces.readRecord(first)) as OmniMessage;
      const ws = (msg.payload as { workspace?: unknown }).workspace;
      if (typeof ws === 'string') return ws;
    }
  } catch {
    /* no readable trace */
  }
  return '';
}

export function sessionApi(ctx: HostContext, s: Session): ApiSession {
  return sessionView(s, workspaceOf(ctx, s));
}

/**
 * A new session in a project (sessions.create, and sessions.fork with `history`: the conversation it starts from,
 * written to its trace after the session_meta line).
 */
export async function createSession(
  ctx: HostContext,
  o: {
    projectId: string;
    agent?: string;
    model?: string;
    approvalMode?: Session['approvalMode'];
    title?: string;
    worktree?: boolean;
    history?: OmniMessage[];
  },
): Promise<ApiSession> {
  const { store, runtime, home } = ctx;
  const { projectId, agent: agentName, model, approvalMode, title, worktree } = o;
  const project = store.projects.get(projectId);
  if (!project) throw notFound(`There is no project with id ${projectId}; reload the project list.`);
  if (project.missing)
    throw badRequest(
      `The folder ${project.path} of project "${project.name}" no longer exists; restore it or add another folder.`,
    );
  const name = agentName ?? 'default';
  const agent = await runtime.agent(name);
  const modelRef = model ?? agent.defaultModel();
  const mode = approvalMode ?? agent.config.default_approval_mode ?? 'always-ask';
  // a session in its own worktree works there, with its port block and the worktree's git dirs writable
  const wt = worktree ? await createWorktree(home, project.path) : undefined;
  let session;
  try {
    session = await agent.createSession({
      workspace: wt?.workspace ?? project.path,
      model: modelRef,
      ...(wt ? { commands: sessionCommands(wt.record) } : {}),
      ...(o.history ? { history: o.history } : {}),
    });
    if (wt) writeRecord(home, { ...wt.record, sessionId: session.id });
  } catch (e) {
    if (wt) await removeWorktree(home, wt.record).catch(() => {});
    throw e;
  }
  try {
    const row = store.sessions.create({
      id: session.id,
      projectId,
      agent: name,
      model: modelRef,
      title: title?.trim() ?? '',
      approvalMode: mode,
      source: 'desktop',
    });
    store.projects.open(project.path);
    runtime.adopt(session, name);
    ctx.events.emit('projects.changed', {});
    return sessionView(row, wt?.workspace ?? project.path);
  } catch (e) {
    await session.dispose().catch(() => {});
    if (wt) await removeWorktree(home, { ...wt.record, sessionId: null }).catch(() => {});
    throw e;
  }
}

export function sessionHandlers(ctx: HostContext): Handlers<M> {
  const { store, runtime, home } = ctx;

  async function remove(id: string): Promise<void> {
    const s = store.sessions.get(id);
    if (!s) return;
    ctx.broker.denyAll(id);
    runtime.abort(id);
    await runtime.unload(id);
    for (const child of store.sessions.list({ parentSessionId: id })) await remove(child.id);
    const wt = recordOfSession(home, id);
    if (wt) await removeWorktree(home, wt, { forgetRecord: true });
    for (const f of findTraceFiles(home, id, s.agent)) rmSync(f, { force: true });
    try {
      rmSync(scratchpadDir(home, s.agent, id), { recursive: true, force: true });
    } catch {
      /* an imported id that is not a safe folder name has no scratchpad */
    }
    store.removeSession(id);
  }

  return {
    'sessions.list': ({ projectId }) =>
      store.sessions
        .list({ projectId })
        .filter((s) => s.source !== 'subagent')
        .map((s) => sessionApi(ctx, s)),
    'sessions.get': ({ sessionId }) => sessionApi(ctx, mustSession(ctx, sessionId)),
    'sessions.create': (o) => createSession(ctx, o),
    'sessions.rename': ({ sessionId, title }) => {
      mustSession(ctx, sessionId);
      return sessionApi(ctx, store.sessions.setTitle(sessionId, title.trim() || title));
    },
    'sessions.delete': async ({ sessionId }) => {
      mustSession(ctx, sessionId);
      await remove(sessionId);
      ctx.events.emit('projects.changed', {});
      return {};
    },
    'sessions.transcript': ({ sessionId }) => {
      const s = mustSession(ctx, sessionId);
      const files = findTraceFiles(home, sessionId, s.agent);
      const all = files.length ? files : findTraceFiles(home, sessionId);
      const messages: OmniMessage[] = [];
      for (const f of all) messages.push(...readTrace(f).messages);
      return { messages };
    },
    'sessions.setApprovalMode': ({ sessionId, mode }) => {
      mustSession(ctx, sessionId);
      return sessionApi(ctx, store.sessions.setApprovalMode(sessionId, mode));
    },
  };
}
