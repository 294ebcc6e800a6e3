// The documentation states numbers the code decides (issue 26: the docs said 4 MiB frames and 0644 for
// system_config.yaml): the WebSocket frame limit in docs/api.md, and the modes of the files Floe creates in the
// FLOE_HOME table of docs/configuration.md, read back from files really created.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureConfigFile, ensureDefaultAgent } from '../../main/config/load.js';
import { MAX_FRAME_BYTES } from '../../main/web/frames.js';

const docs = resolve(import.meta.dirname, '../../docs');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The mode the FLOE_HOME table of docs/configuration.md gives for a file (last word of its row). */
function documentedMode(file: string): string | undefined {
  const text = readFileSync(join(docs, 'configuration.md'), 'utf8');
  const row = text.split('\n').find((l) => l.trim().startsWith(`${file} `));
  return row?.trim().split(/\s+/).at(-1);
}

describe('docs match the code', () => {
  it('docs/api.md names the WebSocket frame limit', () => {
    const text = readFileSync(join(docs, 'api.md'), 'utf8');
    expect(text).toContain(`Frames over ${MAX_FRAME_BYTES / 2 ** 20} MiB`);
  });

  it('the FLOE_HOME table gives the modes config.yaml and system_config.yaml are created with', () => {
    const home = mkdtempSync(join(tmpdir(), 'floe-docs-'));
    dirs.push(home);
    const mode = (f: string) => `0${(statSync(f).mode & 0o777).toString(8)}`;
    expect(documentedMode('config.yaml')).toBe(mode(ensureConfigFile(home)));
    expect(documentedMode('system_config.yaml')).toBe(mode(ensureDefaultAgent(home)));
  });
});

describe('docs/architecture.md', () => {
  const text = readFileSync(join(docs, 'architecture.md'), 'utf8');

  it('has a row for every folder of main/ and of its two deepest layers (environment, trace)', () => {
    const main = resolve(import.meta.dirname, '../../main');
    const folders = ['', 'environment/', 'trace/'].flatMap((sub) =>
      readdirSync(join(main, sub), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => `main/${sub}${e.name}/`),
    );
    expect(folders.length).toBeGreaterThan(15);
    expect(folders.filter((f) => !text.includes(`| \`${f}\` |`))).toEqual([]);
  });

  it('points at nothing outside the repository', () => {
    expect(text.match(/\/work\/|\.\.\/shared\//g)).toBeNull();
  });
});
