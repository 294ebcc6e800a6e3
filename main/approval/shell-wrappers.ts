// Commands that run another command named in their arguments (`command rm`, `env X=1 rm`, `sudo rm`, `xargs rm`)
// and commands that run code from a string or file (`eval`, `source`, `bash -c`). Pure: given the static words of
// one simple command, says what it really runs. Knows nothing of rules or of the parser.

/** A word of a simple command: its static value, or null when known only at run time. */
export type W = string | null;

export type Unwrapped =
  /** `words` is what runs; `through` lists the wrappers passed on the way (empty for a plain command) */
  | { kind: 'command'; words: W[]; through: string[]; transparent: boolean; inner: W[][] }
  /** runs code this analysis cannot see: eval, source, a shell's -c with a computed script */
  | { kind: 'dynamic'; reason: string }
  /** a shell's -c with a static script: analyse that script too */
  | { kind: 'script'; script: string; shell: string };

/** Wrappers that run their argument command unchanged (same user, same meaning): rules look through them. */
const TRANSPARENT: Record<string, (args: W[]) => number | null> = {
  command: (a) => skipFlags(a, { p: 0 }, ['-v', '-V']),
  builtin: () => 0,
  exec: (a) => skipFlags(a, { c: 0, l: 0, a: 1 }),
  nohup: (a) => skipFlags(a, {}),
  time: (a) => skipFlags(a, { p: 0 }),
  nice: (a) => skipFlags(a, { n: 1 }, [], /^-\d+$/),
  timeout: (a) => {
    const i = skipFlags(a, { s: 1, k: 1, v: 0, preserveStatus: 0, foreground: 0 });
    return i === null || i >= a.length ? null : i + 1; // the duration
  },
  stdbuf: (a) => skipFlags(a, { i: 1, o: 1, e: 1 }),
  env: (a) => {
    let i = 0;
    for (; i < a.length; i++) {
      const w = a[i];
      if (w === null) return null;
      if (w === '--') return i + 1;
      if (w === '-i' || w === '-' || w === '--ignore-environment') continue;
      if (w === '-u') {
        i++;
        continue;
      }
      if (w.startsWith('-')) return null; // -S splits a string into words, -C changes directory: not followed
      const m = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(w);
      if (m) {
        if (!isSafeEnvName(m[1])) return null;
        continue;
      }
      return i;
    }
    return i;
  },
};

/** Wrappers that change who or how often a command runs: a rule must name them, but deny rules see inside. */
const OPAQUE = new Set([
  'sudo',
  'doas',
  'xargs',
  'watch',
  'su',
  'chroot',
  'unshare',
  'nsenter',
  'flock',
  'parallel',
  'busybox',
  // issue 19: more programs that run the command in their arguments; deny rules see every tail, and with a deny
  // rule present they ask (their options are not followed, so which word is the command is not known)
  'setsid',
  'ionice',
  'taskset',
  'chrt',
  'flock',
  'script',
  'strace',
  'ltrace',
  'valgrind',
  'runuser',
  'pkexec',
  'setpriv',
  'setarch',
  'linux32',
  'linux64',
  'numactl',
  'cgexec',
  'catchsegv',
  'firejail',
  'bwrap',
  'proot',
  'fakeroot',
  'faketime',
  'torsocks',
  'proxychains',
  'proxychains4',
  'dbus-run-session',
  'dbus-launch',
  'xvfb-run',
  'systemd-run',
  'caffeinate',
  'rlwrap',
  'unbuffer',
  'entr',
  'tmux',
  'screen',
  'ssh',
]);

/** Shells: any use runs shell code (a -c script, a script file, or commands read from the input). */
export const SHELLS = new Set(['bash', 'sh', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'fish', 'rbash', 'csh', 'tcsh']);

/** Builtins and programs that run code from a string or a file. */
const CODE_RUNNERS = new Set(['eval', 'source', '.', 'trap', 'fc', 'enable', 'coproc', 'let', 'mapfile', 'readarray']);

/**
 * Environment variables a command may be given (`NODE_ENV=test npm test`) without changing which program runs or
 * what code it loads. Anything else (PATH, LD_PRELOAD, BASH_ENV, GIT_SSH_COMMAND, NODE_OPTIONS...) is not covered
 * by a rule on the command.
 */
const SAFE_ENV = new Set([
  'NODE_ENV',
  'CI',
  'DEBUG',
  'RUST_LOG',
  'RUST_BACKTRACE',
  'FORCE_COLOR',
  'NO_COLOR',
  'TZ',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'TERM',
  'COLUMNS',
  'LINES',
  'PYTHONUNBUFFERED',
  'PYTHONDONTWRITEBYTECODE',
  'GOOS',
  'GOARCH',
  'CGO_ENABLED',
  'VERBOSE',
  'TEST',
  'TESTS',
]);

export function isSafeEnvName(name: string): boolean {
  return SAFE_ENV.has(name) || /^LC_[A-Z]+$/.test(name);
}

