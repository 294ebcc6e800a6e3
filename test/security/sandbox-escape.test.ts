// The command sandbox against escapes (issue 19): every case is a real command in a real pty inside bwrap, started
// by the CommandRegistry exactly as exec_command starts it, trying to get out — writes outside the writable folders,
// reads of planted secrets, .git/hooks and shell rc files, container and daemon sockets, /proc tricks, symlinks and
// hard links, TIOCSTI, raw-IP and DNS egress, connections to the host's own servers (straight, or through the
// egress proxy with every domain allowed), killing or tracing the host.
// Each case checks on the host that nothing got out, and that the command really ran (its output ends in DONE).
// The root is under /var/tmp, not /tmp (which the sandbox replaces), so hidden paths are hidden by the policy and
// not merely by /tmp being another folder. Needs bwrap: fails loudly without it (preflight installs it).
// Prints `sandbox escape cases: N held of N`.
import {
  mkdirSync,
  mkdtempSync,
  existsSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import dgram from 'node:dgram';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandRegistry } from '../../main/environment/commands/registry.js';
import { CommandSandbox } from '../../main/environment/sandbox/sandbox.js';

interface Env {
  root: string;
  home: string;
  ws: string;
  floe: string;
  outside: string;
  hostPid: number;
  tcpPort: number;
  tcp6Port: number;
  lanIp: string;
  lanPort: number;
  udpPort: number;
  sockets: Record<string, string>;
  /** the egress proxy as commands reach it (a tag whose asker allows every domain: the worst case) */
  proxy: string;
  /** the proxy's unix socket on the host */
  proxySock: string;
  /** connections each host listener received */
  hits: Record<string, number>;
}

interface Case {
  name: string;
  cmd: (e: Env) => string;
  /** asserts on the host that the escape failed (out: the command's clean output) */
  holds: (out: string, e: Env) => void | Promise<void>;
}

const SECRET = {
  ssh: 'SECRET-ssh-4f1c',
  aws: 'SECRET-aws-8d2e',
  gpg: 'SECRET-gpg-1a9b',
  netrc: 'SECRET-netrc-77aa',
  gitcred: 'SECRET-gitcred-5b3c',
  docker: 'SECRET-docker-0e9d',
  kube: 'SECRET-kube-c4f0',
  chrome: 'SECRET-chrome-2b7e',
  chromium: 'SECRET-chromium-9f3a',
  firefox: 'SECRET-firefox-6d1e',
  config: 'SECRET-floe-config-3e8f',
  db: 'SECRET-floe-db-b2c7',
  trace: 'SECRET-floe-trace-0d4a',
  tmp: 'SECRET-host-tmp-8c5b',
};

let env: Env;
let sandbox: CommandSandbox;
let registry: CommandRegistry;
const servers: { close(): void }[] = [];
let held = 0;

/**
 * Guards every case: outside a PID namespace made by bwrap the command stops before doing anything. A sandbox
 * that regressed must fail these cases, never run `kill -9 -1` or write /etc on the machine running the tests.
 */
const GUARD = '[ "$(cat /proc/1/comm 2>/dev/null)" = bwrap ] || { echo NOT-SANDBOXED; exit 99; }';

/** Runs `cmd; echo DONE` in the sandbox (behind GUARD); returns the clean output once it exited. */
async function inside(cmd: string, timeoutMs = 20_000): Promise<string> {
  const s = registry.start({ cmd: `${GUARD}\n${cmd}\necho DONE`, cwd: env.ws });
  const t = setTimeout(() => registry.kill(s.id, 'SIGKILL'), timeoutMs);
  await s.exited;
  clearTimeout(t);
  const out = await s.readClean();
  registry.remove(s.id);
  return out;
}

function listenTcp(host: string, key: string, hits: Record<string, number>): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer((c) => {
      hits[key] = (hits[key] ?? 0) + 1;
      c.end('HOST-SERVER-REACHED\n');
    });
    srv.on('error', reject);
    srv.listen(0, host, () => resolve((srv.address() as net.AddressInfo).port));
    servers.push(srv);
  });
}

function listenUnix(p: string, key: string, hits: Record<string, number>): Promise<void> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer((c) => {
      hits[key] = (hits[key] ?? 0) + 1;
      c.end('HOST-SOCKET-REACHED\n');
    });
    srv.on('error', reject);
    srv.listen(p, () => resolve());
    servers.push(srv);
  });
}

