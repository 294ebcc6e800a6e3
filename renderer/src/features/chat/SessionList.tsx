// The project's sessions (title, model, status, updated) and the new-session form (model from config, approval
// mode). Must not run tasks.
import { useEffect, useState } from 'react';
import { APPROVAL_MODE, type ApiApprovalMode } from '../../../../shared/api.js';
import { InlineConfirm } from '../../app/InlineConfirm.js';
import { MissingFolderNotice } from '../first-run/MissingFolderNotice.js';
import { NoModelNotice } from '../first-run/NoModelNotice.js';
import { relativeTime } from '../projects/logic.js';
import { useProjects } from '../projects/store.js';
import { useShallow } from 'zustand/react/shallow';
import { useApprovals } from '../approvals/store.js';
import { useSettings } from '../settings/store.js';
import { GROUP_TITLES, groupSessions } from '../worktrees/groups.js';
import { useWorktrees } from '../worktrees/store.js';
import { focusComposerSoon } from '../approvals/focus.js';
import { useChat } from './store.js';

export function SessionList() {
  const sessions = useChat((s) => s.sessions);
  const currentId = useChat((s) => s.currentId);
  const status = useChat((s) => s.status);
  const { openSession, createSession, deleteSession } = useChat.getState();
  const settings = useSettings((s) => s.settings);
  const loadSettings = useSettings((s) => s.load);
  const [model, setModel] = useState('');
  const [mode, setMode] = useState<ApiApprovalMode | ''>('');
  // "in its own worktree": on by default for a git project, off (and disabled) otherwise
  const available = useWorktrees((s) => s.available);
  const liveWorktrees = useWorktrees((s) => s.bySession);
  const [ownWorktree, setOwnWorktree] = useState<boolean | null>(null);
  const worktree = !!available?.git && (ownWorktree ?? true);
  // why "New session" cannot proceed, said right under it (first-run dead ends)
  const [tried, setTried] = useState(false);
  const project = useProjects((s) => s.projects.find((p) => p.id === s.currentId) ?? null);
  const chatError = useChat((s) => s.error);
  const creating = useChat((s) => s.creating !== null);
  const waitingIds = useApprovals(useShallow((s) => [...new Set(Object.values(s.pending).map((p) => p.sessionId))]));

  useEffect(() => {
    if (!settings) void loadSettings();
  }, [settings, loadSettings]);

  return (
    <aside className="sessions" aria-label="Sessions">
      <form
        className="new-session"
        onSubmit={(e) => {
          e.preventDefault();
          if (project?.missing || creating) return;
          if (!model && settings && !settings.defaultModel) return setTried(true);
          void createSession({
            ...(model ? { model } : {}),
            ...(mode ? { approvalMode: mode } : {}),
            ...(worktree ? { worktree: true } : {}),
          }).then((made) => made && focusComposerSoon());
        }}
      >
        <label htmlFor="new-model">Model</label>
        <select id="new-model" value={model} onChange={(e) => setModel(e.target.value)}>
          <option value="">default{settings?.defaultModel ? ` (${settings.defaultModel})` : ''}</option>
          {settings?.models.map((m) => (
            <option key={m.ref} value={m.ref}>
              {m.ref}
              {m.vision ? ' · vision' : ''}
            </option>
          ))}
        </select>
        <label htmlFor="new-mode">Approval mode</label>
        <select id="new-mode" value={mode} onChange={(e) => setMode(e.target.value as ApiApprovalMode | '')}>
          <option value="">default{settings ? ` (${settings.defaultApprovalMode})` : ''}</option>
          {APPROVAL_MODE.options.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        <label className="check" title={available?.git ? '' : (available?.reason ?? '')}>
          <input
            type="checkbox"
            aria-label="In its own worktree"
            checked={worktree}
            disabled={!available?.git}
            onChange={(e) => setOwnWorktree(e.target.checked)}
          />{' '}
          in its own worktree
        </label>
        <button type="submit" className="primary" aria-label="New session" aria-busy={creating}>
          {creating ? 'Starting…' : 'New session'}
        </button>
      </form>
      {project?.missing && <MissingFolderNotice project={project} />}
      {tried && !model && settings && !settings.defaultModel && !project?.missing && (
        <NoModelNotice hasModels={settings.models.length > 0} />
      )}
      {chatError && !currentId && (
        <p className="banner error" role="alert">
          {chatError}
        </p>
      )}
      {sessions.length === 0 && <p className="empty">No sessions in this project yet.</p>}
      {groupSessions(
        sessions,
        (s) => status[s.id]?.status ?? s.status,
        new Set(waitingIds),
        new Set(Object.keys(liveWorktrees)),
      ).map(({ group, sessions: members }) => (
        <section key={group} className={`session-group ${group}`} aria-label={GROUP_TITLES[group]}>
          <h3 className="group-title">{GROUP_TITLES[group]}</h3>
          <ul className="session-list">
            {members.map((s) => {
              const raw = status[s.id]?.status ?? s.status;
              const st = raw === 'running' && waitingIds.includes(s.id) ? 'waiting for you' : raw;
              return (
                <li key={s.id} className={s.id === currentId ? 'session active' : 'session'}>
                  <button
                    className="session-open"
                    // the name holds the visible text too (title and status line), as axe's
                    // label-content-name-mismatch asks
                    aria-label={`Open session ${s.title || s.id}, ${s.title ? '' : 'Untitled session '}${st} · ${s.model} · ${relativeTime(s.updatedAt)}${s.source !== 'desktop' ? ` · ${s.source}` : ''}`}
                    aria-current={s.id === currentId}
                    onClick={() => void openSession(s.id)}
                  >
                    <span className="title">{s.title || 'Untitled session'}</span>{' '}
                    <span className="meta">
                      <span className={`dot ${st.replace(/ /g, '-')}`} aria-hidden="true" />
                      {st} · {s.model} · {relativeTime(s.updatedAt)}
                      {s.source !== 'desktop' ? ` · ${s.source}` : ''}
                    </span>
                  </button>
                  <InlineConfirm
                    className="ghost small"
                    label={`Delete session ${s.title || s.id}`}
                    question={`Delete “${s.title || s.id}” and its trace?`}
                    confirmLabel="Delete"
                    onConfirm={() => void deleteSession(s.id)}
                  >
                    ✕
                  </InlineConfirm>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </aside>
  );
}
