// Pure: the macOS Seatbelt profile (SBPL, as `sandbox-exec -p` takes it) for one project, from the same policy
// bwrap uses (policy.ts): everything readable except the hidden paths; writable only the workspace, the session temp
// dir, Floe's scratch and the terminal devices, minus the protected files; no network but loopback unless the
// project shares it; no unix sockets outside the writable folders (so no container or daemon sockets). In SBPL the
// last matching rule wins, so every deny follows the allow it narrows. Must not run sandbox-exec or touch files.
import type { SandboxPolicy } from './policy.js';

/** An SBPL string literal. */
export function sbplString(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

const subpath = (p: string): string => `(subpath ${sbplString(p)})`;
const literal = (p: string): string => `(literal ${sbplString(p)})`;

export function seatbeltProfile(policy: SandboxPolicy, opts: { network?: boolean } = {}): string {
  const writable = [...policy.writable, policy.tmpDir];
  const lines = [
    '(version 1)',
    '(deny default)',
    '(import "system.sb")',
    '(allow process-fork)',
    '(allow process-exec)',
    '(allow signal (target same-sandbox))',
    '(allow process-info* (target same-sandbox))',
    '(allow sysctl-read)',
    '(allow mach-lookup)',
    '(allow ipc-posix-shm)',
    '(allow pseudo-tty)',
    '(allow file-ioctl (literal "/dev/tty") (regex #"^/dev/ttys[0-9]+$"))',
    '(allow file-read*)',
  ];
  for (const h of policy.hidden)
    lines.push(`(deny file-read* ${h.kind === 'dir' ? subpath(h.path) : literal(h.path)})`);
  for (const r of policy.readable) lines.push(`(allow file-read* ${literal(r)})`);
  lines.push(
    '(allow file-write* (literal "/dev/null") (literal "/dev/tty") (literal "/dev/dtracehelper") ' +
      '(regex #"^/dev/ttys[0-9]+$"))',
  );
  lines.push(`(allow file-write* ${writable.map(subpath).join(' ')})`);
  for (const p of policy.protected) lines.push(`(deny file-write* ${subpath(p)})`);
  // loopback only (local servers and their tests); with the network shared, everything
  if (opts.network) lines.push('(allow network*)');
  else {
    lines.push('(allow network-bind (local ip "localhost:*"))');
    lines.push('(allow network-inbound (local ip "localhost:*"))');
    lines.push('(allow network-outbound (remote ip "localhost:*"))');
  }
  // unix sockets only inside the writable folders: no Docker, no daemons of the user's session
  lines.push(`(allow network-outbound ${writable.map(subpath).join(' ')})`);
  return `${lines.join('\n')}\n`;
}
