// The sandbox's pure parts: the policy lists from a file-system probe, the bwrap argv built from them (order of
// mounts matters: hiding after the writable binds, protected files last), the seccomp program run through a small
// BPF interpreter, the macOS Seatbelt profile text and the one-line reasons for a missing or blocked bwrap.
import { describe, expect, it } from 'vitest';
import { bwrapArgs } from '../../../main/environment/sandbox/bwrap-args.js';
import { sandboxPolicy, type PathKind } from '../../../main/environment/sandbox/policy.js';
import { bwrapFailure } from '../../../main/environment/sandbox/probe.js';
import { sbplString, seatbeltProfile } from '../../../main/environment/sandbox/seatbelt.js';
import { TIOCLINUX, TIOCSTI, seccompProgram, seccompVerdict } from '../../../main/environment/sandbox/seccomp.js';

const FILES: Record<string, PathKind> = {
  '/h': 'dir',
  '/h/.ssh': 'dir',
  '/h/.aws': 'dir',
  '/h/.netrc': 'file',
  '/h/.bashrc': 'file',
  '/h/.config/google-chrome': 'dir',
  '/fh': 'dir',
  '/fh/scratch': 'dir',
  '/fh/shell-snapshots/1-s.sh': 'file',
  '/ws': 'dir',
  '/ws/.git': 'dir',
  '/ws/.git/hooks': 'dir',
  '/ws/.git/config': 'file',
  '/ws/.envrc': 'file',
};
const kind = (p: string): PathKind => FILES[p] ?? 'none';
const base = {
  workspace: '/ws',
  home: '/h',
  floeHome: '/fh',
  tmpDir: '/t/tmp',
  scratchDir: '/fh/scratch',
  snapshotFile: '/fh/shell-snapshots/1-s.sh',
  kind,
};

describe('sandboxPolicy', () => {
  it('a Floe install or working folder under the host /tmp stays readable in the private /tmp; /tmp itself never', () => {
    const k = (p: string): PathKind =>
      ['/tmp/ci/clone', '/tmp', '/opt/floe', '/tmp/ws'].includes(p) ? 'dir' : kind(p);
    const p = sandboxPolicy({
      ...base,
      workspace: '/tmp/ws',
      kind: k,
      keepReadable: ['/tmp/ci/clone', '/tmp', '/opt/floe', '/tmp/ws', '/tmp/gone'],
    });
    // only folders under /tmp that exist and are not already writable; /tmp itself stays private
    expect(p.readable).toEqual(['/fh/shell-snapshots/1-s.sh', '/tmp/ci/clone']);
    // bound read-only after the private /tmp, so the checkout's node_modules and scripts are there
    const a = bwrapArgs({ policy: p, cwd: '/tmp/ws' });
    expect(a.indexOf('/tmp/ci/clone')).toBeGreaterThan(a.indexOf('/t/tmp'));
    expect(a.slice(a.indexOf('/tmp/ci/clone') - 1, a.indexOf('/tmp/ci/clone') + 2)).toEqual([
      '--ro-bind',
      '/tmp/ci/clone',
      '/tmp/ci/clone',
    ]);
  });

  it('writes only the workspace and scratch; hides secrets, browser profiles and FLOE_HOME; protects git and rc files', () => {
    const p = sandboxPolicy(base);
    expect(p.writable).toEqual(['/ws', '/fh/scratch']);
    expect(p.hidden).toEqual([
      { path: '/h/.ssh', kind: 'dir' },
      { path: '/h/.aws', kind: 'dir' },
      { path: '/h/.netrc', kind: 'file' },
      { path: '/h/.config/google-chrome', kind: 'dir' },
      { path: '/fh', kind: 'dir' },
    ]);
    expect(p.readable).toEqual(['/fh/shell-snapshots/1-s.sh']);
    expect(p.protected).toEqual(['/ws/.git/hooks', '/ws/.git/config', '/ws/.envrc']);
    expect(p.pinned).toEqual(['/ws/.git']);
  });

  it("a workspace that holds HOME protects HOME's own start-up files too", () => {
    const p = sandboxPolicy({ ...base, workspace: '/', kind: (x) => (x === '/' ? 'dir' : kind(x)) });
    expect(p.protected).toContain('/h/.bashrc');
  });

  it('leaves out what does not exist (a missing folder cannot be bound)', () => {
    const p = sandboxPolicy({ ...base, kind: (x) => (x === '/ws' ? 'dir' : 'none') });
    expect(p).toEqual({ writable: ['/ws'], readable: [], hidden: [], protected: [], pinned: [], tmpDir: '/t/tmp' });
  });

  it('a .git file (linked worktree) is protected: it names the git folder', () => {
    const p = sandboxPolicy({ ...base, kind: (x) => (x === '/ws/.git' ? 'file' : kind(x)) });
    expect(p.protected[0]).toBe('/ws/.git');
    expect(p.pinned).toEqual([]);
  });
});

