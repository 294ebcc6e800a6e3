// Pure: what a sandboxed command may touch (issue 19), as lists of paths both backends use (bwrap on Linux,
// Seatbelt on macOS). Everything is readable and nothing writable unless listed; then: writable = the workspace,
// the session's temp dir, Floe's scratch; hidden (read-denied) = credentials, browser profiles, FLOE_HOME (its
// config, database, traces); write-protected even inside a writable folder = .git/hooks, .git/config, shell rc
// files; container sockets are hidden. Paths that do not exist are left out here by the `kind` probe the caller
// passes (a missing file can be neither hidden nor protected by a mount). Must not touch the file system itself.
import path from 'node:path';

export type PathKind = 'dir' | 'file' | 'none';

export interface PolicyInput {
  workspace: string;
  home: string;
  /** FLOE_HOME: hidden as a whole, apart from what is given back below */
  floeHome: string;
  /** the session's temp dir (commands see it as /tmp on Linux, and as TMPDIR) */
  tmpDir: string;
  /** Floe's scratch folder for commands (writable, under FLOE_HOME) */
  scratchDir: string;
  /** the session's login snapshot file (under FLOE_HOME), readable again */
  snapshotFile?: string;
  /** extra folders the project made writable (system_config.yaml sandbox.writable) */
  extraWritable?: string[];
  /**
   * Folders that must stay readable although the sandbox gives commands a /tmp of their own: Floe's own install
   * folder and the host's working folder when they lie under the host's /tmp (a checkout in /tmp runs its MCP
   * servers and scripts from there). /tmp itself is never given back.
   */
  keepReadable?: string[];
  /** what is at a path (the caller stats it) */
  kind: (p: string) => PathKind;
}

export interface SandboxPolicy {
  writable: string[];
  /** read-only again inside a hidden folder (the snapshot) */
  readable: string[];
  /** read-denied: replaced by an empty folder or an empty file */
  hidden: { path: string; kind: 'dir' | 'file' }[];
  /** read-only inside a writable folder */
  protected: string[];
  /**
   * writable folders bound onto themselves, so they are mount points that cannot be renamed or removed: a
   * workspace's `.git` (else `mv .git x` and a fresh .git/hooks would dodge the protection)
   */
  pinned: string[];
  tmpDir: string;
}

/** Credentials and browser profiles under HOME (relative paths). */
export const SECRET_HOME_PATHS = [
  '.ssh',
  '.aws',
  '.gnupg',
  '.netrc',
  '.git-credentials',
  '.docker',
  '.kube',
  '.azure',
  '.config/gcloud',
  '.config/gh',
  '.password-store',
  '.pki',
  '.mozilla',
  '.thunderbird',
  '.config/google-chrome',
  '.config/chromium',
  '.config/BraveSoftware',
  '.config/microsoft-edge',
  '.config/vivaldi',
  '.config/opera',
  '.local/share/keyrings',
  '.colima',
  '.lima',
  'snap/chromium',
  'snap/firefox',
  'Library/Application Support/Google/Chrome',
  'Library/Application Support/Firefox',
  'Library/Keychains',
  'Library/Cookies',
];

/** Container and system daemon sockets outside /run (which is hidden as a whole on Linux). */
export const CONTAINER_SOCKETS = [
  '/var/run/docker.sock',
  '/var/run/containerd',
  '/var/run/podman',
  '/var/run/crio',
  '/var/lib/docker',
  '/var/lib/containerd',
];

/** Shell start-up files: a command that edits one runs code in the user's next (unsandboxed) shell. */
export const SHELL_RC_FILES = [
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.bash_logout',
  '.profile',
  '.zshrc',
  '.zshenv',
  '.zprofile',
  '.zlogin',
  '.config/fish/config.fish',
  '.envrc',
];

/** Inside a writable folder, what stays read-only: git's code-running files and shell start-up files. */
const PROTECTED_IN_WRITABLE = ['.git/hooks', '.git/config', ...SHELL_RC_FILES];

const inside = (child: string, parent: string): boolean => {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

export function sandboxPolicy(i: PolicyInput): SandboxPolicy {
  const writable = [i.workspace, i.scratchDir, ...(i.extraWritable ?? [])].filter((p) => i.kind(p) === 'dir');
  const hidden: SandboxPolicy['hidden'] = [];
  const hide = (p: string): void => {
    const k = i.kind(p);
    if (k === 'none') return;
    // a writable folder inside a hidden one stays reachable (it is bound again after the hiding)
    hidden.push({ path: p, kind: k });
  };
  for (const rel of SECRET_HOME_PATHS) hide(path.join(i.home, rel));
  for (const p of CONTAINER_SOCKETS) hide(p);
  hide(i.floeHome);
  const readable = i.snapshotFile && i.kind(i.snapshotFile) === 'file' ? [i.snapshotFile] : [];
  for (const p of i.keepReadable ?? []) {
    const rel = path.relative('/tmp', p);
    const underTmp = rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
    if (underTmp && i.kind(p) === 'dir' && !readable.includes(p) && !writable.some((w) => inside(p, w)))
      readable.push(p);
  }
  const prot: string[] = [];
  const pinned: string[] = [];
  for (const w of writable) {
    // `.git` as a file (a linked worktree) names the git folder: rewriting it would point git at planted hooks
    const git = path.join(w, '.git');
    const gitKind = i.kind(git);
    if (gitKind === 'dir') pinned.push(git);
    else if (gitKind === 'file') prot.push(git);
    for (const rel of PROTECTED_IN_WRITABLE) {
      const p = path.join(w, rel);
      if (i.kind(p) !== 'none' && !prot.includes(p)) prot.push(p);
    }
    // HOME's own start-up files when a writable folder contains HOME (a workspace at or above it)
    if (inside(i.home, w) && i.home !== w) {
      for (const rel of SHELL_RC_FILES) {
        const p = path.join(i.home, rel);
        if (i.kind(p) !== 'none' && !prot.includes(p)) prot.push(p);
      }
    }
  }
  return { writable, readable, hidden, protected: prot, pinned, tmpDir: i.tmpDir };
}
