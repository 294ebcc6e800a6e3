// Child processes that must outlive a Ctrl-C typed at the host's terminal. The terminal sends SIGINT to its whole
// foreground process group; a child spawned plainly is in the host's group and dies with it (the session's sandbox
// server did, mid-command, under `floe chat`). Spawn options for a child Floe starts itself, and a launch wrapper
// for children started by a library (the MCP SDK's stdio transport has no such option): `setsid` runs the program in
// a session of its own, exec'ing in place so its pid stays the one the host watches.
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/** Spawn options that put the child in a session (and process group) of its own, with no controlling terminal. */
export const OWN_GROUP = { detached: true } as const;

const SETSID = ['/usr/bin/setsid', '/bin/setsid'].find((p) => process.platform === 'linux' && existsSync(p));

const runnable = (p: string): boolean => {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Whether `file` names a program that can be started from `cwd` with this PATH. */
function resolves(file: string, path: string, cwd: string): boolean {
  if (file.includes('/')) return runnable(isAbsolute(file) ? file : resolve(cwd, file));
  return path.split(delimiter).some((dir) => dir && runnable(join(dir, file)));
}

/**
 * `file args` started through setsid where the system has it (Linux's util-linux); as given elsewhere, and when the
 * program cannot be found: then spawning it directly gives the clear "not found" error (ENOENT) setsid would hide.
 */
export function inOwnGroup(
  launch: { file: string; args: string[] },
  where: { path: string; cwd: string },
): { file: string; args: string[] } {
  if (!SETSID || !resolves(launch.file, where.path, where.cwd)) return launch;
  return { file: SETSID, args: [launch.file, ...launch.args] };
}
