// Provisioning of better-sqlite3 for Electron (main/electron/provision.ts) against a local mirror on 127.0.0.1 that
// plays GitHub releases for prebuild-install (npm_config_better_sqlite3_binary_host) and Electron's headers server
// (npm_config_disturl). Real prebuild-install, real node-gyp, real tarballs, real binaries. No Electron binary
// exists here, so the "good binary" case lets Node play the runtime (runtime node, its ABI, the Node build served):
// the same download, ABI check, load check and install path the Electron case takes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, copyFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abiOfBinary } from '../../main/electron/native.js';
import { provisionSqlite, type NativeTarget } from '../../main/electron/provision.js';
import { REPO } from '../helpers/cli.js';

const NODE_BUILD = path.join(REPO, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
const VERSION = (
  JSON.parse(readFileSync(path.join(REPO, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

const work = mkdtempSync(path.join(tmpdir(), 'floe-provision-'));
/** path → tarball bytes the mirror serves; everything else is 404 */
const served = new Map<string, Buffer>();
const requests: string[] = [];
let server: http.Server;
let mirror = '';

/** A prebuild tarball as prebuild-install unpacks it: build/Release/better_sqlite3.node. */
function tarball(binary: string): Buffer {
  const dir = mkdtempSync(path.join(work, 'tar-'));
  mkdirSync(path.join(dir, 'build', 'Release'), { recursive: true });
  copyFileSync(binary, path.join(dir, 'build', 'Release', 'better_sqlite3.node'));
  const out = path.join(dir, 'prebuild.tar.gz');
  execFileSync('tar', ['czf', out, '-C', dir, 'build']);
  return readFileSync(out);
}

const assetPath = (t: NativeTarget): string =>
  `/v${VERSION}/better-sqlite3-v${VERSION}-${t.runtime}-v${t.abi}-${t.platform}-${t.arch}.tar.gz`;

/** An app root whose node_modules is the repository's (better-sqlite3, prebuild-install), with no native/ yet. */
function appRoot(): string {
  const root = mkdtempSync(path.join(work, 'app-'));
  symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'));
  return root;
}

function env(): NodeJS.ProcessEnv {
  const cache = mkdtempSync(path.join(work, 'cache-'));
  return {
    ...process.env,
    npm_config_better_sqlite3_binary_host: mirror,
    npm_config_disturl: `${mirror}/headers`,
    npm_config_cache: cache, // prebuild-install's download cache
    npm_config_devdir: path.join(cache, 'gyp'), // node-gyp's headers cache: nothing cached, so it must ask the mirror
    npm_config_nodedir: '/usr', // the trap: must not reach node-gyp
  };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const body = served.get(req.url ?? '');
    if (!body) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(work, { recursive: true, force: true });
});

describe('provisioning better-sqlite3 for the desktop runtime from a mirror', () => {
  it('installs a good prebuilt binary after loading it, and keeps it on the next start', async () => {
    const node: NativeTarget = {
      runtime: 'node',
      target: process.versions.node,
      abi: process.versions.modules,
      platform: process.platform,
      arch: process.arch,
    };
    served.set(assetPath(node), tarball(NODE_BUILD));
    const root = appRoot();
    const lines: string[] = [];
    const r = await provisionSqlite({
      root,
      target: node,
      loader: process.execPath,
      env: env(),
      log: (l) => lines.push(l),
    });
    expect(r).toEqual({
      ok: true,
      path: path.join(root, 'native', 'electron', 'better_sqlite3.node'),
      source: 'prebuilt',
    });
    expect(requests).toContain(assetPath(node));
    expect(
      readFileSync(path.join(root, 'native', 'electron', 'better_sqlite3.node')).equals(readFileSync(NODE_BUILD)),
    ).toBe(true);
    expect(
      JSON.parse(readFileSync(path.join(root, 'native', 'electron', 'better_sqlite3.json'), 'utf8')),
    ).toMatchObject({ abi: node.abi, betterSqlite3: VERSION, source: 'prebuilt' });
    expect(lines[0]).toBe(
      `Fetching better-sqlite3 ${VERSION} prebuilt for Node ${node.target} (ABI ${node.abi}, ${node.platform}-${node.arch})…`,
    );
    expect(lines).toContain('Installed native/electron/better_sqlite3.node (prebuilt, verified).');
    expect(lines.some((l) => l.includes(`GET ${mirror}${assetPath(node)}`))).toBe(true);

    const before = requests.length;
    const again = await provisionSqlite({
      root,
      target: node,
      loader: process.execPath,
      env: env(),
      log: (l) => lines.push(l),
    });
    expect(again).toMatchObject({ ok: true, source: 'present' });
    expect(requests.length).toBe(before);
  });

  it('rejects a binary of the wrong ABI (a Node build offered for Electron), then falls back to compiling', async () => {
    const electron: NativeTarget = {
      runtime: 'electron',
      target: '45.5.0',
      abi: '150',
      platform: process.platform,
      arch: process.arch,
    };
    served.set(assetPath(electron), tarball(NODE_BUILD));
    const root = appRoot();
    // a wrong binary already in place is not trusted either
    mkdirSync(path.join(root, 'native', 'electron'), { recursive: true });
    copyFileSync(NODE_BUILD, path.join(root, 'native', 'electron', 'better_sqlite3.node'));
    const lines: string[] = [];
    const r = await provisionSqlite({ root, target: electron, loader: null, env: env(), log: (l) => lines.push(l) });
    expect(r.ok).toBe(false);
    const reason = (r as { reason: string }).reason;
    expect(reason).toMatch(
      /^download rejected: .*better_sqlite3\.node is built for ABI 115, but Electron 45\.5\.0 \(ABI 150, [^)]*\) needs ABI 150; compiling failed: /,
    );
    expect(lines[0]).toMatch(
      /^The existing native\/electron\/better_sqlite3\.node cannot be used \(.*ABI 115.*\); replacing it\.$/,
    );
    expect(lines).toContain(
      `Compiling better-sqlite3 ${VERSION} against the headers of Electron 45.5.0 (ABI 150, ${process.platform}-${process.arch}) (about a minute)…`,
    );
    // the fallback asked the mirror for Electron's headers (so nodedir=/usr did not reach node-gyp)
    expect(requests.some((u) => u.startsWith('/headers/v45.5.0/'))).toBe(true);
    // nothing wrong was installed: the old file is still the only one, and it is still the wrong one
    expect(abiOfBinary(readFileSync(path.join(root, 'native', 'electron', 'better_sqlite3.node')))).toBe('115');
    expect(existsSync(path.join(root, 'native', 'electron', 'better_sqlite3.json'))).toBe(false);
  });

  it('a failed download falls back to compiling and reports both, with a message', async () => {
    const electron: NativeTarget = {
      runtime: 'electron',
      target: '45.4.0',
      abi: '150',
      platform: process.platform,
      arch: process.arch,
    };
    served.clear();
    const root = appRoot();
    const lines: string[] = [];
    const r = await provisionSqlite({ root, target: electron, loader: null, env: env(), log: (l) => lines.push(l) });
    expect(requests).toContain(assetPath(electron)); // asked, got 404
    expect(r.ok).toBe(false);
    expect((r as { reason: string }).reason).toMatch(/^download failed: .+; compiling failed: Error: 404 .*headers/);
    expect(lines.find((l) => l.startsWith('No usable prebuilt binary'))).toMatch(
      /^No usable prebuilt binary \(download failed: .+\)\.$/,
    );
    expect(requests.some((u) => u.startsWith('/headers/v45.4.0/'))).toBe(true);
    expect(existsSync(path.join(root, 'native', 'electron', 'better_sqlite3.node'))).toBe(false);
  });
});

describe('abiOfBinary', () => {
  it('reads the module version of a real native module, and none from a file without one', () => {
    expect(abiOfBinary(readFileSync(NODE_BUILD))).toBe(process.versions.modules);
    expect(abiOfBinary(Buffer.from('just text'))).toBeNull();
    expect(abiOfBinary(Buffer.from('node_register_module_v115 node_register_module_v150'))).toBeNull();
  });
});
