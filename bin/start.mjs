#!/usr/bin/env node
// `npm start`: the desktop app when Electron's binary is present or can be fetched (one quick try; offline it fails
// fast) and better-sqlite3 for Electron's ABI is in place or can be fetched / compiled; otherwise one plain line and
// browser mode (`floe web`, which builds the renderer itself when it is missing). Extra arguments go to `floe web`
// (e.g. `npm start -- --port 8080`). Decides only; the work is done by main/cli/desktop.ts and `floe web`.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { desktopCommand, findOrFetchElectron, provisionForElectron, NO_SQLITE_MESSAGE } = await import(
  new URL('../main/cli/desktop.ts', import.meta.url).href
);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

function browserMode(line) {
  process.stdout.write(`${line}\n`);
  const web = [join(root, 'bin', 'floe.mjs'), 'web', ...args];
  const child = spawn(process.execPath, web, { cwd: root, stdio: 'inherit' });
  // Ctrl-C reaches the child through the terminal; a SIGTERM sent to us is passed on. Either way we wait for it.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const binary = findOrFetchElectron(root);
if (!binary) {
  browserMode("Electron's binary is not installed and could not be downloaded; starting browser mode instead.");
} else {
  const native = await provisionForElectron(binary, root);
  if (!native.ok) {
    browserMode(`${NO_SQLITE_MESSAGE} (${native.reason}); starting browser mode instead.`);
  } else {
    process.exitCode = await desktopCommand({ root, find: () => binary, provision: async () => native });
  }
}
