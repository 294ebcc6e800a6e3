// Whether a project's writable-folder rule (main/approval/write-rules.ts) may open a folder to sandboxed commands
// (issue 19): never `/`, the home folder or a folder above it, nor a folder that is, contains or lies inside a path
// the policy hides or protects (credentials, browser profiles, FLOE_HOME, container sockets, shell start-up files,
// a `.git` folder with its hooks and config). Checked when the rule is added and again at every launch (a symlink
// may have changed). Pure: the caller resolves symlinks and passes the real path.
import path from 'node:path';
import { CONTAINER_SOCKETS, SECRET_HOME_PATHS, SHELL_RC_FILES } from './policy.js';

const inside = (child: string, parent: string): boolean => {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/**
 * Whether the sandbox may make `folder` (a real path) writable for a project: null when it may, else one line
 * naming the folder, the hidden or protected path it collides with, and what to do.
 */
export function writableFolderError(folder: string, o: { home: string; floeHome: string }): string | null {
  const tail = 'choose a folder of its own (a cache or output folder) instead';
  const no = (why: string) => `the folder ${folder} cannot be made writable: ${why}; ${tail}`;
  if (folder === '/') return no('it is the root of the file system');
  if (folder === o.home) return no('it is the home folder, which holds credentials and shell start-up files');
  if (inside(o.home, folder)) return no(`it contains the home folder ${o.home}`);
  if (folder.split('/').includes('.git'))
    return no('it is inside a .git folder (its hooks and config run code in git commands)');
  const guarded: [string, string][] = [
    ...SECRET_HOME_PATHS.map((r): [string, string] => [path.join(o.home, r), 'a secret the sandbox hides']),
    ...CONTAINER_SOCKETS.map((p): [string, string] => [p, 'a container socket the sandbox hides']),
    [o.floeHome, "Floe's own config and database, which the sandbox hides"],
    ...SHELL_RC_FILES.map((r): [string, string] => [
      path.join(o.home, r),
      'a shell start-up file the sandbox protects',
    ]),
  ];
  for (const [p, what] of guarded) {
    if (inside(folder, p)) return no(`it lies inside ${p} (${what})`);
    if (inside(p, folder)) return no(`it contains ${p} (${what})`);
  }
  return null;
}
