// A real git repository for worktree tests: `git` with a fixed identity and no user configuration, a fingerprint
// of a checkout's files (bytes and modes, .git left out), and what the repository's own state is (HEAD, index).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const gitIn = (dir: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd: dir,
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_OPTIONAL_LOCKS: '0' },
  }).toString();

/** Every file under dir (but .git and node_modules) → sha256 of its bytes and its mode bits. */
export function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of fs.readdirSync(dir, { recursive: true }) as string[]) {
    if (/^(\.git|node_modules)(\/|$)/.test(rel)) continue;
    const st = fs.lstatSync(path.join(dir, rel));
    if (!st.isFile()) continue;
    const sum = createHash('sha256')
      .update(fs.readFileSync(path.join(dir, rel)))
      .digest('hex');
    out[rel] = `${sum} ${(st.mode & 0o777).toString(8)}`;
  }
  return out;
}

/** The checkout's HEAD, branch and index bytes. */
export function checkoutState(dir: string): string[] {
  return [
    gitIn(dir, 'rev-parse', 'HEAD'),
    gitIn(dir, 'symbolic-ref', 'HEAD'),
    createHash('sha256')
      .update(fs.readFileSync(path.join(dir, '.git/index')))
      .digest('hex'),
  ];
}

/** Writes files (relative path → text) under dir. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
}
