// Pure: turns what a login shell reported (its exported variables, functions, aliases and options) into the
// snapshot script each command sources (DESIGN "Terminals"), and decides which profile files the snapshot
// depends on. Only what the login profile changed is exported (variables equal to the command's own environment
// are left alone, ones the profile removed are unset), so a per-command environment still wins where the profile
// did not touch it. Must not spawn processes or touch files.

/** Variables never taken from the login shell: per-shell state, and the hardening every command gets. */
const SNAPSHOT_SKIPPED_VARS: ReadonlySet<string> = new Set([
  'PWD',
  'OLDPWD',
  'SHLVL',
  '_',
  'SHELLOPTS',
  'BASHOPTS',
  'LINES',
  'COLUMNS',
  'TERM',
  'GIT_EDITOR',
  'GIT_TERMINAL_PROMPT',
  'PAGER',
  'GIT_PAGER',
  'FLOE_PROC',
]);

/** Shell options a snapshot must not replay (read-only, or set by the command prelude itself). */
const SKIPPED_OPTIONS = new Set(['login_shell', 'restricted_shell', 'expand_aliases']);

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const EXPORTED_FUNCTION = /^BASH_FUNC_(.+)%%$/;

/** Quotes `v` for bash: single quotes, or `$'…'` when it holds control characters. */
export function bashQuote(v: string): string {
  if (!/[\x00-\x1f\x7f]/.test(v)) return `'${v.replace(/'/g, `'\\''`)}'`;
  let out = "$'";
  for (const ch of v) {
    const c = ch.charCodeAt(0);
    if (ch === '\\') out += '\\\\';
    else if (ch === "'") out += "\\'";
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

/** Parses `env -0` output. */
export function parseEnv0(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of text.split('\0')) {
    const eq = entry.indexOf('=');
    if (eq > 0) out.set(entry.slice(0, eq), entry.slice(eq + 1));
  }
  return out;
}

export interface CapturedShell {
  /** `env -0` of the login shell */
  env: string;
  /** `declare -f` */
  functions: string;
  /** `alias -p` */
  aliases: string;
  /** `shopt -p` and `set +o` */
  options: string;
}

/** The snapshot script: variables the profile set or removed, functions, aliases, options. */
export function buildSnapshot(shell: CapturedShell, commandEnv: Record<string, string>): string {
  const env = parseEnv0(shell.env);
  const lines: string[] = ['# Floe login-environment snapshot (generated; sourced by each command)'];
  const exportedFunctions: string[] = [];
  for (const [k, v] of env) {
    const fn = EXPORTED_FUNCTION.exec(k);
    if (fn) {
      if (NAME.test(fn[1])) exportedFunctions.push(fn[1]);
      continue;
    }
    if (!NAME.test(k) || SNAPSHOT_SKIPPED_VARS.has(k) || commandEnv[k] === v) continue;
    lines.push(`export ${k}=${bashQuote(v)}`);
  }
  for (const k of Object.keys(commandEnv)) {
    if (NAME.test(k) && !SNAPSHOT_SKIPPED_VARS.has(k) && !env.has(k)) lines.push(`unset ${k}`);
  }
  if (shell.functions.trim()) lines.push(shell.functions.trimEnd());
  for (const f of exportedFunctions) lines.push(`export -f ${f}`);
  if (shell.aliases.trim()) lines.push(shell.aliases.trimEnd());
  for (const line of shell.options.split('\n')) {
    const m = /^(?:shopt -[su]|set [-+]o) (\S+)$/.exec(line.trim());
    if (m && !SKIPPED_OPTIONS.has(m[1])) lines.push(line.trim());
  }
  return `${lines.join('\n')}\n`;
}

/** Files a login shell reads (bash's login order plus what those commonly source). */
export function profileFiles(home: string): string[] {
  return [
    '/etc/profile',
    '/etc/bash.bashrc',
    '/etc/profile.d',
    `${home}/.bash_profile`,
    `${home}/.bash_login`,
    `${home}/.profile`,
    `${home}/.bashrc`,
    `${home}/.bash_aliases`,
  ];
}
