import { describe, it, expect } from 'vitest';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { StoreError } from '../../../main/store/index.js';
import { useTestStore } from './helpers.js';

const t = useTestStore();

describe('projects', () => {
  it('adds a folder once (path unique), touching it on reopen, newest first', () => {
    const a = join(t.dir, 'alpha');
    const b = join(t.dir, 'beta');
    mkdirSync(a);
    mkdirSync(b);
    const pa = t.store.projects.open(a);
    expect(pa).toMatchObject({ path: a, name: 'alpha', missing: false, createdAt: '2025-01-01T00:00:00.000Z' });
    expect(pa.id).toMatch(/^project-[0-9a-f]{12}$/);
    const pb = t.store.projects.open(b, 'Beta project');
    expect(pb.name).toBe('Beta project');
    expect(t.store.projects.list().map((p) => p.id)).toEqual([pb.id, pa.id]);

    const again = t.store.projects.open(join(a, '.')); // same folder, other spelling
    expect(again.id).toBe(pa.id);
    expect(again.lastOpenedAt).toBe('2025-01-01T00:00:02.000Z');
    expect(again.createdAt).toBe(pa.createdAt);
    expect(t.store.projects.list().map((p) => p.id)).toEqual([pa.id, pb.id]);
    expect(t.store.projects.getByPath(a)?.id).toBe(pa.id);
  });

  it('computes missing on list when the folder is gone', () => {
    const a = join(t.dir, 'gone');
    mkdirSync(a);
    const p = t.store.projects.open(a);
    expect(t.store.projects.get(p.id)?.missing).toBe(false);
    rmSync(a, { recursive: true });
    expect(t.store.projects.list()[0]!.missing).toBe(true);
    expect(t.store.projects.get(p.id)?.missing).toBe(true);
  });

  it('ensure adds without touching an existing project', () => {
    const a = join(t.dir, 'x');
    const p = t.store.projects.open(a);
    const e = t.store.projects.ensure(a, '1999-01-01T00:00:00.000Z');
    expect(e.lastOpenedAt).toBe(p.lastOpenedAt);
    const n = t.store.projects.ensure(join(t.dir, 'y'), '1999-01-01T00:00:00.000Z');
    expect(n).toMatchObject({ name: 'y', lastOpenedAt: '1999-01-01T00:00:00.000Z', missing: true });
  });

  it('renames and removes; errors are clear', () => {
    const p = t.store.projects.open(join(t.dir, 'r'));
    expect(t.store.projects.rename(p.id, '  New name ').name).toBe('New name');
    expect(() => t.store.projects.rename('project-nope', 'x')).toThrow(/no project with id project-nope/);
    expect(() => t.store.projects.rename(p.id, '   ')).toThrow(StoreError);
    expect(() => t.store.projects.open('  ')).toThrow(/needs a folder path/);
    expect(t.store.projects.remove(p.id)).toBe(true);
    expect(t.store.projects.remove(p.id)).toBe(false);
    expect(t.store.projects.list()).toEqual([]);
  });
});
