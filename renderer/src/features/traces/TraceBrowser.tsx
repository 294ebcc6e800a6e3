// The trace browser: all sessions across projects with search and filters; dropped or picked JSONL files are
// imported (the parts of one session together; Claude Code, Codex and OTLP files are converted by the host); an
// opened session shows the timeline. Must not parse traces itself (the host indexes them).
import { useEffect, useState } from 'react';
import { nestTraces } from './nest.js';
import { useNav } from '../../app/nav.js';
import { useChat } from '../chat/store.js';
import { useProjects } from '../projects/store.js';
import { useTraces } from './store.js';
import { Timeline } from './Timeline.js';
import { formatTimestamp } from '../../../../shared/time-format.js';

export function TraceBrowser() {
  const { list, filters, listError, loadList, open, sessionId, importTraces } = useTraces();
  const projects = useProjects((s) => s.projects);
  const [drag, setDrag] = useState(false);

  useEffect(() => {
    void loadList();
    if (!useProjects.getState().loaded) void useProjects.getState().load();
  }, [loadList]);

  const onDrop = async (e: React.DragEvent) => {
    e.preventDefault();
    setDrag(false);
    await importFiles(e.dataTransfer.files);
  };
  const importFiles = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length)
      await importTraces(await Promise.all(files.map(async (f) => ({ name: f.name, text: await f.text() }))));
  };

  if (sessionId) return <Timeline />;
  const set = (k: keyof typeof filters, v: string) => void loadList({ ...filters, [k]: v || undefined });
  const agents = [...new Set(list.map((s) => s.agent))];
  const models = [...new Set(list.map((s) => s.model))];
  return (
    <section
      className={drag ? 'traces dragging' : 'traces'}
      aria-label="Trace browser"
      data-testid="trace-drop"
      onDragOver={(e) => {
        e.preventDefault();
        setDrag(true);
      }}
      onDragLeave={() => setDrag(false)}
      onDrop={(e) => void onDrop(e)}
    >
      <h1>Traces</h1>
      <div className="filters">
        <input
          aria-label="Search sessions"
          placeholder="Search title or id…"
          value={filters.text ?? ''}
          onChange={(e) => set('text', e.target.value)}
        />
        <select
          aria-label="Project filter"
          value={filters.projectId ?? ''}
          onChange={(e) => set('projectId', e.target.value)}
        >
          <option value="">all projects</option>
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <select aria-label="Agent filter" value={filters.agent ?? ''} onChange={(e) => set('agent', e.target.value)}>
          <option value="">all agents</option>
          {agents.map((a) => (
            <option key={a}>{a}</option>
          ))}
        </select>
        <select aria-label="Model filter" value={filters.model ?? ''} onChange={(e) => set('model', e.target.value)}>
          <option value="">all models</option>
          {models.map((a) => (
            <option key={a}>{a}</option>
          ))}
        </select>
        <select aria-label="Status filter" value={filters.status ?? ''} onChange={(e) => set('status', e.target.value)}>
          <option value="">any status</option>
          {['idle', 'running', 'completed', 'failed', 'aborted'].map((a) => (
            <option key={a}>{a}</option>
          ))}
        </select>
        <input
          aria-label="From date"
          type="date"
          value={filters.from?.slice(0, 10) ?? ''}
          onChange={(e) => set('from', e.target.value)}
        />
        <input
          aria-label="To date"
          type="date"
          value={filters.to?.slice(0, 10) ?? ''}
          onChange={(e) => set('to', e.target.value)}
        />
        <label className="file-btn">
          Import JSONL…
          <input
            type="file"
            accept=".jsonl,.json,application/x-ndjson,application/json,text/plain"
            multiple
            aria-label="Import a trace file"
            onChange={async (e) => {
              await importFiles(e.target.files);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      <p className="hint">
        Drop .jsonl traces anywhere here to import them; the files of one session (…_001.jsonl, …_002.jsonl) import as
        one session. Claude Code sessions (~/.claude/projects/…/*.jsonl), Codex rollouts
        (~/.codex/sessions/…/rollout-*.jsonl) and OTLP JSON exports import too.
      </p>
      {listError && (
        <p className="error" role="alert">
          {listError}
        </p>
      )}
      {list.length === 0 && <p className="empty">No sessions match.</p>}
      <table className="trace-list">
        <thead>
          <tr>
            <th>Session</th>
            <th>Project</th>
            <th>Agent</th>
            <th>Model</th>
            <th>Status</th>
            <th>Events</th>
            <th>Updated</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {nestTraces(list).map(({ row: s, depth }) => {
            const parent = s.parentSessionId ? list.find((x) => x.sessionId === s.parentSessionId) : undefined;
            const title =
              s.title || (parent ? `subagent of “${parent.title || 'untitled session'}”` : 'untitled session');
            return (
              <tr
                key={s.sessionId}
                data-session-id={s.sessionId}
                data-depth={depth}
                className={depth ? 'child-trace' : undefined}
              >
                <td style={{ paddingLeft: 8 + depth * 22 }}>
                  {depth > 0 && <span className="chip child-tag">↳ subagent</span>}{' '}
                  <button className="link" aria-label={`Open trace of ${title}`} onClick={() => void open(s.sessionId)}>
                    {title}
                  </button>
                  <div className="muted small" title="session id">
                    {s.sessionId}
                  </div>
                </td>
                <td>{s.projectName ?? '—'}</td>
                <td>{s.agent}</td>
                <td>{s.model}</td>
                <td>
                  <span className={`chip status ${s.status}`}>{s.status}</span>
                </td>
                <td>{s.events}</td>
                <td>
                  <time dateTime={s.updatedAt}>{formatTimestamp(s.updatedAt)}</time>
                </td>
                <td>
                  {s.source !== 'import' && s.projectId && <OpenChat sessionId={s.sessionId} projectId={s.projectId} />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function OpenChat({ sessionId, projectId }: { sessionId: string; projectId: string }) {
  const go = useNav((s) => s.go);
  return (
    <button
      className="small"
      aria-label="Open in chat"
      onClick={async () => {
        const p = await useProjects.getState().open(projectId);
        if (!p) return;
        await useChat.getState().loadSessions(projectId);
        await useChat.getState().openSession(sessionId);
        go('chat');
      }}
    >
      Chat
    </button>
  );
}
