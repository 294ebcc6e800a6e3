// `npm start` (bin/start.mjs) on a machine where Electron's binary is present, end to end with real processes: a
// copy of the app whose node_modules is the repository's except `electron`, which has a stand-in binary (a shell
// script: as ELECTRON_RUN_AS_NODE it is Node, otherwise it records its launch) whose ABI is Node's, so the real
// prebuilt-binary path can be exercised here. A local mirror on 127.0.0.1 plays GitHub releases and Electron's
// headers server. Good binary: fetched, verified by loading it "under Electron", installed, app built and launched.
// Nothing fetchable: one line naming the reasons, then browser mode.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cli.js';

const VERSION = (
  JSON.parse(readFileSync(path.join(REPO, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
const ELECTRON = (
  JSON.parse(readFileSync(path.join(REPO, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }
).version;
const NODE_BUILD = path.join(REPO, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
const ABI = process.versions.modules;
/** the ABI prebuild-install names in the download URL: the real Electron's (node-abi), not the stand-in's */
const URL_ABI = readFileSync(path.join(REPO, 'node_modules', 'electron', 'abi_version'), 'utf8').trim();

const work = mkdtempSync(path.join(tmpdir(), 'floe-startdesk-'));
const served = new Map<string, Buffer>();
let server: http.Server;
let mirror = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body = served.get(req.url ?? '');
    if (!body) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dir = path.join(work, 'tar');
  mkdirSync(path.join(dir, 'build', 'Release'), { recursive: true });
  copyFileSync(NODE_BUILD, path.join(dir, 'build', 'Release', 'better_sqlite3.node'));
  execFileSync('tar', ['czf', path.join(work, 'prebuild.tgz'), '-C', dir, 'build']);
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(work, { recursive: true, force: true });
});

/** The app's sources and a node_modules of links to the repository's packages, with a stand-in Electron. */
function appWithElectron(name: string): string {
  const root = path.join(work, name);
  const skip = new Set(['node_modules', 'out', 'dist', '.git', 'test', 'e2e', 'bench', 'docs', 'native']);
  for (const d of readdirSync(REPO).filter((n) => !skip.has(n)))
    cpSync(path.join(REPO, d), path.join(root, d), { recursive: true });
  const nm = path.join(root, 'node_modules');
  mkdirSync(nm);
  for (const d of readdirSync(path.join(REPO, 'node_modules')).filter((n) => n !== 'electron')) {
    symlinkSync(path.join(REPO, 'node_modules', d), path.join(nm, d));
  }
  const electron = path.join(nm, 'electron');
  cpSync(path.join(REPO, 'node_modules', 'electron'), electron, { recursive: true });
  writeFileSync(path.join(electron, 'abi_version'), ABI); // this stand-in "Electron" has Node's ABI
  mkdirSync(path.join(electron, 'dist'));
  const bin = path.join(electron, 'dist', 'electron');
  writeFileSync(
    bin,
    `#!/bin/sh\nif [ "$ELECTRON_RUN_AS_NODE" = "1" ]; then exec "${process.execPath}" "$@"; fi\n` +
      `echo "$PWD|$*" > "${path.join(root, 'launched.txt')}"\nexit 0\n`,
  );
  chmodSync(bin, 0o755);
  writeFileSync(path.join(electron, 'path.txt'), 'electron');
  return root;
}

function startApp(
  root: string,
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string; url?: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'bin', 'start.mjs'), '--port', '0'], {
      cwd: root,
      env: {
        ...process.env,
        FLOE_HOME: path.join(root, 'home'),
        npm_config_cache: path.join(root, 'npm-cache'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    let err = '';
    const kill = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    };
    let url: string | undefined;
    let watchdog = setTimeout(kill, 170_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m && !url) {
        // browser mode came up: that is all this test needs. start.mjs runs `floe web` in a process group of its own
        // and passes SIGTERM on to it, so stop it that way (SIGKILL to start.mjs's group left `floe web` running);
        // the watchdog ends both groups if that does not happen within 10 s
        url = m[1];
        clearTimeout(watchdog);
        watchdog = setTimeout(kill, 10_000);
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      clearTimeout(watchdog);
      resolve(url ? { code: null, out, err, url } : { code, out, err });
    });
  });
}

describe('npm start with Electron present', () => {
  it('fetches and verifies better-sqlite3 for its ABI, builds the app and launches Electron', async () => {
    served.set(
      `/v${VERSION}/better-sqlite3-v${VERSION}-electron-v${URL_ABI}-${process.platform}-${process.arch}.tar.gz`,
      readFileSync(path.join(work, 'prebuild.tgz')),
    );
    const root = appWithElectron('good');
    const r = await startApp(root, {
      npm_config_better_sqlite3_binary_host: mirror,
      npm_config_disturl: `${mirror}/headers`,
    });
    expect(r.code, `${r.out}\n${r.err}`).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe(
      `Fetching better-sqlite3 ${VERSION} prebuilt for Electron ${ELECTRON} (ABI ${ABI}, ${process.platform}-${process.arch})…`,
    );
    expect(lines).toContain('Installed native/electron/better_sqlite3.node (prebuilt, verified).');
    expect(
      readFileSync(path.join(root, 'native', 'electron', 'better_sqlite3.node')).equals(readFileSync(NODE_BUILD)),
    ).toBe(true);
    expect(existsSync(path.join(root, 'out', 'main', 'index.js'))).toBe(true);
    expect(readFileSync(path.join(root, 'launched.txt'), 'utf8').trim()).toBe(`${root}|.`);
  }, 180_000);

  it('when better-sqlite3 can be neither fetched nor compiled: one line with the reasons, then browser mode', async () => {
    served.clear();
    const root = appWithElectron('offline');
    const r = await startApp(root, {
      npm_config_better_sqlite3_binary_host: mirror,
      npm_config_disturl: `${mirror}/headers`,
    });
    expect(r.url, `${r.out}\n${r.err}`).toBeDefined();
    const line = r.out
      .split('\n')
      .find((l) => l.startsWith("better-sqlite3 for Electron's ABI could not be fetched or compiled"));
    expect(line).toMatch(
      /^better-sqlite3 for Electron's ABI could not be fetched or compiled \(download failed: .+; compiling failed: .+\); starting browser mode instead\.$/,
    );
    expect(existsSync(path.join(root, 'launched.txt'))).toBe(false);
    // stopping start.mjs stopped the `floe web` it started (it runs in a process group of its own)
    const left = spawnSync('pgrep', ['-f', path.join(root, 'bin', 'floe.mjs')], { encoding: 'utf8' }).stdout.trim();
    expect(left, 'floe web still running after start.mjs stopped').toBe('');
    // the compile fallback ran in a staging copy: the Node build behind the linked package is untouched
    expect(existsSync(NODE_BUILD)).toBe(true);
  }, 180_000);
});
