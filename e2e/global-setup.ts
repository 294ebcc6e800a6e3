// Vitest globalSetup for the end-to-end tests: builds the renderer (`npm run build:renderer`) when
// out/renderer/index.html is missing or older than any renderer/shared source, and the `floe` command (out/cli,
// bin/build-cli.mjs) when it is missing or older than one of its sources, so tests that start bin/floe.mjs run what
// the sources say. Must not start servers.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '..');

function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(p));
    else t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}

export default function setup(): void {
  execFileSync(process.execPath, [join(REPO, 'bin/build-cli.mjs'), '--stale', '--strict'], {
    cwd: REPO,
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 120_000,
  });
  const out = join(REPO, 'out/renderer/index.html');
  const built = existsSync(out) ? statSync(out).mtimeMs : 0;
  const src = Math.max(newest(join(REPO, 'renderer')), newest(join(REPO, 'shared')), newest(join(REPO, 'preload')));
  if (built >= src) return;
  execFileSync('npm', ['run', 'build:renderer'], {
    cwd: REPO,
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 180_000,
  });
}
