// The projects table: local folders the user picked. `missing` is computed on every list/get by checking that
// the folder still exists (never stored). Must not know about sessions, approvals or traces.
import { statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { Db } from './db.js';
import { StoreError } from './errors.js';
import { newProjectId, type Clock } from './ids.js';

export interface Project {
  id: string;
  /** absolute folder path (unique) */
  path: string;
  name: string;
  createdAt: string;
  lastOpenedAt: string;
  /** the folder no longer exists (or is not a directory) */
  missing: boolean;
}

interface ProjectRow {
  id: string;
  path: string;
  name: string;
  created_at: string;
  last_opened_at: string;
}

export interface ProjectsRepo {
  /** Adds the folder if new, else marks it opened now. Name defaults to the folder's base name. */
  open(path: string, name?: string): Project;
  /** Returns the project of the folder, adding it (as last opened at `openedAt`) only when missing. */
  ensure(path: string, openedAt: string): Project;
  get(id: string): Project | undefined;
  getByPath(path: string): Project | undefined;
  /** Most recently opened first. */
  list(): Project[];
  rename(id: string, name: string): Project;
  /** Points the project at another folder (it moved); refuses a folder another project already has. */
  relocate(id: string, path: string): Project;
  /** Forgets the project (its sessions keep their rows, with no project). True when a row was removed. */
  remove(id: string): boolean;
}

function folderMissing(path: string): boolean {
  try {
    return !statSync(path).isDirectory();
  } catch {
    return true;
  }
}

const toProject = (r: ProjectRow): Project => ({
  id: r.id,
  path: r.path,
  name: r.name,
  createdAt: r.created_at,
  lastOpenedAt: r.last_opened_at,
  missing: folderMissing(r.path),
});

export function createProjectsRepo(db: Db, now: Clock): ProjectsRepo {
  const byId = db.prepare<[string], ProjectRow>('SELECT * FROM projects WHERE id = ?');
  const byPath = db.prepare<[string], ProjectRow>('SELECT * FROM projects WHERE path = ?');
  const all = db.prepare<[], ProjectRow>('SELECT * FROM projects ORDER BY last_opened_at DESC, rowid DESC');
  const insert = db.prepare(
    'INSERT INTO projects (id, path, name, created_at, last_opened_at) VALUES (@id, @path, @name, @at, @at)',
  );
  const touch = db.prepare('UPDATE projects SET last_opened_at = ? WHERE id = ?');
  const setName = db.prepare('UPDATE projects SET name = ? WHERE id = ?');
  const setPath = db.prepare('UPDATE projects SET path = ? WHERE id = ?');
  const del = db.prepare('DELETE FROM projects WHERE id = ?');

  const get = (id: string): Project | undefined => {
    const r = byId.get(id);
    return r ? toProject(r) : undefined;
  };

  return {
    open(path, name) {
      if (typeof path !== 'string' || !path.trim()) {
        throw new StoreError('A project needs a folder path; none was given. Pick a folder and try again.');
      }
      const abs = resolve(path);
      const at = now();
      const found = byPath.get(abs);
      if (found) {
        touch.run(at, found.id);
        if (name !== undefined && name.trim()) setName.run(name.trim(), found.id);
        return get(found.id)!;
      }
      const id = newProjectId();
      insert.run({ id, path: abs, name: name?.trim() || basename(abs) || abs, at });
      return get(id)!;
    },
    ensure(path, openedAt) {
      const abs = resolve(path);
      const found = byPath.get(abs);
      if (found) return toProject(found);
      const id = newProjectId();
      insert.run({ id, path: abs, name: basename(abs) || abs, at: openedAt });
      return get(id)!;
    },
    get,
    getByPath(path) {
      const r = byPath.get(resolve(path));
      return r ? toProject(r) : undefined;
    },
    list() {
      return all.all().map(toProject);
    },
    rename(id, name) {
      if (!name.trim()) throw new StoreError(`Project ${id}: the new name is empty; give a name with some text.`);
      if (setName.run(name.trim(), id).changes === 0) {
        throw new StoreError(`There is no project with id ${id}; reload the project list.`, { code: 'not_found' });
      }
      return get(id)!;
    },
    relocate(id, path) {
      const abs = resolve(path);
      const other = byPath.get(abs);
      if (other && other.id !== id) {
        const why = `The folder ${abs} is already the project "${other.name}"; open that one, or forget it first.`;
        throw new StoreError(why, { code: 'conflict' });
      }
      if (setPath.run(abs, id).changes === 0) {
        throw new StoreError(`There is no project with id ${id}; reload the project list.`, { code: 'not_found' });
      }
      return get(id)!;
    },
    remove(id) {
      return del.run(id).changes > 0;
    },
  };
}
