// What to do about a project whose folder is gone: say so where the user is, and offer Locate… (point the project
// at the folder's new place; native dialog on desktop, a path field in browser mode; sessions stay with it) and
// Forget. `compact` shows only Locate… (the project list has its own Forget). Must not create or delete folders.
import { useState } from 'react';
import type { ApiProject } from '../../../../shared/api.js';
import { isDesktop } from '../../api/client.js';
import { useNav } from '../../app/nav.js';
import { useProjects } from '../projects/store.js';

export function MissingFolderNotice({ project, compact = false }: { project: ApiProject; compact?: boolean }) {
  const { relocate, forget, pickFolder } = useProjects();
  const go = useNav((s) => s.go);
  const [typing, setTyping] = useState(false);
  const [path, setPath] = useState('');
  const [error, setError] = useState<string | null>(null);

  const moveTo = async (to: string): Promise<void> => {
    const ok = await relocate(project.id, to);
    setError(ok ? null : useProjects.getState().error);
    if (ok) setTyping(false);
  };
  const locate = async () => {
    if (!isDesktop()) return setTyping(true);
    const p = await pickFolder();
    if (p) await moveTo(p);
  };

  return (
    <div className={compact ? 'missing-folder' : 'banner error missing-folder'} role={compact ? undefined : 'alert'}>
      {!compact && (
        <p>
          The folder {project.path} of project &quot;{project.name}&quot; no longer exists. Its sessions can still be
          read; to start new ones, locate the folder where it is now, or forget the project.
        </p>
      )}
      <button aria-label={`Locate the folder of ${project.name}…`} onClick={() => void locate()}>
        Locate…
      </button>{' '}
      {!compact && (
        <button
          className="ghost"
          aria-label={`Forget project ${project.name}`}
          onClick={async () => {
            await forget(project.id);
            go('projects');
          }}
        >
          Forget
        </button>
      )}
      {typing && (
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (path.trim()) void moveTo(path.trim());
          }}
        >
          <label htmlFor={`locate-${project.id}`}>New location of {project.name} (absolute path)</label>
          <input
            id={`locate-${project.id}`}
            value={path}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setPath(e.target.value)}
          />
          <button type="submit" disabled={!path.trim()}>
            Use this folder
          </button>
        </form>
      )}
      {error && (
        <p className="hint bad" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
