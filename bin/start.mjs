#!/usr/bin/env node
// `npm start`: the desktop app when Electron's binary is present or can be fetched (one quick try; offline it fails
// fast) and better-sqlite3 for Electron's ABI is in place or can be fetched / compiled; otherwise one plain line and
// browser mode (`floe web`, which builds the renderer itself when it is missing). Extra arguments go to `floe web`
// (e.g. `npm start -- --port 8080`). SIGINT and SIGTERM sent to `npm start` reach every process it started.
// Decides only; the work is done by main/cli/desktop.ts and `floe web`.
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

/** A repeat of the stop signal sooner than this is the same request (Ctrl-C reaches us from the terminal and npm). */
const REPEAT_MS = 1000;

function browserMode(line) {
  process.stdout.write(`${line}\n`);
  const web = [join(root, 'bin', 'floe.mjs'), 'web', ...args];
  // in a process group of its own, so a signal reaches it once, from us: the terminal's Ctrl-C goes to our group
  // (npm and us), and npm passes its own SIGINT/SIGTERM on to us (package.json's start script `exec`s node, so no
  // shell stands in between and swallows it)
  const child = spawn(process.execPath, web, { cwd: root, stdio: 'inherit', detached: true });
  let firstAt = 0;
  const forward = (sig) => {
    const now = Date.now();
    if (!firstAt) {
      firstAt = now;
      child.kill(sig); // floe web stops cleanly: runs aborted, terminals killed
    } else if (now - firstAt > REPEAT_MS) {
      // asked again later: stop at once, with whatever it started
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
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
