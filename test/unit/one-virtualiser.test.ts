// One list virtualiser in the app (issue 24): react-virtuoso draws the chat transcript and the trace timeline.
// Fails when package.json names a second virtualising library or a source file imports one. The first block shows
// the check catching a planted second virtualiser, so a green run means something.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importEdges, sourceFiles } from '../helpers/import-graph.js';

const repo = path.resolve(import.meta.dirname, '../..');
const THE_ONE = 'react-virtuoso';

/** Libraries whose job is drawing only the visible part of a long list. */
const VIRTUALISER =
  /^(react-virtuoso|@virtuoso\.dev\/.+|@tanstack\/(react-|solid-|vue-|svelte-|angular-|lit-)?virtual(-core)?|react-window|react-window-infinite-loader|react-virtualized(-auto-sizer)?|react-virtual|virtua|react-cool-virtual|rc-virtual-list|react-tiny-virtual-list|react-infinite|@egjs\/react-infinitegrid|vue-virtual-scroller)$/;

/** Names of virtualisers other than THE_ONE among `names` (package names or import specifiers). */
function others(names: readonly string[]): string[] {
  const pkg = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
  return [...new Set(names.map(pkg))].filter((n) => VIRTUALISER.test(n) && n !== THE_ONE).sort();
}

describe('the check', () => {
  it('names a planted second virtualiser and lets the one through', () => {
    expect(others(['react', 'react-virtuoso', '@tanstack/react-virtual', 'react-window/dist/x'])).toEqual([
      '@tanstack/react-virtual',
      'react-window',
    ]);
    expect(others(['react-virtuoso', '@tanstack/react-query', 'zustand'])).toEqual([]);
  });
});

describe('the real tree', () => {
  it('package.json and its lock file depend on react-virtuoso and no other virtualiser', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
    const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.optionalDependencies });
    expect(names).toContain(THE_ONE);
    expect(others(names)).toEqual([]);
    const lock = JSON.parse(fs.readFileSync(path.join(repo, 'package-lock.json'), 'utf8'));
    const root = lock.packages?.[''] ?? {};
    expect(others(Object.keys({ ...root.dependencies, ...root.devDependencies }))).toEqual([]);
  });
  it('no source file imports another virtualiser', () => {
    const files = sourceFiles(repo, ['renderer/src', 'shared', 'main', 'preload']);
    const bare = importEdges(repo, files).filter((e) => !e.local);
    const offenders = bare.filter((e) => others([e.to]).length).map((e) => `${e.from} imports ${e.to}`);
    expect(offenders).toEqual([]);
    expect(bare.some((e) => e.to === THE_ONE)).toBe(true);
  });
});