/**
 * Skips leading options. `withValue` maps an option letter (or long name without dashes, camel-cased) to how many
 * values it takes. Returns the index of the first non-option word, or null when an option is not understood or a
 * word is computed at run time.
 */
function skipFlags(
  args: W[],
  withValue: Record<string, number>,
  stopAt: string[] = [],
  alsoFlag?: RegExp,
): number | null {
  let i = 0;
  while (i < args.length) {
    const w = args[i];
    if (w === null) return null;
    if (stopAt.includes(w)) return null;
    if (w === '--') return i + 1;
    if (!w.startsWith('-') || w === '-') return i;
    if (alsoFlag?.test(w)) {
      i++;
      continue;
    }
    const name = w
      .replace(/^--?/, '')
      .replace(/=.*$/, '')
      .replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if (!(name in withValue)) return null;
    i += 1 + (w.includes('=') ? 0 : withValue[name]);
  }
  return i;
}

const base = (w: string): string => w.slice(w.lastIndexOf('/') + 1);

/** What a simple command runs, looking through wrappers (at most 8 deep). */
export function unwrap(words: W[]): Unwrapped {
  let cur = words;
  const through: string[] = [];
  const inner: W[][] = [];
  const transparent = true;
  for (let depth = 0; depth < 8; depth++) {
    const name = cur[0];
    if (name === null || name === undefined) return { kind: 'command', words: cur, through, transparent, inner };
    const b = base(name);
    if (CODE_RUNNERS.has(b)) return { kind: 'dynamic', reason: `\`${b}\` runs code this check cannot see` };
    if (SHELLS.has(b)) {
      const c = cur.indexOf('-c');
      const flags = cur.slice(1).filter((w) => w !== null && /^-[a-z]*c[a-z]*$/.test(w));
      if (c < 0 && flags.length === 0) return { kind: 'command', words: cur, through, transparent, inner };
      const at = c >= 0 ? c : cur.indexOf(flags[0]);
      const script = cur[at + 1];
      if (typeof script !== 'string')
        return { kind: 'dynamic', reason: `\`${b} -c\` runs a script computed at run time` };
      return { kind: 'script', script, shell: b };
    }
    const skip = TRANSPARENT[b];
    const opaque = OPAQUE.has(b);
    if (!skip && !opaque) return { kind: 'command', words: cur, through, transparent, inner };
    const args = cur.slice(1);
    if (opaque) {
      // for deny rules only: every tail that starts with a word that is not an option (an option's value such as
      // `sudo -u root rm` cannot be told from the command without knowing each option, so all tails are kept)
      args.forEach((w, i) => {
        if (w !== null && !w.startsWith('-')) inner.push(args.slice(i));
      });
      return { kind: 'command', words: cur, through, transparent: false, inner };
    }
    const i = skip!(args);
    if (i === null) {
      if (b === 'command' && args.length && (args[0] === '-v' || args[0] === '-V')) {
        return { kind: 'command', words: cur, through, transparent, inner }; // a lookup, runs nothing
      }
      return { kind: 'dynamic', reason: `\`${b}\` with options this check does not understand` };
    }
    if (i >= args.length) return { kind: 'command', words: cur, through, transparent, inner };
    through.push(b);
    inner.push(cur);
    cur = args.slice(i);
  }
  return { kind: 'dynamic', reason: 'wrappers nested too deep' };
}

/** git's global options that take a value as the next word (`git -C dir push`). */
const GIT_VALUED = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env', '--attr-source']);
/** git's global options that take no value (or only as `--opt=value`). */
const GIT_FLAGS = new Set([
  '-p',
  '-P',
  '--paginate',
  '--no-pager',
  '--bare',
  '--no-replace-objects',
  '--no-lazy-fetch',
  '--no-optional-locks',
  '--no-advice',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--exec-path',
]);
/** git's global options written `--opt=value`. */
const GIT_WITH_VALUE = /^--(git-dir|work-tree|namespace|config-env|attr-source|exec-path|super-prefix)=/;

/**
 * `git [global options] <subcommand> …` as `git <subcommand> …`, so that a rule on `git push` sees
 * `git -C . push`, `git --no-pager push` and `git -c k=v push`. An option it does not know (or a word computed at
 * run time) leaves the subcommand unknown: null in its place. Undefined when the words are not a git command with
 * global options.
 */
export function gitView(words: W[]): W[] | undefined {
  if (typeof words[0] !== 'string' || base(words[0]) !== 'git') return undefined;
  let i = 1;
  for (; i < words.length; i++) {
    const w = words[i];
    if (w === null) return ['git', null];
    if (!w.startsWith('-')) break;
    if (/^(-v|--version|-h|--help)$/.test(w)) return undefined; // runs no subcommand
    if (GIT_VALUED.has(w)) i++;
    else if (!GIT_FLAGS.has(w) && !GIT_WITH_VALUE.test(w) && !/^-[cC]./s.test(w)) return ['git', null];
  }
  return i === 1 ? undefined : ['git', ...words.slice(i)];
}
