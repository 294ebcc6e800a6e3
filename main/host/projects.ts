// Handlers for projects: add/open/list/forget/relocate (a deleted folder shows as missing; its sessions stay
// browsable; a moved one can be located again),
// path completion and the native picker (desktop only). Must not create or delete folders.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { completePath, expandHome } from './complete-path.js';
import type { HostContext } from './context.js';
import { badRequest, HostError, notFound } from './errors.js';
import type { Handlers } from './table.js';
import { projectView } from './views.js';
import type { Project } from '../store/index.js';

type M =
  | 'projects.list'
  | 'projects.add'
  | 'projects.open'
  | 'projects.forget'
  | 'projects.completePath'
  | 'projects.pickFolder'
  | 'projects.relocate';

/** The absolute path of an existing folder (`~` expanded), or a bad_request naming it. */
function existingFolder(path: string): string {
  const abs = resolve(expandHome(path.trim()));
  let ok: boolean;
  try {
    ok = statSync(abs).isDirectory();
  } catch {
    ok = false;
  }
  if (!ok) throw badRequest(`The folder ${abs} does not exist (or is not a folder); pick an existing folder.`);
  return abs;
}

export function projectHandlers(ctx: HostContext): Handlers<M> {
  const { store, events } = ctx;
  const view = (p: Project) =>
    projectView(p, store.sessions.list({ projectId: p.id }).filter((s) => s.source !== 'subagent').length);
  const mustGet = (id: string): Project => {
    const p = store.projects.get(id);
    if (!p) throw notFound(`There is no project with id ${id}; reload the project list.`);
    return p;
  };
  return {
    'projects.list': () => store.projects.list().map(view),
    'projects.add': ({ path }) => {
      const abs = existingFolder(path);
      const p = store.projects.open(abs);
      events.emit('projects.changed', {});
      return view(p);
    },
    'projects.open': ({ projectId }) => {
      const p = mustGet(projectId);
      const opened = store.projects.open(p.path);
      events.emit('projects.changed', {});
      return view(opened);
    },
    'projects.relocate': ({ projectId, path }) => {
      mustGet(projectId);
      const p = store.projects.relocate(projectId, existingFolder(path));
      events.emit('projects.changed', {});
      return view(p);
    },
    'projects.forget': ({ projectId }) => {
      mustGet(projectId);
      store.projects.remove(projectId);
      events.emit('projects.changed', {});
      return {};
    },
    'projects.completePath': ({ prefix }) => completePath(prefix),
    'projects.pickFolder': async () => {
      if (!ctx.opts.pickFolder) {
        throw new HostError(
          'unavailable',
          'There is no native folder picker in browser mode; type the folder path instead.',
        );
      }
      return { path: await ctx.opts.pickFolder() };
    },
  };
}
