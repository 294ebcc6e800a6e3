// Whether this machine can sandbox commands, found by really doing it once per process and program path: bwrap
// creates the same namespaces a command gets (user, PID, network, mount) and runs `true`. A missing or blocked
// bwrap is one line naming the cause and the fix; the caller shows it and makes every command ask (never a silent
// fallback). macOS: sandbox-exec must be present. Must not build policies or start commands.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export type SandboxBackend = 'bwrap' | 'seatbelt';

export type SandboxProbe = { ok: true; backend: SandboxBackend } | { ok: false; reason: string };

const ASKS = 'until then every command asks for approval';
const probes = new Map<string, SandboxProbe>();

/** The one-line reason for a failed bwrap start, from its error and stderr (pure; exported for tests). */
export function bwrapFailure(program: string, code: string | undefined, stderr: string): string {
  if (code === 'ENOENT') {
    return (
      `the command sandbox is off: bubblewrap (${program}) is not installed; install it with ` +
      `"sudo apt-get install -y bubblewrap" (or your distribution's bubblewrap package) — ${ASKS}`
    );
  }
  const first = stderr.trim().split('\n')[0] || `exit status ${code ?? 'unknown'}`;
  return (
    `the command sandbox is off: bwrap cannot create a namespace here (${first}); allow unprivileged user ` +
    'namespaces (sudo sysctl -w kernel.unprivileged_userns_clone=1; on Ubuntu 24.04+ ' +
    `kernel.apparmor_restrict_unprivileged_userns=0, or an AppArmor profile for bwrap) — ${ASKS}`
  );
}

function probeBwrap(program: string): SandboxProbe {
  const args = ['--unshare-user', '--unshare-pid', '--unshare-net', '--unshare-ipc', '--die-with-parent'];
  args.push('--cap-drop', 'ALL', '--ro-bind', '/', '/', '--proc', '/proc', '--dev', '/dev', '--', 'true');
  const r = spawnSync(program, args, { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.error) {
    const code = (r.error as NodeJS.ErrnoException).code;
    return { ok: false, reason: bwrapFailure(program, code, code === 'ETIMEDOUT' ? 'it did not answer in 10 s' : '') };
  }
  if (r.status !== 0) return { ok: false, reason: bwrapFailure(program, String(r.status), r.stderr ?? '') };
  return { ok: true, backend: 'bwrap' };
}

/** Probes once per program path (the result is kept for the life of the process). */
export function probeSandbox(program = 'bwrap', platform: NodeJS.Platform = process.platform): SandboxProbe {
  const key = `${platform}:${program}`;
  const known = probes.get(key);
  if (known) return known;
  let r: SandboxProbe;
  if (platform === 'linux') r = probeBwrap(program);
  else if (platform === 'darwin') {
    r = existsSync('/usr/bin/sandbox-exec')
      ? { ok: true, backend: 'seatbelt' }
      : { ok: false, reason: `the command sandbox is off: /usr/bin/sandbox-exec is missing — ${ASKS}` };
  } else r = { ok: false, reason: `the command sandbox is off: there is no OS sandbox for ${platform} — ${ASKS}` };
  probes.set(key, r);
  return r;
}
