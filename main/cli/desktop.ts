// `floe desktop` and the desktop half of `npm start`: find Electron's binary (node_modules/electron/path.txt names
// it under dist/), or try to fetch it once with electron's own installer (fails fast offline), provision
// better-sqlite3 for Electron's ABI (main/electron/provision.ts), then build the app with electron-vite and launch
// it. Says plainly what is missing. Must not start the host itself (the Electron main process does) nor fall back
// to browser mode (bin/start.mjs decides that).
import { spawn, spawnSync, type SpawnSyncOptions, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { electronTarget, provisionSqlite, type ProvisionResult } from '../electron/provision.js';
import { EXIT_FAILED, EXIT_OK } from './exit.js';

/** The checkout / installed package root (where package.json and node_modules are). */
export const APP_ROOT = path.resolve(import.meta.dirname, '../..');

export const NO_BINARY_MESSAGE = "Electron's binary is not installed and could not be downloaded";

type Runner = (
  cmd: string,
  args: string[],
  opts: SpawnSyncOptions,
) => Pick<SpawnSyncReturns<Buffer>, 'status' | 'error'>;

/** The Electron executable when present: `node_modules/electron/path.txt` and the file it names under dist/. */
export function electronBinaryPath(root: string = APP_ROOT): string | null {
  const dir = path.join(root, 'node_modules', 'electron');
  let rel: string;
  try {
    rel = readFileSync(path.join(dir, 'path.txt'), 'utf8').trim();
  } catch {
    return null;
  }
  if (!rel) return null;
  const full = path.join(dir, 'dist', rel);
  return existsSync(full) ? full : null;
}

/** Whether a download may be attempted: FLOE_ELECTRON_DOWNLOAD=0 turns it off (offline machines, tests). */
export function downloadAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.FLOE_ELECTRON_DOWNLOAD !== '0';
}

export function downloadTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.FLOE_ELECTRON_DOWNLOAD_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? n : 120_000;
}

/**
 * Runs electron's `install-electron` (node_modules/electron/install.js) once with a timeout; true when the binary
 * is present afterwards. Offline it fails within a second ("fetch failed").
 */
export function tryInstallElectron(
  root: string = APP_ROOT,
  opts: { timeoutMs?: number; quiet?: boolean; run?: Runner } = {},
): boolean {
  const installer = path.join(root, 'node_modules', 'electron', 'install.js');
  if (!existsSync(installer)) return false;
  const run: Runner = opts.run ?? ((cmd, args, o) => spawnSync(cmd, args, o));
  const r = run(process.execPath, [installer], {
    cwd: root,
    stdio: opts.quiet ? 'ignore' : ['ignore', 'inherit', 'ignore'],
    timeout: opts.timeoutMs ?? downloadTimeoutMs(),
  });
  return r.status === 0 && electronBinaryPath(root) !== null;
}

/** The binary, fetching it first when allowed; null when it is not there and could not be fetched. */
export function findOrFetchElectron(
  root: string = APP_ROOT,
  opts: { download?: boolean; timeoutMs?: number; run?: Runner } = {},
): string | null {
  const found = electronBinaryPath(root);
  if (found) return found;
  if (!(opts.download ?? downloadAllowed())) return null;
  return tryInstallElectron(root, { timeoutMs: opts.timeoutMs, quiet: true, run: opts.run })
    ? electronBinaryPath(root)
    : null;
}

/** `electron-vite build` (main, preload, renderer → out/); returns its exit status. */
export function buildDesktop(root: string = APP_ROOT, run: Runner = (cmd, args, o) => spawnSync(cmd, args, o)): number {
  const cli = path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  if (!existsSync(cli)) {
    process.stderr.write(`floe: electron-vite is not installed (${cli}); run npm install first.\n`);
    return EXIT_FAILED;
  }
  const r = run(process.execPath, [cli, 'build'], { cwd: root, stdio: 'inherit' });
  if (r.error) process.stderr.write(`floe: could not run electron-vite: ${r.error.message}\n`);
  return r.status ?? EXIT_FAILED;
}

