// The first screen: recent projects (last opened, session count, missing folders marked), "Open folder…"
// (native dialog on desktop; a validated path field with completion in browser mode) and forget.
import { useEffect, useRef, useState } from 'react';
import { isDesktop } from '../../api/client.js';
import { useNav } from '../../app/nav.js';
import { useChat } from '../chat/store.js';
import { FirstRunPanel } from '../first-run/FirstRunPanel.js';
import { MissingFolderNotice } from '../first-run/MissingFolderNotice.js';
import { commonPrefix, relativeTime } from './logic.js';
import { useProjects } from './store.js';

export function ProjectPicker() {
  const { projects, loaded, error, completion, load, add, open, forget, complete, pickFolder } = useProjects();
  const go = useNav((s) => s.go);
  const [path, setPath] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    void load();
  }, [load]);

  const enter = async (id: string) => {
    const p = await open(id);
    if (!p) return;
    await useChat.getState().loadSessions(p.id);
    void useChat.getState().openSession(null);
    go('chat');
  };

  const addPath = async (value: string) => {
    const p = await add(value.trim());
    if (p) {
      await useChat.getState().loadSessions(p.id);
      void useChat.getState().openSession(null);
      go('chat');
    }
  };

  const onType = (v: string) => {
    setPath(v);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void complete(v), 150);
  };

  const desktop = isDesktop();
  return (
    <section className="picker" aria-labelledby="picker-title">
      <h1 id="picker-title">Projects</h1>
      <FirstRunPanel />
      <div className="open-folder">
        {desktop ? (
          <button
            aria-label="Open folder…"
            onClick={async () => {
              const p = await pickFolder();
              if (p) await addPath(p);
            }}
          >
            Open folder…
          </button>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (path.trim()) void addPath(path);
            }}
          >
            <label htmlFor="project-path">Open folder (absolute path)</label>
            <div className="row">
              <input
                id="project-path"
                list="path-suggestions"
                value={path}
                placeholder="/home/me/my-project"
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => onType(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Tab' && completion?.suggestions.length) {
                    const next = commonPrefix(path, completion.suggestions);
                    if (next !== path) {
                      e.preventDefault();
                      onType(next);
                    }
                  }
                }}
                aria-invalid={completion ? !completion.valid && !!path : undefined}
                aria-describedby="path-help"
              />
              <button type="submit" aria-label="Open this folder" disabled={!path.trim()}>
                Open
              </button>
            </div>
            <datalist id="path-suggestions">
              {completion?.suggestions.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
            <p id="path-help" className={completion && !completion.valid && path ? 'hint bad' : 'hint'}>
              {completion?.error ??
                (completion?.valid ? 'This folder exists.' : 'Type a path; Tab completes existing folders.')}
            </p>
          </form>
        )}
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {loaded && projects.length === 0 && (
        <p className="empty">No projects yet. Open a folder to start: it becomes the agent's workspace.</p>
      )}
      <ul className="project-list">
        {projects.map((p) => (
          <li key={p.id} className={p.missing ? 'project missing' : 'project'}>
            <button className="project-open" aria-label={`Open project ${p.name}`} onClick={() => void enter(p.id)}>
              <span className="name">{p.name}</span>
              <span className="path">{p.path}</span>
              <span className="meta">
                {p.sessionCount} session{p.sessionCount === 1 ? '' : 's'} · opened {relativeTime(p.lastOpenedAt)}
                {p.missing && <strong className="missing-tag"> · folder missing (sessions still browsable)</strong>}
              </span>
            </button>
            {p.missing && <MissingFolderNotice project={p} compact />}
            <button className="ghost" aria-label={`Forget project ${p.name}`} onClick={() => void forget(p.id)}>
              Forget
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
