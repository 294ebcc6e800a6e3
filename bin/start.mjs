#!/usr/bin/env node
// `npm start`: the desktop app when Electron's binary is present or can be fetched (one quick try; offline it fails
// fast), otherwise one plain line and browser mode (`floe web`), building the renderer first if out/renderer is
// missing. Extra arguments go to `floe web` (e.g. `npm start -- --port 8080`). Decides only; the work is done by
// main/cli/desktop.ts and `floe web`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { desktopCommand, findOrFetchElectron } = await import(new URL('../main/cli/desktop.ts', import.meta.url).href);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

const binary = findOrFetchElectron(root);
if (binary) {
  process.exitCode = await desktopCommand({ root, find: () => binary });
} else {
  process.stdout.write("Electron's binary is not installed and could not be downloaded; starting browser mode instead.\n");
  if (!existsSync(join(root, 'out', 'renderer', 'index.html'))) {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const built = spawnSync(npm, ['run', 'build:renderer'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) {
      process.stderr.write(`floe: building the renderer failed (npm run build:renderer exited with ${built.status ?? built.error?.message}); see the messages above.\n`);
      process.exit(1);
    }
  }
  const child = spawn(process.execPath, [join(root, 'bin', 'floe.mjs'), 'web', ...args], { cwd: root, stdio: 'inherit' });
  // Ctrl-C reaches the child through the terminal; a SIGTERM sent to us is passed on. Either way we wait for it.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
