// Chooses the better-sqlite3 binary for Electron: node_modules keeps the Node-ABI build (tests, CLI, browser mode);
// the desktop app loads `native/electron/better_sqlite3.node` (Electron ABI) through the store's `nativeBinding`
// option, only when running under Electron and only if that file exists. See docs/troubleshooting.md.
// Pure apart from the injected `exists`; must not load the module itself.
import { join } from 'node:path';

export const ELECTRON_SQLITE_BINARY = join('native', 'electron', 'better_sqlite3.node');

/** Where the Electron build may live: inside a packaged app the unpacked copy (asarUnpack) comes first. */
export function nativeBindingCandidates(appRoot: string): string[] {
  const plain = join(appRoot, ELECTRON_SQLITE_BINARY);
  const m = /(^|[\\/])app\.asar([\\/]|$)/.exec(appRoot);
  if (!m) return [plain];
  const unpacked = appRoot.replace(/(^|[\\/])app\.asar([\\/]|$)/, '$1app.asar.unpacked$2');
  return [join(unpacked, ELECTRON_SQLITE_BINARY), plain];
}

/** The binary to pass as `nativeBinding`, or undefined (not under Electron, or no Electron build present). */
export function electronNativeBinding(opts: { versions: NodeJS.ProcessVersions | Record<string, string | undefined>; appRoot: string; exists: (p: string) => boolean }): string | undefined {
  if (!opts.versions.electron) return undefined;
  return nativeBindingCandidates(opts.appRoot).find((p) => opts.exists(p));
}

/** The message shown when the store cannot open under Electron, with the way out. */
export function nativeHint(binding: string | undefined, appRoot: string): string {
  if (binding) return `The Electron build of better-sqlite3 in use is ${binding}. If it fails to load, rebuild it for this Electron version (docs/troubleshooting.md, "Native modules").`;
  return `No Electron build of better-sqlite3 was found at ${join(appRoot, ELECTRON_SQLITE_BINARY)}; the Node build in node_modules cannot load in Electron. Build it as described in docs/troubleshooting.md ("Native modules"), or use browser mode: npx floe web.`;
}
