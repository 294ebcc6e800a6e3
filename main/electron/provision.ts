// Provisioning of better-sqlite3 for Electron's ABI at native/electron/better_sqlite3.node, run by `npm start` and
// `floe desktop` before the window opens: keep a verified binary that is already there; otherwise fetch the
// prebuilt one with prebuild-install (download host from the standard mirror variables, e.g.
// npm_config_better_sqlite3_binary_host or npm_config_download), else compile it with node-gyp against Electron's
// headers (npm_config_nodedir removed, so ~/.npmrc's nodedir cannot smuggle in Node's headers). Every candidate is
// verified before it is installed: its ABI symbol must match and, when a loader is given, it must open a database
// under Electron with ELECTRON_RUN_AS_NODE=1. Runs in plain Node (never inside Electron); never touches the Node
// build in node_modules/better-sqlite3.
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { abiOfBinary, ELECTRON_SQLITE_BINARY } from './native.js';

/** The runtime a binary is wanted for. `runtime: 'node'` exists for tests that play Electron with Node itself. */
export interface NativeTarget {
  runtime: 'electron' | 'node';
  /** the runtime's version (Electron's, e.g. 45.5.0) */
  target: string;
  /** its NODE_MODULE_VERSION, e.g. 150 */
  abi: string;
  platform: string;
  arch: string;
}

export interface ProvisionOptions {
  root: string;
  target: NativeTarget;
  /** executable that loads the candidate to verify it (Electron's binary, run as Node); null: ABI check only */
  loader: string | null;
  env?: NodeJS.ProcessEnv;
  /** progress lines (no newline) */
  log?: (line: string) => void;
  /** bound on each step (download, compile, load check); default 180 s, FLOE_NATIVE_TIMEOUT_MS overrides */
  timeoutMs?: number;
}

export type ProvisionResult =
  { ok: true; path: string; source: 'present' | 'prebuilt' | 'compiled' } | { ok: false; reason: string };

/** The stamp written next to the binary: what it was made for, so a later start can trust it without a reload. */
interface Stamp {
  betterSqlite3: string;
  runtime: string;
  target: string;
  abi: string;
  platform: string;
  arch: string;
  source: string;
}

const SQLITE_STAMP = path.join('native', 'electron', 'better_sqlite3.json');

const label = (t: NativeTarget): string =>
  `${t.runtime === 'electron' ? 'Electron' : 'Node'} ${t.target} (ABI ${t.abi}, ${t.platform}-${t.arch})`;

/** Electron's version and ABI from node_modules/electron (package.json and abi_version); null when not installed. */
export function electronTarget(root: string, platform = process.platform, arch = process.arch): NativeTarget | null {
  const dir = path.join(root, 'node_modules', 'electron');
  try {
    const version = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
    const abi = readFileSync(path.join(dir, 'abi_version'), 'utf8').trim();
    if (!/^\d+$/.test(abi)) return null;
    return { runtime: 'electron', target: version, abi, platform, arch };
  } catch {
    return null;
  }
}

function sqlitePackage(root: string): { dir: string; version: string } {
  const dir = path.join(root, 'node_modules', 'better-sqlite3');
  const version = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  return { dir, version };
}

/** The child environment for native builds: npm's nodedir removed (it would make node-gyp use Node's headers). */
function buildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env)) if (k.toLowerCase() !== 'npm_config_nodedir') out[k] = v;
  delete out.ELECTRON_RUN_AS_NODE;
  return out;
}

/** node-gyp's script: the one named by npm, a local install, or the copy bundled with npm. */
function nodeGypScript(root: string, env: NodeJS.ProcessEnv, execPath = process.execPath): string | null {
  const rel = path.join('node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  const candidates = [
    env.npm_config_node_gyp,
    path.join(root, rel),
    env.npm_execpath ? path.join(path.dirname(env.npm_execpath), '..', rel) : undefined,
    path.join(path.dirname(execPath), '..', 'lib', 'node_modules', 'npm', rel),
    path.join(path.dirname(execPath), 'node_modules', 'npm', rel),
  ];
  return candidates.find((c): c is string => !!c && existsSync(c)) ?? null;
}

interface Ran {
  code: number | null;
  stderr: string;
  timedOut: boolean;
  error?: string;
}

/** Runs a child to completion, passing each stderr line to `onLine`; kills it after `timeoutMs`. */
interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  onLine?: (l: string) => void;
}

function run(cmd: string, args: string[], o: RunOptions): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: o.cwd, env: o.env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let pending = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, o.timeoutMs);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      stderr += d;
      pending += d;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const l of lines) o.onLine?.(l);
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({ code: null, stderr, timedOut, error: e.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (pending) o.onLine?.(pending);
      resolve({ code, stderr, timedOut });
    });
  });
}

