// `floe desktop` / npm start's desktop half on real files and real processes in a temp folder: finding Electron's
// binary through path.txt, the one-shot installer, the plain message when it is missing, and launching the binary.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  desktopCommand,
  downloadAllowed,
  electronBinaryPath,
  findOrFetchElectron,
  launchElectron,
  NO_BINARY_MESSAGE,
  NO_SQLITE_MESSAGE,
  tryInstallElectron,
} from '../../../main/cli/desktop.js';

const dirs: string[] = [];
function tempRoot(): string {
  const d = mkdtempSync(join(tmpdir(), 'floe-desktop-'));
  dirs.push(d);
  mkdirSync(join(d, 'node_modules', 'electron'), { recursive: true });
  return d;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A stand-in Electron: a shell script that records its arguments and working folder, then exits 3. */
function fakeBinary(root: string): string {
  const bin = join(root, 'node_modules', 'electron', 'dist', 'electron');
  mkdirSync(join(root, 'node_modules', 'electron', 'dist'), { recursive: true });
  writeFileSync(bin, `#!/bin/sh\necho "$PWD|$*|$ELECTRON_RUN_AS_NODE" > "${join(root, 'ran.txt')}"\nexit 3\n`);
  chmodSync(bin, 0o755);
  writeFileSync(join(root, 'node_modules', 'electron', 'path.txt'), 'electron');
  return bin;
}

describe('electronBinaryPath', () => {
  it('needs path.txt and the file it names under dist/', () => {
    const root = tempRoot();
    expect(electronBinaryPath(root)).toBeNull();
    writeFileSync(join(root, 'node_modules', 'electron', 'path.txt'), 'electron');
    expect(electronBinaryPath(root)).toBeNull();
    const bin = fakeBinary(root);
    expect(electronBinaryPath(root)).toBe(bin);
  });
});

describe('fetching the binary', () => {
  it("runs electron's installer once and reports whether the binary is there afterwards", () => {
    const root = tempRoot();
    // an installer that fails (as offline)
    writeFileSync(join(root, 'node_modules', 'electron', 'install.js'), 'process.exit(1)\n');
    expect(tryInstallElectron(root, { quiet: true, timeoutMs: 10_000 })).toBe(false);
    // an installer that "downloads" (creates dist/electron and path.txt)
    const dist = join(root, 'node_modules', 'electron', 'dist').replace(/\\/g, '/');
    writeFileSync(
      join(root, 'node_modules', 'electron', 'install.js'),
      `const fs=require('fs');fs.mkdirSync(${JSON.stringify(dist)},{recursive:true});fs.writeFileSync(${JSON.stringify(dist + '/electron')},'');fs.writeFileSync(${JSON.stringify(dist + '/../path.txt')},'electron');\n`,
    );
    writeFileSync(join(root, 'node_modules', 'electron', 'package.json'), '{"type":"commonjs"}');
    expect(findOrFetchElectron(root, { download: false })).toBeNull();
    expect(findOrFetchElectron(root, { download: true, timeoutMs: 10_000 })).toBe(
      join(root, 'node_modules', 'electron', 'dist', 'electron'),
    );
  });

  it('gives up when the installer hangs past the timeout', () => {
    const root = tempRoot();
    writeFileSync(join(root, 'node_modules', 'electron', 'install.js'), 'setTimeout(() => {}, 60000)\n');
    const t0 = Date.now();
    expect(tryInstallElectron(root, { quiet: true, timeoutMs: 500 })).toBe(false);
    expect(Date.now() - t0).toBeLessThan(10_000);
  });

  it('FLOE_ELECTRON_DOWNLOAD=0 turns downloading off', () => {
    expect(downloadAllowed({ FLOE_ELECTRON_DOWNLOAD: '0' })).toBe(false);
    expect(downloadAllowed({})).toBe(true);
  });
});

const nativeOk = async () => ({
  ok: true as const,
  path: '/x/native/electron/better_sqlite3.node',
  source: 'present' as const,
});

describe('desktopCommand', () => {
  it('stops before building when better-sqlite3 for Electron cannot be provided, saying why and what to do', async () => {
    const err = vi.fn();
    const build = vi.fn(() => 0);
    const provision = async () => ({
      ok: false as const,
      reason: 'download failed: HTTP 404; compiling failed: Error: 404',
    });
    const code = await desktopCommand({ root: tempRoot(), find: () => '/x/electron', provision, build, err });
    expect(code).toBe(1);
    expect(build).not.toHaveBeenCalled();
    expect(err.mock.calls.map((c) => c[0]).join('')).toBe(
      `floe: ${NO_SQLITE_MESSAGE}: download failed: HTTP 404; compiling failed: Error: 404.\n` +
        'See docs/troubleshooting.md ("Native modules"), or use browser mode: floe web\n',
    );
  });

  it('--prepare stops after provisioning, without building or launching', async () => {
    const build = vi.fn(() => 0);
    const launch = vi.fn(async () => 0);
    const code = await desktopCommand({
      root: tempRoot(),
      find: () => '/x/electron',
      provision: nativeOk,
      build,
      launch,
      prepareOnly: true,
    });
    expect(code).toBe(0);
    expect(build).not.toHaveBeenCalled();
    expect(launch).not.toHaveBeenCalled();
  });

  it('says plainly that the binary is missing and exits 1, without building', async () => {
    const err = vi.fn();
    const build = vi.fn(() => 0);
    const code = await desktopCommand({ root: tempRoot(), find: () => null, build, err });
    expect(code).toBe(1);
    expect(build).not.toHaveBeenCalled();
    const msg = err.mock.calls.map((c) => c[0]).join('');
    expect(msg).toContain(NO_BINARY_MESSAGE);
    expect(msg).toContain('floe web');
  });

  it('stops with a message when the build fails', async () => {
    const err = vi.fn();
    const launch = vi.fn(async () => 0);
    const code = await desktopCommand({
      root: tempRoot(),
      find: () => '/x/electron',
      provision: nativeOk,
      build: () => 2,
      launch,
      err,
    });
    expect(code).toBe(1);
    expect(launch).not.toHaveBeenCalled();
    expect(err.mock.calls[0]![0]).toContain('electron-vite build exited with 2');
  });

  it('builds, then launches the binary with "." in the app root and returns its exit code', async () => {
    const root = tempRoot();
    const bin = fakeBinary(root);
    const order: string[] = [];
    const saved = process.env.ELECTRON_RUN_AS_NODE;
    process.env.ELECTRON_RUN_AS_NODE = '1'; // must not reach Electron, or it would start as plain Node
    const code = await desktopCommand({
      root,
      find: (r) => electronBinaryPath(r),
      provision: async (b, r) => (order.push(`provision ${b === bin} ${r === root}`), nativeOk()),
      build: () => (order.push('build'), 0),
      launch: (b, r) => (order.push('launch'), launchElectron(b, r)),
    });
    if (saved === undefined) delete process.env.ELECTRON_RUN_AS_NODE;
    else process.env.ELECTRON_RUN_AS_NODE = saved;
    expect(order).toEqual(['provision true true', 'build', 'launch']);
    expect(code).toBe(3);
    expect(bin).toBe(electronBinaryPath(root));
    const [cwd, args, runAsNode] = readFileSync(join(root, 'ran.txt'), 'utf8').trim().split('|');
    expect(cwd).toBe(root);
    expect(args).toBe('.');
    expect(runAsNode).toBe('');
  });
});
