// Pure: the bubblewrap argv that puts one command inside the sandbox policy (policy.ts). The whole file system is
// bound read-only; fresh /dev, /proc (own PID namespace), /run (no daemon or container sockets) and /tmp (the
// session's temp dir); the writable folders bound again writable; secrets hidden by an empty tmpfs or /dev/null;
// protected files bound read-only onto themselves last. New user (no capabilities, no further user namespaces), PID,
// IPC, UTS, cgroup and network namespaces: the network is off (only loopback) unless the policy shares it. The
// seccomp filter (seccomp.ts) comes in on a file descriptor. Must not spawn or stat anything.
import path from 'node:path';
import type { SandboxPolicy } from './policy.js';

export interface BwrapOptions {
  policy: SandboxPolicy;
  /** the command's working folder (inside a writable folder or read-only) */
  cwd: string;
  /** keep the host's network (default false: only loopback) */
  network?: boolean;
  /** file descriptor bwrap reads the seccomp program from */
  seccompFd?: number;
}

const under = (child: string, parent: string): boolean => {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** Arguments for `bwrap <args> -- <program…>`. */
export function bwrapArgs(o: BwrapOptions): string[] {
  const { policy } = o;
  const a: string[] = ['--unshare-user', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try'];
  if (!o.network) a.push('--unshare-net');
  a.push('--die-with-parent', '--cap-drop', 'ALL', '--disable-userns', '--hostname', 'floe-sandbox');
  a.push('--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/run');
  // /var/run is a link to /run on current systems; where it is a folder of its own, hide it too
  a.push('--bind', policy.tmpDir, '/tmp');
  for (const w of policy.writable) a.push('--bind', w, w);
  for (const h of policy.hidden) {
    if (h.kind === 'dir') a.push('--tmpfs', h.path);
    else a.push('--ro-bind', '/dev/null', h.path);
  }
  // a writable folder inside a hidden one (Floe's scratch under FLOE_HOME) is bound again after the hiding
  for (const w of policy.writable) if (policy.hidden.some((h) => under(w, h.path))) a.push('--bind', w, w);
  for (const p of policy.pinned) a.push('--bind', p, p);
  for (const r of policy.readable) a.push('--ro-bind', r, r);
  for (const p of policy.protected) a.push('--ro-bind', p, p);
  if (o.seccompFd !== undefined) a.push('--seccomp', String(o.seccompFd));
  a.push('--chdir', o.cwd, '--setenv', 'TMPDIR', '/tmp');
  return a;
}
