import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openStore, StoreError, type Store } from '../../../main/store/index.js';
import { tempDir } from './helpers.js';

let store: Store;
let dir: string;
let cleanup: () => void;
let tick = 0;
const clock = () => new Date(Date.UTC(2025, 0, 1, 0, 0, tick++)).toISOString();

beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  tick = 0;
  store = openStore(join(dir, 'floe.db'), { now: clock });
});
afterEach(() => {
  store.close();
  cleanup();
});

describe('projects', () => {
  it('adds a folder once (path unique), touching it on reopen, newest first', () => {
    const a = join(dir, 'alpha');
    const b = join(dir, 'beta');
    mkdirSync(a);
    mkdirSync(b);
    const pa = store.projects.open(a);
    expect(pa).toMatchObject({ path: a, name: 'alpha', missing: false, createdAt: '2025-01-01T00:00:00.000Z' });
    expect(pa.id).toMatch(/^project-[0-9a-f]{12}$/);
    const pb = store.projects.open(b, 'Beta project');
    expect(pb.name).toBe('Beta project');
    expect(store.projects.list().map((p) => p.id)).toEqual([pb.id, pa.id]);

    const again = store.projects.open(join(a, '.')); // same folder, other spelling
    expect(again.id).toBe(pa.id);
    expect(again.lastOpenedAt).toBe('2025-01-01T00:00:02.000Z');
    expect(again.createdAt).toBe(pa.createdAt);
    expect(store.projects.list().map((p) => p.id)).toEqual([pa.id, pb.id]);
    expect(store.projects.getByPath(a)?.id).toBe(pa.id);
  });

  it('computes missing on list when the folder is gone', () => {
    const a = join(dir, 'gone');
    mkdirSync(a);
    const p = store.projects.open(a);
    expect(store.projects.get(p.id)?.missing).toBe(false);
    rmSync(a, { recursive: true });
    expect(store.projects.list()[0]!.missing).toBe(true);
    expect(store.projects.get(p.id)?.missing).toBe(true);
  });

  it('ensure adds without touching an existing project', () => {
    const a = join(dir, 'x');
    const p = store.projects.open(a);
    const e = store.projects.ensure(a, '1999-01-01T00:00:00.000Z');
    expect(e.lastOpenedAt).toBe(p.lastOpenedAt);
    const n = store.projects.ensure(join(dir, 'y'), '1999-01-01T00:00:00.000Z');
    expect(n).toMatchObject({ name: 'y', lastOpenedAt: '1999-01-01T00:00:00.000Z', missing: true });
  });

  it('renames and removes; errors are clear', () => {
    const p = store.projects.open(join(dir, 'r'));
    expect(store.projects.rename(p.id, '  New name ').name).toBe('New name');
    expect(() => store.projects.rename('project-nope', 'x')).toThrow(/no project with id project-nope/);
    expect(() => store.projects.rename(p.id, '   ')).toThrow(StoreError);
    expect(() => store.projects.open('  ')).toThrow(/needs a folder path/);
    expect(store.projects.remove(p.id)).toBe(true);
    expect(store.projects.remove(p.id)).toBe(false);
    expect(store.projects.list()).toEqual([]);
  });
});
