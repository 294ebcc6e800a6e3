// Programs Floe runs as files of their own (main/**/*.mjs, e.g. the sandbox's command server) must reach a packaged
// desktop app as real files: listed in electron-builder.yml's files and asarUnpack, and named by their unpacked path.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { unpackedPath } from '../../../main/os/asar.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function programs(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return programs(rel);
    return e.name.endsWith('.mjs') ? [rel] : [];
  });
}

describe('unpackedPath', () => {
  it('names the unpacked copy of a file inside the app archive, and leaves other paths alone', () => {
    expect(unpackedPath('/opt/Floe/resources/app.asar/main/environment/sandbox/pty-server.mjs')).toBe(
      '/opt/Floe/resources/app.asar.unpacked/main/environment/sandbox/pty-server.mjs',
    );
    expect(unpackedPath('/opt/Floe/resources/app.asar.unpacked/x.mjs')).toBe(
      '/opt/Floe/resources/app.asar.unpacked/x.mjs',
    );
    expect(unpackedPath('/home/me/floe/main/x.mjs')).toBe('/home/me/floe/main/x.mjs');
    expect(unpackedPath('/home/me/app.asarx/x.mjs')).toBe('/home/me/app.asarx/x.mjs');
  });
});

describe('electron-builder.yml', () => {
  const config = parse(readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8')) as {
    files: string[];
    asarUnpack: string[];
  };
  const found = programs('main');

  it('finds the programs (the sandbox command server among them)', () => {
    expect(found).toContain('main/environment/sandbox/pty-server.mjs');
  });

  it('packs every program of main/ and unpacks it from the archive', () => {
    for (const p of found) {
      expect(config.files, `${p} in files`).toContain(p);
      expect(config.asarUnpack, `${p} in asarUnpack`).toContain(p);
    }
  });
});