/** The most telling line of a child's stderr, for one-line reasons: the first thrown error, else the last complaint. */
function lastError(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const thrown = lines.map((l) => /\b([A-Za-z]*Error: .*)$/.exec(l)?.[1]).find(Boolean);
  const err = thrown ?? [...lines].reverse().find((l) => /error|ERR!|warn|cannot|failed|not found/i.test(l));
  return (err ?? lines.at(-1) ?? 'no output').slice(0, 300);
}

const loadScript = [
  'const [, file, pkg] = process.argv;',
  'const Database = require(pkg);',
  "const db = new Database(':memory:', { nativeBinding: file });",
  "if (db.prepare('select 41 + 1 as x').get().x !== 42) throw new Error('unexpected result');",
  'db.close();',
].join('\n');

/**
 * Whether `file` is a usable build for `target`: its ABI symbol matches, and (with a loader) it opens an in-memory
 * database under that runtime. Returns null when it is, else the reason.
 */
async function verifyBinary(
  file: string,
  target: NativeTarget,
  loader: string | null,
  o: { root: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<string | null> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    return `cannot read ${file}: ${(e as Error).message}`;
  }
  const abi = abiOfBinary(bytes);
  if (abi !== target.abi) {
    return `${file} is built for ABI ${abi ?? 'unknown'}, but ${label(target)} needs ABI ${target.abi}`;
  }
  if (!loader) return null;
  const env = { ...buildEnv(o.env ?? process.env), ELECTRON_RUN_AS_NODE: '1' };
  const args = ['-e', loadScript, file, sqlitePackage(o.root).dir];
  const r = await run(loader, args, { cwd: o.root, env, timeoutMs: o.timeoutMs ?? 60_000 });
  if (r.code === 0) return null;
  return `${file} does not load under ${label(target)}: ${r.error ?? (r.timedOut ? 'timed out' : lastError(r.stderr))}`;
}

function readStamp(root: string): Stamp | null {
  try {
    return JSON.parse(readFileSync(path.join(root, SQLITE_STAMP), 'utf8')) as Stamp;
  } catch {
    return null;
  }
}

function stampFits(s: Stamp | null, t: NativeTarget, version: string): boolean {
  return (
    !!s &&
    s.betterSqlite3 === version &&
    s.runtime === t.runtime &&
    s.target === t.target &&
    s.abi === t.abi &&
    s.platform === t.platform &&
    s.arch === t.arch
  );
}

/** Fetches the prebuilt binary into a staging folder with prebuild-install; returns its path or the reason. */
/** What a provisioning step gets: the app, the target, its bound, and a staging folder of its own. */
interface Step {
  root: string;
  target: NativeTarget;
  timeoutMs: number;
  env: NodeJS.ProcessEnv;
  log: (l: string) => void;
  stage: string;
}

type StepResult = { file: string } | { reason: string };

async function fetchPrebuilt(o: Step): Promise<StepResult> {
  const pkg = sqlitePackage(o.root);
  const cli = path.join(o.root, 'node_modules', 'prebuild-install', 'bin.js');
  if (!existsSync(cli)) return { reason: `prebuild-install is not installed (${cli}); run npm install` };
  copyFileSync(path.join(pkg.dir, 'package.json'), path.join(o.stage, 'package.json'));
  const t = o.target;
  const args = [cli, '--runtime', t.runtime, '--target', t.target, '--arch', t.arch, '--platform', t.platform];
  args.push('--verbose');
  const r = await run(process.execPath, args, {
    cwd: o.stage,
    env: buildEnv(o.env),
    timeoutMs: o.timeoutMs,
    onLine: (l) => {
      const m = /prebuild-install (?:http|WARN|warn)\s+(.*)$/.exec(l);
      if (m) o.log(`  ${m[1]!.trim()}`);
    },
  });
  const file = path.join(o.stage, 'build', 'Release', 'better_sqlite3.node');
  if (r.code === 0 && existsSync(file)) return { file };
  const why = r.error ?? (r.timedOut ? `no answer within ${o.timeoutMs} ms` : lastError(r.stderr));
  return { reason: why.replace(/^prebuild-install (?:warn|WARN|ERR!|info) \w+ /, '') };
}

