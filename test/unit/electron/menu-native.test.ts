// The menu template (dev-only developer tools, Open Folder wiring) and the choice of the Electron build of
// better-sqlite3 (real files in a temp folder).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { menuTemplate } from '../../../main/electron/menu.js';
import { electronNativeBinding, nativeBindingCandidates, nativeHint } from '../../../main/electron/native.js';

const roles = (items: any[]): string[] =>
  items.flatMap((i) => [i.role, ...(Array.isArray(i.submenu) ? roles(i.submenu) : [])]).filter(Boolean);

describe('menuTemplate', () => {
  it('has File, Edit, View, Window with the standard roles; reload and developer tools only in development', () => {
    const prod = menuTemplate({ dev: false, platform: 'linux', openFolder: () => undefined });
    expect(prod.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Window']);
    const sub = (t: any[], label: string) => roles(t.find((m) => m.label === label).submenu);
    expect(sub(prod, 'Edit')).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']);
    expect(sub(prod, 'View')).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
    expect(sub(prod, 'Window')).toEqual(['minimize', 'close']);
    expect(roles(prod)).toContain('quit');
    const dev = menuTemplate({ dev: true, platform: 'linux', openFolder: () => undefined });
    expect(sub(dev, 'View')).toEqual([
      'reload',
      'forceReload',
      'toggleDevTools',
      'resetZoom',
      'zoomIn',
      'zoomOut',
      'togglefullscreen',
    ]);
    expect(sub(menuTemplate({ dev: false, platform: 'darwin', openFolder: () => undefined }), 'Window')).toEqual([
      'minimize',
      'zoom',
      'front',
    ]);
  });

  it('Open Folder… calls openFolder; macOS gets an app menu', () => {
    const openFolder = vi.fn();
    const t = menuTemplate({ dev: false, platform: 'darwin', openFolder });
    expect(t[0]!.label).toBe('Floe');
    const file = t.find((m) => m.label === 'File')!.submenu as any[];
    const item = file.find((i) => i.id === 'open-folder');
    expect(item.label).toBe('Open Folder…');
    item.click();
    expect(openFolder).toHaveBeenCalledTimes(1);
  });
});

describe('electron native binding', () => {
  const dir = mkdtempSync(join(tmpdir(), 'floe-native-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is used only under Electron and only when the file exists', () => {
    const bin = join(dir, 'native', 'electron', 'better_sqlite3.node');
    expect(
      electronNativeBinding({ versions: { node: '22.0.0', electron: '45.5.0' }, appRoot: dir, exists: existsSync }),
    ).toBeUndefined();
    mkdirSync(join(dir, 'native', 'electron'), { recursive: true });
    writeFileSync(bin, 'not really a module');
    expect(
      electronNativeBinding({ versions: { node: '22.0.0', electron: '45.5.0' }, appRoot: dir, exists: existsSync }),
    ).toBe(bin);
    expect(electronNativeBinding({ versions: { node: '20.19.0' }, appRoot: dir, exists: existsSync })).toBeUndefined();
  });

  it('prefers the unpacked copy inside a packaged app', () => {
    expect(nativeBindingCandidates('/opt/Floe/resources/app.asar')).toEqual([
      join('/opt/Floe/resources/app.asar.unpacked/native/electron/better_sqlite3.node'),
      join('/opt/Floe/resources/app.asar/native/electron/better_sqlite3.node'),
    ]);
    expect(nativeBindingCandidates('/src/floe')).toEqual([join('/src/floe/native/electron/better_sqlite3.node')]);
  });

  it('the hint names the missing file and the way out', () => {
    const msg = nativeHint(undefined, '/src/floe');
    expect(msg).toContain(join('/src/floe/native/electron/better_sqlite3.node'));
    expect(msg).toContain('docs/troubleshooting.md');
    expect(msg).toContain('floe web');
  });
});