/** Launches `electron .` in the app root; resolves with Electron's exit code. Ctrl-C / SIGTERM are passed on. */
export function launchElectron(binary: string, root: string = APP_ROOT, args: string[] = []): Promise<number> {
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  return new Promise((resolve) => {
    const child = spawn(binary, ['.', ...args], { cwd: root, stdio: 'inherit', env });
    const forward = (sig: NodeJS.Signals) => child.kill(sig);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    const done = (code: number) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code);
    };
    child.on('error', (e) => {
      process.stderr.write(`floe: could not start Electron (${binary}): ${e.message}\n`);
      done(EXIT_FAILED);
    });
    child.on('exit', (code, signal) => done(code ?? (signal ? EXIT_FAILED : EXIT_OK)));
  });
}

export const NO_SQLITE_MESSAGE = "better-sqlite3 for Electron's ABI could not be fetched or compiled";

/**
 * better-sqlite3 for the Electron whose binary is `binary`, verified by loading it there; progress to stdout.
 * Electron's version and ABI come from node_modules/electron.
 */
export async function provisionForElectron(
  binary: string,
  root: string = APP_ROOT,
  log: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Promise<ProvisionResult> {
  const target = electronTarget(root);
  if (!target) {
    return { ok: false, reason: 'node_modules/electron/package.json or abi_version is missing; run npm install' };
  }
  return provisionSqlite({ root, target, loader: binary, log });
}

export interface DesktopDeps {
  root?: string;
  find?: (root: string) => string | null;
  provision?: (binary: string, root: string) => Promise<ProvisionResult>;
  build?: (root: string) => number;
  launch?: (binary: string, root: string) => Promise<number>;
  err?: (s: string) => void;
  /** stop after the binary and better-sqlite3 are in place (`floe desktop --prepare`, used before packaging) */
  prepareOnly?: boolean;
}

/** The desktop path: binary (or a plain message and exit 1), better-sqlite3 for it, build, launch. */
export async function desktopCommand(deps: DesktopDeps = {}): Promise<number> {
  const root = deps.root ?? APP_ROOT;
  const err = deps.err ?? ((s: string) => process.stderr.write(s));
  const binary = (deps.find ?? ((r) => findOrFetchElectron(r)))(root);
  if (!binary) {
    err(
      `floe: ${NO_BINARY_MESSAGE} (looked for node_modules/electron/path.txt and the file it names under node_modules/electron/dist).\n` +
        'Run "npx install-electron" on a machine with internet access and try again, or use browser mode: floe web\n',
    );
    return EXIT_FAILED;
  }
  const native = await (deps.provision ?? provisionForElectron)(binary, root);
  if (!native.ok) {
    err(
      `floe: ${NO_SQLITE_MESSAGE}: ${native.reason}.\n` +
        'See docs/troubleshooting.md ("Native modules"), or use browser mode: floe web\n',
    );
    return EXIT_FAILED;
  }
  if (deps.prepareOnly) return EXIT_OK;
  const built = (deps.build ?? buildDesktop)(root);
  if (built !== 0) {
    err(`floe: building the desktop app failed (electron-vite build exited with ${built}); see the messages above.\n`);
    return EXIT_FAILED;
  }
  return (deps.launch ?? launchElectron)(binary, root);
}

export function registerDesktopCommand(program: Command): void {
  program
    .command('desktop')
    .description("build and launch the desktop app (needs Electron's binary; see floe web for browser mode)")
    .option('--prepare', "only fetch Electron's binary and better-sqlite3 for it (before packaging), do not launch")
    .action(async (o: { prepare?: boolean }) => {
      process.exitCode = await desktopCommand({ prepareOnly: !!o.prepare });
    });
}