describe('bwrapArgs', () => {
  const p = sandboxPolicy(base);
  const a = bwrapArgs({ policy: p, cwd: '/ws/sub', seccompFd: 3 });
  const at = (...seq: string[]): number => {
    for (let i = 0; i <= a.length - seq.length; i++) if (seq.every((s, j) => a[i + j] === s)) return i;
    return -1;
  };

  it('new namespaces, no capabilities, no nested user namespaces, network off', () => {
    for (const f of ['--unshare-user', '--unshare-pid', '--unshare-net', '--unshare-ipc', '--disable-userns'])
      expect(a).toContain(f);
    expect(at('--cap-drop', 'ALL')).toBeGreaterThan(-1);
    expect(at('--seccomp', '3')).toBeGreaterThan(-1);
    expect(bwrapArgs({ policy: p, cwd: '/ws', network: true })).not.toContain('--unshare-net');
  });

  it('mounts in order: root read-only, /run and /tmp replaced, writable, hidden, scratch again, protected last', () => {
    const root = at('--ro-bind', '/', '/');
    const run = at('--tmpfs', '/run');
    const tmp = at('--bind', '/t/tmp', '/tmp');
    const ws = at('--bind', '/ws', '/ws');
    const ssh = at('--tmpfs', '/h/.ssh');
    const netrc = at('--ro-bind', '/dev/null', '/h/.netrc');
    const fh = at('--tmpfs', '/fh');
    const scratch = a.lastIndexOf('/fh/scratch');
    const snap = at('--ro-bind', '/fh/shell-snapshots/1-s.sh', '/fh/shell-snapshots/1-s.sh');
    const hooks = at('--ro-bind', '/ws/.git/hooks', '/ws/.git/hooks');
    expect([root, run, tmp, ws, ssh, netrc, fh, scratch, snap, hooks].every((i) => i >= 0)).toBe(true);
    expect(root < run && run < tmp && tmp < ws && ws < ssh && ssh < netrc && netrc < fh).toBe(true);
    expect(fh < scratch && scratch < snap && snap < hooks).toBe(true);
    expect(at('--chdir', '/ws/sub')).toBeGreaterThan(-1);
  });
});

describe('seccomp program', () => {
  const X64 = 0xc000003e;
  it('refuses TIOCSTI and TIOCLINUX, allows other ioctls and calls', () => {
    expect(seccompVerdict('x64', { auditArch: X64, nr: 16, arg1: TIOCSTI })).toBe('eperm');
    expect(seccompVerdict('x64', { auditArch: X64, nr: 16, arg1: TIOCLINUX })).toBe('eperm');
    // the kernel takes the request as 32 bits: high bits set do not dodge the check
    expect(seccompVerdict('x64', { auditArch: X64, nr: 16, arg1: TIOCSTI })).toBe('eperm');
    expect(seccompVerdict('x64', { auditArch: X64, nr: 16, arg1: 0x5413 /* TIOCGWINSZ */ })).toBe('allow');
    expect(seccompVerdict('x64', { auditArch: X64, nr: 0, arg1: TIOCSTI })).toBe('allow');
  });

  it('refuses calls through another ABI (32-bit, x32) where the numbers differ', () => {
    expect(seccompVerdict('x64', { auditArch: 0x40000003, nr: 54, arg1: TIOCSTI })).toBe('eperm');
    expect(seccompVerdict('x64', { auditArch: X64, nr: 0x40000000 + 514, arg1: TIOCSTI })).toBe('eperm');
    expect(seccompVerdict('arm64', { auditArch: 0xc00000b7, nr: 29, arg1: TIOCSTI })).toBe('eperm');
    expect(seccompVerdict('arm64', { auditArch: 0xc00000b7, nr: 63 })).toBe('allow');
  });

  it('is 8 bytes per instruction, little-endian; no program for an unknown arch', () => {
    const b = seccompProgram('x64')!;
    expect(b.length % 8).toBe(0);
    expect(b.readUInt16LE(0)).toBe(0x20);
    expect(b.readUInt32LE(4)).toBe(4);
    expect(seccompProgram('mips')).toBeUndefined();
  });
});

describe('seatbeltProfile (macOS)', () => {
  const text = seatbeltProfile(sandboxPolicy(base));
  it('denies by default, reads all but the hidden paths, writes only the writable ones minus protected', () => {
    const lines = text.trim().split('\n');
    expect(lines.slice(0, 2)).toEqual(['(version 1)', '(deny default)']);
    const readAll = lines.indexOf('(allow file-read*)');
    expect(readAll).toBeGreaterThan(-1);
    expect(lines.indexOf('(deny file-read* (subpath "/h/.ssh"))')).toBeGreaterThan(readAll);
    expect(lines).toContain('(deny file-read* (literal "/h/.netrc"))');
    expect(lines).toContain('(allow file-read* (literal "/fh/shell-snapshots/1-s.sh"))');
    const write = lines.indexOf('(allow file-write* (subpath "/ws") (subpath "/fh/scratch") (subpath "/t/tmp"))');
    expect(write).toBeGreaterThan(-1);
    expect(lines.indexOf('(deny file-write* (subpath "/ws/.git/hooks"))')).toBeGreaterThan(write);
    expect(lines).toContain('(allow network-outbound (remote ip "localhost:*"))');
    expect(text).not.toContain('(allow network*)');
    expect(seatbeltProfile(sandboxPolicy(base), { network: true })).toContain('(allow network*)');
  });

  it('quotes paths so a name cannot end the string', () => {
    expect(sbplString('/a "b"\\c')).toBe('"/a \\"b\\"\\\\c"');
  });
});

describe('bwrap failure lines', () => {
  it('missing: names the package and the install command, and that commands ask', () => {
    const line = bwrapFailure('bwrap', 'ENOENT', '');
    expect(line).toMatch(/bubblewrap \(bwrap\) is not installed; install it with "sudo apt-get install -y bubblewrap"/);
    expect(line).toMatch(/every command asks for approval$/);
    expect(line).not.toContain('\n');
  });
  it('blocked: quotes the first line of stderr and says how to allow user namespaces', () => {
    const line = bwrapFailure('bwrap', '1', 'bwrap: setting up uid map: Permission denied\nmore');
    expect(line).toContain('(bwrap: setting up uid map: Permission denied)');
    expect(line).toContain('kernel.unprivileged_userns_clone=1');
    expect(line).not.toContain('more');
  });
});
