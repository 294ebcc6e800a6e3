// Chooses the better-sqlite3 binary for Electron: node_modules keeps the Node-ABI build (tests, CLI, browser mode);
// the desktop app loads `native/electron/better_sqlite3.node` (Electron ABI) through the store's `nativeBinding`
// option, only when running under Electron and only if that file exists. Also reads which ABI a native module was
// built for (its `node_register_module_v<N>` symbol). Pure apart from the injected `exists`; must not load modules.
import { join } from 'node:path';

export const ELECTRON_SQLITE_BINARY = join('native', 'electron', 'better_sqlite3.node');

/**
 * The Node ABI (NODE_MODULE_VERSION) a non-N-API native module was built for, read from the exported
 * `node_register_module_v<N>` symbol name (ELF, Mach-O with its leading underscore, and PE export tables all keep
 * it as plain text); null when there is none (not a native module, or an N-API module bound to no ABI).
 */
export function abiOfBinary(bytes: Uint8Array): string | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const found = new Set<string>();
  for (const m of text.matchAll(/node_register_module_v(\d+)/g)) found.add(m[1]!);
  return found.size === 1 ? [...found][0]! : null;
}

/** Where the Electron build may live: inside a packaged app the unpacked copy (asarUnpack) comes first. */
export function nativeBindingCandidates(appRoot: string): string[] {
  const plain = join(appRoot, ELECTRON_SQLITE_BINARY);
  const m = /(^|[\\/])app\.asar([\\/]|$)/.exec(appRoot);
  if (!m) return [plain];
  const unpacked = appRoot.replace(/(^|[\\/])app\.asar([\\/]|$)/, '$1app.asar.unpacked$2');
  return [join(unpacked, ELECTRON_SQLITE_BINARY), plain];
}

/** The binary to pass as `nativeBinding`, or undefined (not under Electron, or no Electron build present). */
export function electronNativeBinding(opts: {
  versions: NodeJS.ProcessVersions | Record<string, string | undefined>;
  appRoot: string;
  exists: (p: string) => boolean;
}): string | undefined {
  if (!opts.versions.electron) return undefined;
  return nativeBindingCandidates(opts.appRoot).find((p) => opts.exists(p));
}

/** The message shown when the store cannot open under Electron, with the way out. */
export function nativeHint(binding: string | undefined, appRoot: string): string {
  const howTo = 'docs/troubleshooting.md, "Native modules"';
  if (binding) {
    return (
      `The Electron build of better-sqlite3 in use is ${binding}. If it fails to load, delete it and start again ` +
      `with "npm start" (or "npx floe desktop"), which fetches or builds it for this Electron version (${howTo}).`
    );
  }
  return (
    `No Electron build of better-sqlite3 was found at ${join(appRoot, ELECTRON_SQLITE_BINARY)}; the Node build in ` +
    'node_modules cannot load in Electron. Start the app with "npm start" (or "npx floe desktop"), which fetches or ' +
    `builds it (${howTo}), or use browser mode: npx floe web.`
  );
}
