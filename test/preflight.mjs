#!/usr/bin/env node
// The system packages the test suite needs beyond npm (Debian/Ubuntu names): `npm test` runs this first and stops
// at once with one line naming what is missing and the apt command that installs it; `.ci/run` asks it which
// packages to install (`--packages`). README's "Set up" lists the same packages. Checks only; installs nothing.
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the tests use, and the package that provides it. Chromium is looked for where the e2e harness runs it. */
export const REQUIREMENTS = [
  { pkg: 'chromium', file: '/usr/bin/chromium', why: 'the end-to-end tests drive /usr/bin/chromium' },
  { pkg: 'procps', command: 'pgrep', why: 'process-cleanup tests use pgrep' },
  { pkg: 'python3', command: 'python3', why: 'terminal tests use python3' },
  { pkg: 'git', command: 'git', why: 'checkpoint tests use git' },
  { pkg: 'bubblewrap', command: 'bwrap', why: 'the command sandbox and its escape suite run commands in bwrap' },
];

function onPath(command, env) {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      // not here
    }
  }
  return false;
}

/** The requirements not met, given how to test for a file and for a command. */
export function missing(reqs = REQUIREMENTS, probe = { exists: existsSync, onPath: (c) => onPath(c, process.env) }) {
  return reqs.filter((r) => (r.file ? !probe.exists(r.file) : !probe.onPath(r.command)));
}

/** The one line `npm test` prints when something is missing. */
export function missingLine(gone) {
  const what = gone.map((r) => `${r.pkg} (${r.file ?? r.command})`).join(', ');
  const pkgs = gone.map((r) => r.pkg).join(' ');
  return `npm test needs system packages that are missing: ${what}. Install them with: sudo apt-get install -y ${pkgs}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const gone = missing();
  if (process.argv.includes('--packages')) {
    process.stdout.write(gone.map((r) => r.pkg).join(' ') + (gone.length ? '\n' : ''));
  } else if (gone.length) {
    process.stderr.write(`${missingLine(gone)}\n`);
    process.exit(1);
  }
}