/** Compiles better-sqlite3 against the target's headers in a staging copy; returns the binary or the reason. */
async function compile(o: Step): Promise<StepResult> {
  const gyp = nodeGypScript(o.root, o.env);
  if (!gyp) return { reason: 'node-gyp was not found (it comes with npm)' };
  const pkg = sqlitePackage(o.root);
  const src = path.join(o.stage, 'better-sqlite3');
  // copy the real folder (node_modules/better-sqlite3 may be a link, e.g. with pnpm): node-gyp's rebuild cleans
  // build/ where it runs, and that must never be the Node build in node_modules
  const real = realpathSync(pkg.dir);
  const skipTop = new Set(['build', 'node_modules']);
  const keep = (p: string) => !skipTop.has(path.relative(real, p).split(path.sep)[0]!);
  cpSync(real, src, { recursive: true, dereference: true, filter: keep });
  if (lstatSync(src).isSymbolicLink() || realpathSync(src) === real) {
    return { reason: `could not copy ${real} to a staging folder` };
  }
  const t = o.target;
  const args = [gyp, 'rebuild', '--release', `--target=${t.target}`, `--arch=${t.arch}`];
  if (t.runtime === 'electron') args.push(`--dist-url=${o.env.npm_config_disturl || 'https://electronjs.org/headers'}`);
  const r = await run(process.execPath, args, {
    cwd: src,
    env: buildEnv(o.env),
    timeoutMs: o.timeoutMs,
    onLine: (l) => {
      if (/gyp http|gyp ERR! stack \w*Error:/.test(l)) o.log(`  ${l.trim()}`);
    },
  });
  const file = path.join(src, 'build', 'Release', 'better_sqlite3.node');
  if (r.code === 0 && existsSync(file)) return { file };
  return { reason: r.error ?? (r.timedOut ? `not done within ${o.timeoutMs} ms` : lastError(r.stderr)) };
}

function install(root: string, file: string, stamp: Stamp): string {
  const dest = path.join(root, ELECTRON_SQLITE_BINARY);
  mkdirSync(path.dirname(dest), { recursive: true });
  const tmp = `${dest}.${process.pid}.tmp`;
  copyFileSync(file, tmp);
  renameSync(tmp, dest);
  writeFileSync(path.join(root, SQLITE_STAMP), JSON.stringify(stamp, null, 2) + '\n');
  return dest;
}

/** Brings native/electron/better_sqlite3.node for `target` into place (see the header). Never throws. */
export async function provisionSqlite(opts: ProvisionOptions): Promise<ProvisionResult> {
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((l: string) => process.stdout.write(`${l}\n`));
  const envTimeout = Number(env.FLOE_NATIVE_TIMEOUT_MS);
  const timeoutMs = opts.timeoutMs ?? (Number.isFinite(envTimeout) && envTimeout > 0 ? envTimeout : 180_000);
  const { root, target, loader } = opts;
  let version: string;
  try {
    version = sqlitePackage(root).version;
  } catch {
    return { ok: false, reason: 'better-sqlite3 is not installed in node_modules; run npm install' };
  }
  const dest = path.join(root, ELECTRON_SQLITE_BINARY);
  const vo = { root, env, timeoutMs };
  if (existsSync(dest)) {
    // a stamped binary whose ABI still matches is trusted; anything else is loaded once before it is kept
    const fits = stampFits(readStamp(root), target, version);
    const problem = await verifyBinary(dest, target, fits ? null : loader, vo);
    if (!problem) {
      const stamp: Stamp = { betterSqlite3: version, ...target, source: 'present' };
      if (!fits) writeFileSync(path.join(root, SQLITE_STAMP), JSON.stringify(stamp, null, 2) + '\n');
      return { ok: true, path: dest, source: 'present' };
    }
    log(`The existing ${ELECTRON_SQLITE_BINARY} cannot be used (${problem}); replacing it.`);
  }

  const stage = mkdtempSync(path.join(tmpdir(), 'floe-native-'));
  const reasons: string[] = [];
  try {
    const steps = { root, target, timeoutMs, env, log, stage };
    log(`Fetching better-sqlite3 ${version} prebuilt for ${label(target)}…`);
    const pre = await fetchPrebuilt(steps);
    if ('file' in pre) {
      log('Verifying the downloaded binary…');
      const problem = await verifyBinary(pre.file, target, loader, vo);
      if (!problem) {
        const p = install(root, pre.file, { betterSqlite3: version, ...target, source: 'prebuilt' });
        log(`Installed ${ELECTRON_SQLITE_BINARY} (prebuilt, verified).`);
        return { ok: true, path: p, source: 'prebuilt' };
      }
      reasons.push(`download rejected: ${problem}`);
    } else {
      reasons.push(`download failed: ${pre.reason}`);
    }
    log(`No usable prebuilt binary (${reasons.at(-1)}).`);
    log(`Compiling better-sqlite3 ${version} against the headers of ${label(target)} (about a minute)…`);
    const built = await compile(steps);
    if ('file' in built) {
      const problem = await verifyBinary(built.file, target, loader, vo);
      if (!problem) {
        const p = install(root, built.file, { betterSqlite3: version, ...target, source: 'compiled' });
        log(`Installed ${ELECTRON_SQLITE_BINARY} (compiled, verified).`);
        return { ok: true, path: p, source: 'compiled' };
      }
      reasons.push(`compiled binary rejected: ${problem}`);
    } else {
      reasons.push(`compiling failed: ${built.reason}`);
    }
    return { ok: false, reason: reasons.join('; ') };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