function plant(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${text}\n`);
}

const notIn = (out: string, ...secrets: string[]): void => {
  expect(out).toContain('DONE');
  for (const s of secrets) expect(out).not.toContain(s);
};

/** the command ran, and the file it tried to make outside does not exist on the host */
const noFile =
  (...rel: string[]) =>
  (out: string, e: Env): void => {
    expect(out).toContain('DONE');
    for (const r of rel) expect(existsSync(path.isAbsolute(r) ? r : path.join(e.root, r)), r).toBe(false);
  };

const unchanged =
  (rel: string, text: string) =>
  (out: string, e: Env): void => {
    expect(out).toContain('DONE');
    expect(readFileSync(path.join(e.root, rel), 'utf8')).toBe(text);
  };

const noHit =
  (key: string) =>
  (out: string, e: Env): void => {
    expect(out).toContain('DONE');
    expect(out).not.toMatch(/HOST-(SERVER|SOCKET)-REACHED|CONNECTED/);
    expect(e.hits[key] ?? 0).toBe(0);
  };

/** no hit, and the proxy itself said no (a 403 body, or curl's report of a refused CONNECT) */
const proxyRefused =
  (key: string) =>
  (out: string, e: Env): void => {
    noHit(key)(out, e);
    expect(out).toMatch(/Floe sandbox: .*(IP address|address of this machine)|CONNECT tunnel failed, response 403/);
  };

const py = (code: string): string => `python3 -c ${JSON.stringify(code).replace(/\$/g, '\\$')}`;

const CASES: Case[] = [
  // ── writes outside the writable folders ──
  {
    name: 'write a file in a folder next to the workspace',
    cmd: (e) => `echo x > ${e.outside}/w1`,
    holds: noFile('outside/w1'),
  },
  { name: 'write into HOME', cmd: (e) => `touch ${e.home}/w2`, holds: noFile('home/w2') },
  {
    name: 'append to ~/.bashrc outside the workspace',
    cmd: (e) => `echo evil >> ${e.home}/.bashrc`,
    holds: unchanged('home/.bashrc', '# home rc\n'),
  },
  {
    name: 'write /etc',
    cmd: () => `touch /etc/floe-escape-$$`,
    holds: (out) => {
      expect(out).toContain('DONE');
      expect(out).toMatch(/Read-only file system/);
    },
  },
  {
    name: 'write /usr/local/bin',
    cmd: () => `cp /bin/true /usr/local/bin/floe-escape-bin`,
    holds: noFile('/usr/local/bin/floe-escape-bin'),
  },
  {
    name: 'write /var/tmp (host temp shared by users)',
    cmd: () => `touch /var/tmp/floe-escape-w3`,
    holds: noFile('/var/tmp/floe-escape-w3'),
  },
  { name: 'mkdir -p a tree outside', cmd: (e) => `mkdir -p ${e.outside}/a/b/c`, holds: noFile('outside/a') },
  { name: 'cd .. out of the workspace and write', cmd: () => `cd .. && echo x > w4`, holds: noFile('w4') },
  {
    name: 'python writes outside',
    cmd: (e) => py(`open('${e.outside}/w5','w').write('x')`),
    holds: noFile('outside/w5'),
  },
  {
    name: 'rm -rf a folder outside',
    cmd: (e) => `rm -rf ${e.outside}/keep`,
    holds: (out, e) => {
      expect(out).toContain('DONE');
      expect(existsSync(path.join(e.outside, 'keep', 'file'))).toBe(true);
    },
  },
  {
    name: 'chmod a file outside',
    cmd: (e) => `chmod 777 ${e.outside}/keep/file`,
    holds: (out, e) => {
      expect(out).toContain('DONE');
      expect(statSync(path.join(e.outside, 'keep', 'file')).mode & 0o777).toBe(0o644);
    },
  },
  {
    name: 'write through /proc/self/root',
    cmd: (e) => `echo x > /proc/self/root${e.outside}/w6`,
    holds: noFile('outside/w6'),
  },
  {
    name: 'write FLOE_HOME (its config)',
    cmd: (e) => `echo 'evil: 1' >> ${e.floe}/config.yaml`,
    holds: unchanged('floe/config.yaml', `${SECRET.config}\n`),
  },
  // ── symlinks and hard links ──
  {
    name: 'symlink in the workspace to a folder outside, write through it',
    cmd: (e) => `ln -s ${e.outside} out && echo x > out/w7`,
    holds: noFile('outside/w7'),
  },
  {
    name: 'symlink to ~/.ssh/id_rsa, read through it',
    cmd: (e) => `ln -s ${e.home}/.ssh/id_rsa key && cat key`,
    holds: (out) => notIn(out, SECRET.ssh),
  },
  {
    name: 'symlink planted by the host to ~/.aws, read through it',
    cmd: () => `cat aws-link/credentials`,
    holds: (out) => notIn(out, SECRET.aws),
  },
  {
    name: 'symlink to /etc/passwd, write through it',
    cmd: () => `ln -sf /etc/passwd pw && echo evil >> pw`,
    holds: (out) => {
      expect(out).toContain('DONE');
      expect(readFileSync('/etc/passwd', 'utf8')).not.toContain('evil');
    },
  },
  {
    name: 'hard link of a file outside into the workspace, then write',
    cmd: (e) => `ln ${e.outside}/keep/file hl && echo evil >> hl`,
    holds: unchanged('outside/keep/file', 'keep\n'),
  },
  {
    name: 'symlink to FLOE_HOME/floe.db, read through it',
    cmd: (e) => `ln -s ${e.floe}/floe.db db && cat db`,
    holds: (out) => notIn(out, SECRET.db),
  },
  // ── secrets ──
  { name: 'read ~/.ssh/id_rsa', cmd: (e) => `cat ${e.home}/.ssh/id_rsa`, holds: (out) => notIn(out, SECRET.ssh) },
  { name: 'list ~/.ssh', cmd: (e) => `ls -la ${e.home}/.ssh`, holds: (out) => notIn(out, 'id_rsa') },
  {
    name: 'read ~/.aws/credentials',
    cmd: (e) => `cat ${e.home}/.aws/credentials`,
    holds: (out) => notIn(out, SECRET.aws),
  },
  {
    name: 'read ~/.gnupg',
    cmd: (e) => `cat ${e.home}/.gnupg/private-keys-v1.d/key`,
    holds: (out) => notIn(out, SECRET.gpg),
  },
  { name: 'read ~/.netrc', cmd: (e) => `cat ${e.home}/.netrc`, holds: (out) => notIn(out, SECRET.netrc) },
  {
    name: 'read ~/.git-credentials',
    cmd: (e) => `cat ${e.home}/.git-credentials`,
    holds: (out) => notIn(out, SECRET.gitcred),
  },
  {
    name: 'read ~/.docker/config.json',
    cmd: (e) => `cat ${e.home}/.docker/config.json`,
    holds: (out) => notIn(out, SECRET.docker),
  },
  { name: 'read ~/.kube/config', cmd: (e) => `cat ${e.home}/.kube/config`, holds: (out) => notIn(out, SECRET.kube) },
  {
    name: "read Chrome's cookies",
    cmd: (e) => `cat "${e.home}/.config/google-chrome/Default/Cookies"`,
    holds: (out) => notIn(out, SECRET.chrome),
  },
  {
    name: "read Chromium's login data",
    cmd: (e) => `cat "${e.home}/.config/chromium/Default/Login Data"`,
    holds: (out) => notIn(out, SECRET.chromium),
  },
  {
    name: "read Firefox's profile",
    cmd: (e) => `cat ${e.home}/.mozilla/firefox/p.default/logins.json`,
    holds: (out) => notIn(out, SECRET.firefox),
  },
  {
    name: "read Floe's config.yaml",
    cmd: (e) => `cat ${e.floe}/config.yaml`,
    holds: (out) => notIn(out, SECRET.config),
  },
  { name: "read Floe's database", cmd: (e) => `cat ${e.floe}/floe.db`, holds: (out) => notIn(out, SECRET.db) },
  {
    name: "read Floe's traces",
    cmd: (e) => `cat ${e.floe}/traces/*/*.jsonl`,
    holds: (out) => notIn(out, SECRET.trace),
  },
  {
    name: 'grep HOME for every planted secret',
    cmd: (e) => `grep -r SECRET- ${e.home} ${e.floe} 2>&1 | head -50`,
    holds: (out) => notIn(out, ...Object.values(SECRET)),
  },
  {
    name: 'find a private key anywhere under the root',
    cmd: (e) => `find ${e.root} -name id_rsa 2>/dev/null`,
    holds: (out) => notIn(out, 'id_rsa'),
  },
  {
    name: "read the host's /tmp",
    cmd: () => `cat /tmp/floe-escape-host-secret-*`,
    holds: (out) => notIn(out, SECRET.tmp),
  },
  {
    name: 'python reads ~/.ssh',
    cmd: (e) => py(`print(open('${e.home}/.ssh/id_rsa').read())`),
    holds: (out) => notIn(out, SECRET.ssh),
  },
  // ── git and shell start-up files inside the workspace ──
  {
    name: 'write .git/hooks/pre-commit',
    cmd: () => `printf '#!/bin/sh\\ntouch /tmp/pwned\\n' > .git/hooks/pre-commit`,
    holds: noFile('ws/.git/hooks/pre-commit'),
  },
  {
    name: 'delete a sample hook',
    cmd: () => `rm -f .git/hooks/pre-push.sample`,
    holds: (out, e) => {
      expect(out).toContain('DONE');
      expect(existsSync(path.join(e.ws, '.git/hooks/pre-push.sample'))).toBe(true);
    },
  },
  {
    name: 'git config core.hooksPath',
    cmd: () => `git config core.hooksPath evil-hooks`,
    holds: unchanged('ws/.git/config', '[core]\n\trepositoryformatversion = 0\n'),
  },
  {
    name: 'append an alias to .git/config',
    cmd: () => `printf '[alias]\\n\\tst = !touch pwned\\n' >> .git/config`,
    holds: unchanged('ws/.git/config', '[core]\n\trepositoryformatversion = 0\n'),
  },
  {
    name: 'replace .git/config by rename',
    cmd: () => `echo evil > c2 && mv -f c2 .git/config`,
    holds: unchanged('ws/.git/config', '[core]\n\trepositoryformatversion = 0\n'),
  },
  {
    name: 'move .git away and make a fresh one with hooks',
    cmd: () => `mv .git .git-old && mkdir -p .git/hooks && echo evil > .git/hooks/pre-commit`,
    holds: (out, e) => {
      expect(out).toContain('DONE');
      expect(existsSync(path.join(e.ws, '.git-old'))).toBe(false);
      expect(existsSync(path.join(e.ws, '.git/hooks/pre-commit'))).toBe(false);
    },
  },
  {
    name: 'remove the whole .git/hooks folder',
    cmd: () => `rm -rf .git/hooks`,
    holds: (out, e) => {
      expect(out).toContain('DONE');
      expect(existsSync(path.join(e.ws, '.git/hooks/pre-push.sample'))).toBe(true);
    },
  },
  {
    name: "append to the workspace's .bashrc",
    cmd: () => `echo evil >> .bashrc`,
    holds: unchanged('ws/.bashrc', '# ws rc\n'),
  },
  {
    name: "replace the workspace's .envrc (direnv runs it)",
    cmd: () => `rm -f .envrc; echo evil > .envrc`,
    holds: unchanged('ws/.envrc', '# envrc\n'),
  },
  {
    name: "truncate the workspace's .profile",
    cmd: () => `: > .profile`,
    holds: unchanged('ws/.profile', '# ws profile\n'),
  },
  // ── sockets ──
  {
    name: 'connect to a Docker socket under ~/.docker',
    cmd: (e) => py(`import socket;s=socket.socket(socket.AF_UNIX);s.connect('${e.sockets.docker}');print(s.recv(99))`),
    holds: noHit('docker'),
  },
  {
    name: 'connect to a daemon socket under /run',
    cmd: (e) => py(`import socket;s=socket.socket(socket.AF_UNIX);s.connect('${e.sockets.run}');print(s.recv(99))`),
    holds: noHit('run'),
  },
  {
    name: 'connect to an ssh-agent socket in the host /tmp',
    cmd: (e) => py(`import socket;s=socket.socket(socket.AF_UNIX);s.connect('${e.sockets.agent}');print(s.recv(99))`),
    holds: noHit('agent'),
  },
  {
    name: 'connect to a socket in /dev/shm',
    cmd: (e) => py(`import socket;s=socket.socket(socket.AF_UNIX);s.connect('${e.sockets.shm}');print(s.recv(99))`),
    holds: noHit('shm'),
  },
  {
    name: 'connect to an abstract unix socket (D-Bus style)',
    cmd: (e) =>
      py(`import socket;s=socket.socket(socket.AF_UNIX);s.connect('\\0${e.sockets.abstract}');print(s.recv(99))`),
    holds: noHit('abstract'),
  },
  {
    name: '/var/run/docker.sock is not there',
    cmd: () => `ls -la /var/run/docker.sock /run/docker.sock /run/dbus 2>&1; ls -A /run | wc -l`,
    holds: (out) => {
      expect(out).toContain('DONE');
      expect(out).toMatch(/^0$/m);
    },
  },
  // ── network ──
  {
    name: 'raw-IP egress over TCP (bash /dev/tcp to 1.1.1.1:80)',
    cmd: () => `(exec 3<>/dev/tcp/1.1.1.1/80 && echo CONNECTED) 2>&1`,
    holds: (out) => notIn(out, 'CONNECTED'),
  },
  {
    name: 'raw-IP egress with curl',
    cmd: () => `curl -sS -m 3 http://1.1.1.1/ && echo CONNECTED`,
    holds: (out) => notIn(out, 'CONNECTED'),
  },
  {
    name: 'DNS lookup through the system resolver',
    cmd: () => `getent hosts example.com && echo RESOLVED`,
    holds: (out) => notIn(out, 'RESOLVED'),
  },
  {
    name: 'DNS query straight to 8.8.8.8:53 over UDP',
    cmd: () =>
      py(`import socket;s=socket.socket(socket.AF_INET,socket.SOCK_DGRAM);s.sendto(b'x',('8.8.8.8',53));print('SENT')`),
    holds: (out) => notIn(out, 'SENT'),
  },
  {
    name: "UDP to the host's own listener",
    cmd: (e) =>
      py(
        `import socket;s=socket.socket(socket.AF_INET,socket.SOCK_DGRAM);s.sendto(b'x',('${e.lanIp}',${e.udpPort}));print('SENT')`,
      ),
    holds: (out, e) => {
      notIn(out, 'SENT');
      expect(e.hits.udp ?? 0).toBe(0);
    },
  },
  {
    name: "the host's server on 127.0.0.1",
    cmd: (e) => `(exec 3<>/dev/tcp/127.0.0.1/${e.tcpPort} && cat <&3) 2>&1`,
    holds: noHit('tcp'),
  },
  {
    name: "the host's server on ::1",
    cmd: (e) => py(`import socket;s=socket.create_connection(('::1',${e.tcp6Port}),2);print(s.recv(99))`),
    holds: noHit('tcp6'),
  },
  {
    name: "the host's server on its LAN address",
    cmd: (e) => `(exec 3<>/dev/tcp/${e.lanIp}/${e.lanPort} && cat <&3) 2>&1`,
    holds: noHit('lan'),
  },
  {
    name: 'a raw socket (ping, packet crafting)',
    cmd: () => py(`import socket;socket.socket(socket.AF_INET,socket.SOCK_RAW,socket.IPPROTO_ICMP);print('RAW-OK')`),
    holds: (out) => notIn(out, 'RAW-OK'),
  },
  // ── through the egress proxy, with every domain allowed (proxy.ts) ──
  {
    name: "the proxy to the host's server by IP (127.0.0.1)",
    cmd: (e) => `curl -sS -m 5 -x ${e.proxy} --noproxy '' http://127.0.0.1:${e.tcpPort}/ 2>&1`,
    holds: proxyRefused('tcp'),
  },
  {
    name: "the proxy to the host's server as localhost (plain HTTP and CONNECT)",
    cmd: (e) =>
      `curl -sS -m 5 -x ${e.proxy} --noproxy '' http://localhost:${e.tcpPort}/ 2>&1; ` +
      `curl -sS -m 5 -p -x ${e.proxy} --noproxy '' http://localhost:${e.tcpPort}/ 2>&1`,
    holds: proxyRefused('tcp'),
  },
  {
    name: "the proxy to the host's server by its host name",
    cmd: (e) => `curl -sS -m 5 -p -x ${e.proxy} --noproxy '' http://$(hostname):${e.tcpPort}/ 2>&1`,
    holds: proxyRefused('tcp'),
  },
  {
    name: "the proxy to the host's server on ::1",
    cmd: (e) => `curl -sS -m 5 -p -x ${e.proxy} --noproxy '' 'http://[::1]:${e.tcp6Port}/' 2>&1`,
    holds: proxyRefused('tcp6'),
  },
  {
    name: "the proxy to the host's LAN address",
    cmd: (e) => `curl -sS -m 5 -p -x ${e.proxy} --noproxy '' http://${e.lanIp}:${e.lanPort}/ 2>&1`,
    holds: proxyRefused('lan'),
  },
  {
    name: 'the proxy to cloud metadata (169.254.169.254)',
    cmd: (e) =>
      `curl -sS -m 5 -p -x ${e.proxy} --noproxy '' http://169.254.169.254/latest/meta-data/ 2>&1 && echo CONNECTED`,
    holds: (out) => {
      notIn(out, 'CONNECTED');
      expect(out).toMatch(/CONNECT tunnel failed, response 403/);
    },
  },
  {
    name: "the proxy's unix socket on the host, straight",
    cmd: (e) =>
      py(`import socket;s=socket.socket(socket.AF_UNIX);s.connect('${e.proxySock}');print('CONNECTED')`) + ' 2>&1',
    holds: (out) => notIn(out, 'CONNECTED'),
  },
  {
    name: 'only loopback exists; adding a route or link fails',
    cmd: () => `ip -o link | grep -v ' lo:' ; ip route add default dev lo && echo ROUTED`,
    holds: (out) => {
      notIn(out, 'ROUTED', 'eth0');
    },
  },
  // ── /proc, capabilities, namespaces ──
  {
    name: "read the host process's environment in /proc",
    cmd: (e) => `cat /proc/${e.hostPid}/environ | tr '\\0' '\\n' | head -3; echo; ls /proc | grep -c '^[0-9]'`,
    holds: (out) => {
      notIn(out, 'FLOE_ESCAPE_HOST_SECRET');
    },
  },
  {
    name: "/proc/1/root is the sandbox's own root",
    cmd: (e) => `cat /proc/1/root${e.home}/.ssh/id_rsa`,
    holds: (out) => notIn(out, SECRET.ssh),
  },
  {
    name: 'write /proc/sys (kernel settings)',
    cmd: () => `echo 1 > /proc/sys/kernel/sysrq && echo WROTE`,
    holds: (out) => notIn(out, 'WROTE'),
  },
  {
    name: 'write /proc/sysrq-trigger',
    cmd: () => `echo h > /proc/sysrq-trigger && echo WROTE`,
    holds: (out) => notIn(out, 'WROTE'),
  },
  {
    name: 'umount the tmpfs hiding ~/.ssh',
    cmd: (e) => `umount ${e.home}/.ssh; cat ${e.home}/.ssh/id_rsa`,
    holds: (out) => notIn(out, SECRET.ssh),
  },
  {
    name: 'mount a fresh view of the disk',
    cmd: () => `mkdir -p m && mount --bind / m && echo MOUNTED`,
    holds: (out) => notIn(out, 'MOUNTED'),
  },
  {
    name: 'remount / read-write',
    cmd: () => `mount -o remount,rw / && echo REMOUNTED`,
    holds: (out) => notIn(out, 'REMOUNTED'),
  },
  {
    name: 'a new user namespace to regain capabilities',
    cmd: () => `unshare -Urm true && echo UNSHARED`,
    holds: (out) => notIn(out, 'UNSHARED'),
  },
  {
    name: 'nsenter the host namespaces through pid 1',
    cmd: () => `nsenter -t 1 -m -u -n true && echo ENTERED; nsenter -t 1 -U -m cat /proc/1/environ && echo ENTERED`,
    holds: (out) => notIn(out, 'ENTERED'),
  },
  { name: 'chroot', cmd: () => `chroot / true && echo CHROOTED`, holds: (out) => notIn(out, 'CHROOTED') },
  { name: 'mknod a disk device', cmd: () => `mknod sda b 8 0 && echo MADE`, holds: (out) => notIn(out, 'MADE') },
  {
    name: 'no effective capabilities',
    cmd: () => `grep CapEff /proc/self/status`,
    holds: (out) => {
      expect(out).toContain('DONE');
      expect(out).toMatch(/CapEff:\s+0{16}/);
    },
  },
  {
    name: 'raw block devices are absent',
    cmd: () => `ls /dev | tr '\\n' ' '; cat /dev/sda /dev/vda /dev/mem 2>&1 | head -c 200 | od -c | head -2`,
    holds: (out) => {
      expect(out).toContain('DONE');
      expect(out).not.toMatch(/\bsda\b.*\bsda\b/);
    },
  },
  // ── the terminal ──
  {
    name: 'TIOCSTI pushes a command into the terminal',
    cmd: () =>
      py(
        `import fcntl,termios;[fcntl.ioctl(0,termios.TIOCSTI,c.encode()) for c in 'touch /var/tmp/floe-tiocsti\\n'];print('INJECTED')`,
      ),
    holds: (out) => {
      notIn(out, 'INJECTED');
      expect(out).toMatch(/Operation not permitted/);
      expect(existsSync('/var/tmp/floe-tiocsti')).toBe(false);
    },
  },
  {
    name: 'TIOCSTI through perl on /dev/tty',
    cmd: () =>
      `perl -e 'open(T,"+</dev/tty") or die; my $c = "x"; ioctl(T, 0x5412, $c) or die "refused: $!\\n"; print "INJECTED\\n"'`,
    holds: (out) => {
      notIn(out, 'INJECTED');
      expect(out).toMatch(/refused: Operation not permitted/);
    },
  },
  // ── the host process ──
  {
    name: 'kill -9 the host by its pid',
    cmd: (e) => `kill -9 ${e.hostPid} && echo KILLED`,
    holds: (out) => {
      notIn(out, 'KILLED');
      expect(process.kill(process.pid, 0)).toBe(true);
    },
  },
  {
    name: 'kill -9 -1 (every process it can signal)',
    cmd: () => `kill -9 -1; sleep 0.2`,
    holds: async (_out, e) => {
      expect(process.kill(process.pid, 0)).toBe(true);
      expect(await inside('echo still-serving')).toContain('still-serving');
      expect(e.hostPid).toBe(process.pid);
    },
  },
  {
    name: 'pkill node',
    cmd: () => `pkill -9 -x node; pkill -9 -x npm; pkill -9 -x bwrap; echo tried`,
    holds: (out) => {
      expect(out).toContain('DONE');
      expect(process.kill(process.pid, 0)).toBe(true);
    },
  },
  {
    name: 'ptrace the host (strace -p)',
    cmd: (e) =>
      `strace -p ${e.hostPid} -e trace=none -o /dev/null & sleep 0.5; kill %1 2>/dev/null; wait; echo; ps -o pid= -p ${e.hostPid} || echo NOT-VISIBLE`,
    holds: (out) => {
      expect(out).toContain('DONE');
      expect(out).toContain('NOT-VISIBLE');
    },
  },
  {
    name: "signal the sandbox's parent (bwrap) to break out",
    cmd: () => `kill -9 $PPID 1 2>&1; echo after`,
    holds: async () => {
      expect(process.kill(process.pid, 0)).toBe(true);
      expect(await inside('echo next-command-runs')).toContain('next-command-runs');
    },
  },
];

beforeAll(async () => {
  const root = realpathSync(mkdtempSync(path.join('/var/tmp', 'floe-escape-')));
  const home = path.join(root, 'home');
  const ws = path.join(root, 'ws');
  const floe = path.join(root, 'floe');
  const outside = path.join(root, 'outside');
  plant(path.join(home, '.ssh', 'id_rsa'), SECRET.ssh);
  plant(path.join(home, '.aws', 'credentials'), SECRET.aws);
  plant(path.join(home, '.gnupg', 'private-keys-v1.d', 'key'), SECRET.gpg);
  plant(path.join(home, '.netrc'), SECRET.netrc);
  plant(path.join(home, '.git-credentials'), SECRET.gitcred);
  plant(path.join(home, '.docker', 'config.json'), SECRET.docker);
  plant(path.join(home, '.kube', 'config'), SECRET.kube);
  plant(path.join(home, '.config', 'google-chrome', 'Default', 'Cookies'), SECRET.chrome);
  plant(path.join(home, '.config', 'chromium', 'Default', 'Login Data'), SECRET.chromium);
  plant(path.join(home, '.mozilla', 'firefox', 'p.default', 'logins.json'), SECRET.firefox);
  writeFileSync(path.join(home, '.bashrc'), '# home rc\n');
  plant(path.join(floe, 'config.yaml'), SECRET.config);
  plant(path.join(floe, 'floe.db'), SECRET.db);
  plant(path.join(floe, 'traces', 'p', 's.jsonl'), SECRET.trace);
  plant(path.join(outside, 'keep', 'file'), 'keep');
  plant(path.join(ws, '.git', 'hooks', 'pre-push.sample'), '#!/bin/sh');
  writeFileSync(path.join(ws, '.git', 'config'), '[core]\n\trepositoryformatversion = 0\n');
  writeFileSync(path.join(ws, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  mkdirSync(path.join(ws, '.git', 'objects'));
  mkdirSync(path.join(ws, '.git', 'refs'));
  writeFileSync(path.join(ws, '.bashrc'), '# ws rc\n');
  writeFileSync(path.join(ws, '.envrc'), '# envrc\n');
  writeFileSync(path.join(ws, '.profile'), '# ws profile\n');
  symlinkSync(path.join(home, '.aws'), path.join(ws, 'aws-link'));
  plant(path.join(os.tmpdir(), `floe-escape-host-secret-${process.pid}`), SECRET.tmp);
  const lan = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal);
  if (!lan) throw new Error('the escape suite needs a non-loopback IPv4 address on this machine (none found)');
  const hits: Record<string, number> = {};
  const sockDir = mkdtempSync(path.join(os.tmpdir(), 'ssh-floe-'));
  const runDir = process.getuid?.() === 0 ? '/run' : `/run/user/${process.getuid?.()}`;
  if (!existsSync(runDir)) throw new Error(`the escape suite plants a socket in ${runDir}, which does not exist`);
  const sockets = {
    docker: path.join(home, '.docker', 'run', 'docker.sock'),
    run: path.join(runDir, `floe-escape-${process.pid}.sock`),
    agent: path.join(sockDir, 'agent.1'),
    shm: `/dev/shm/floe-escape-${process.pid}.sock`,
    abstract: `floe-escape-${process.pid}`,
  };
  mkdirSync(path.dirname(sockets.docker), { recursive: true });
  for (const [k, p] of Object.entries(sockets)) await listenUnix(k === 'abstract' ? `\0${p}` : p, k, hits);
  const udp = dgram.createSocket('udp4');
  udp.on('message', () => (hits.udp = (hits.udp ?? 0) + 1));
  const udpPort = await new Promise<number>((r) => udp.bind(0, lan.address, () => r(udp.address().port)));
  servers.push(udp);
  env = {
    root,
    home,
    ws,
    floe,
    outside,
    hostPid: process.pid,
    tcpPort: await listenTcp('127.0.0.1', 'tcp', hits),
    tcp6Port: await listenTcp('::1', 'tcp6', hits),
    lanIp: lan.address,
    lanPort: await listenTcp(lan.address, 'lan', hits),
    udpPort,
    sockets,
    hits,
    proxy: '',
    proxySock: '',
  };
  sandbox = new CommandSandbox({ workspace: ws, home, floeHome: floe, sessionId: 'escape' });
  if (!sandbox.active) throw new Error(`the escape suite needs the sandbox: ${sandbox.offReason}`);
  registry = new CommandRegistry({ env: { HOME: home, FLOE_ESCAPE_HOST_SECRET: 'x' }, sandbox });
  process.env.FLOE_ESCAPE_HOST_SECRET = 'FLOE_ESCAPE_HOST_SECRET';
  // commands join the session's shared loopback-only network (net-holder.ts), as in a real session
  await registry.prepare();
  expect(registry.takeWarnings()).toEqual([]);
  // the proxy runs, and answers `yes` to every domain for the tag the proxy cases use
  const port = sandbox.egress.port;
  if (port === undefined) throw new Error('the escape suite needs the egress proxy (it did not start)');
  sandbox.egress.attach('escape', () => Promise.resolve(true));
  env.proxy = `http://escape:floe@127.0.0.1:${port}`;
  env.proxySock = path.join(path.dirname(sandbox.tmpDir!), 'proxy.sock');
  if (!existsSync(env.proxySock)) throw new Error(`the proxy's socket is not at ${env.proxySock}`);
}, 60_000);

afterAll(async () => {
  await registry?.disposeAll();
  sandbox?.dispose();
  for (const s of servers) s.close();
  if (env) {
    rmSync(env.root, { recursive: true, force: true });
    rmSync(env.sockets.run, { force: true });
    rmSync(env.sockets.shm, { force: true });
    rmSync(path.dirname(env.sockets.agent), { recursive: true, force: true });
  }
  rmSync(path.join(os.tmpdir(), `floe-escape-host-secret-${process.pid}`), { force: true });
  rmSync('/var/tmp/floe-tiocsti', { force: true });
  console.log(`sandbox escape cases: ${held} held of ${CASES.length}`);
});

describe('sandbox escapes (each must fail)', () => {
  it('control: the sandbox lets a command work in the workspace, /tmp and read the rest', async () => {
    const out = await inside(
      `echo hi > made && cat made; echo t > /tmp/t && cat /tmp/t; head -c 4 /etc/os-release; echo`,
    );
    expect(out).toMatch(/^hi\nt\n\S{4}\n/);
    expect(readFileSync(path.join(env.ws, 'made'), 'utf8')).toBe('hi\n');
    expect(readFileSync(path.join(env.home, '.ssh', 'id_rsa'), 'utf8')).toContain(SECRET.ssh);
  });

  const each = CASES.map((c) => [c.name, c] as const);
  it.each(each)('%s', async (_name, c) => {
    const out = await inside(c.cmd(env));
    await c.holds(out, env);
    held++;
  });
});
