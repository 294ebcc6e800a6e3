// Commands that run code deny rules cannot see (issue 19 item 4): shells and language interpreters handed code as
// text or on their input (`bash`, `python3 -c`, `perl -e`, `echo … | sh`), tools with their own way to run
// commands (`awk` system(), `sed` e, `find -exec`, `make` recipes, `git -c alias.x=!…`, `tar --to-command`) and
// builtins that change what a later name runs (`alias`, `hash -p`). When a deny rule exists such a command asks.
// Pure: the static words of one simple command (after transparent wrappers) in, the reason out.
import { SHELLS, type W } from './shell-wrappers.js';

const base = (w: string): string => w.slice(w.lastIndexOf('/') + 1);

/** Language interpreters and the options that hand them code as text; without a script file they read stdin. */
const INTERPRETERS: [RegExp, RegExp][] = [
  [/^(python[0-9.]*|pypy[0-9.]*)$/, /^-[a-zA-Z]*c/],
  [/^(perl[0-9.]*|ruby|irb)$/, /^-[a-zA-Z]*[eE]/],
  [/^(node|nodejs|bun|tsx|ts-node)$/, /^(-[a-zA-Z]*[ep]|--eval|--print)/],
  [/^deno$/, /^(eval|-[a-zA-Z]*e)$/],
  [/^php[0-9.]*$/, /^-[a-zA-Z]*[rRBEFa]/],
  [/^(lua[0-9.]*|luajit|julia|Rscript|R|racket|osascript)$/, /^-[a-zA-Z]*[eE]/],
  [/^(tclsh|wish|expect|guile|pwsh|powershell)$/, /^(-[a-zA-Z]*c|-command|-encodedcommand)/i],
];

/** Tools whose own language can run shell commands, or that run a file of commands: any use asks. */
const ALWAYS = new Map<string, string>([
  ...['awk', 'gawk', 'mawk', 'nawk'].map((n): [string, string] => [n, '`awk` can run commands with system()']),
  ...['make', 'gmake', 'bmake'].map((n): [string, string] => [n, '`make` runs the shell recipes of a makefile']),
  ...['m4', 'ed', 'ex', 'vi', 'vim', 'nvim', 'view', 'emacs', 'gdb', 'lldb', 'sqlite3', 'psql', 'mysql', 'dc'].map(
    (n): [string, string] => [n, `\`${n}\` can run shell commands from its own commands`],
  ),
  ...['at', 'batch', 'crontab'].map((n): [string, string] => [n, `\`${n}\` schedules commands to run later`]),
]);

/** find and fd: the options after which the rest of the words are a command they run. */
const EXEC_OPTIONS: [RegExp, RegExp][] = [
  [/^(find|gfind)$/, /^-(exec|execdir|ok|okdir)$/],
  [/^(fd|fdfind)$/, /^(-x|-X|--exec|--exec-batch)$/],
];

/** Options of other tools that hand a command to a shell. */
const COMMAND_OPTIONS: [RegExp, RegExp, string][] = [
  ...EXEC_OPTIONS.map(([n, o]): [RegExp, RegExp, string] => [n, o, 'runs the command given to its -exec option']),
  [
    /^(tar|gtar|bsdtar)$/,
    /^(-I|-F|--to-command|--use-compress-program|--checkpoint-action|--info-script|--rsh-command|--new-volume-script)/,
    'runs the command given to one of its options',
  ],
  [/^rsync$/, /^(-e|--rsh|--rsync-path)/, 'runs the command given to --rsh or --rsync-path'],
  [/^(zip)$/, /^(-TT|--unzip-command)/, 'runs the command given to --unzip-command'],
  [/^(less|more|most)$/, /^\+/, 'runs the commands given with +'],
  [/^man$/, /^(-P|--pager|-H|--html)/, 'runs the pager or browser it is given'],
];

/** The commands `find -exec` and `fd -x` run, for deny rules: the words after each such option. */
export function execTails(words: W[]): W[][] {
  const name = typeof words[0] === 'string' ? base(words[0]) : '';
  const spec = EXEC_OPTIONS.find(([n]) => n.test(name));
  if (!spec) return [];
  const tails: W[][] = [];
  words.forEach((w, i) => {
    if (w !== null && spec[1].test(w) && i + 1 < words.length) tails.push(words.slice(i + 1));
  });
  return tails;
}

/** git settings whose value git runs as a command (aliases with `!`, core.pager, *.command, filters…). */
const GIT_RUNS = new RegExp(
  '^(alias\\.|core\\.|.*\\.(command|cmd|helper|program|textconv|driver|external|clean|smudge|process|editor|pager)$)',
  'i',
);

/** git: options before the subcommand that can run programs, and subcommands that run commands they are given. */
function gitReason(args: W[]): string | undefined {
  let i = 0;
  for (; i < args.length; i++) {
    const w = args[i];
    if (w === null) return 'a git option computed at run time could run a program';
    if (/^(-c|--config-env|--exec-path)/.test(w))
      return `\`git ${w.replace(/=.*$/s, '')}\` can make git run any program`;
    if (!w.startsWith('-')) break;
    if (w === '-C' || w === '--git-dir' || w === '--work-tree' || w === '--namespace') i++;
  }
  const sub = args[i];
  const rest = args.slice(i + 1);
  if (sub === 'config' && rest.some((w) => w === null || GIT_RUNS.test(w)))
    return '`git config` here sets something git runs as a command';
  if (sub === 'submodule' && rest.includes('foreach')) return '`git submodule foreach` runs the command it is given';
  if (sub === 'bisect' && rest[0] === 'run') return '`git bisect run` runs the command it is given';
  if (sub === 'rebase' && rest.some((w) => w === null || /^(-x|--exec)/.test(w)))
    return '`git rebase --exec` runs the command it is given';
  if (sub === 'filter-branch') return '`git filter-branch` runs the commands it is given';
  return undefined;
}

const INFO = /^(-V|-v|--version|-h|--help)$/;

/** Why this command runs code deny rules cannot see, or undefined. `words[0]` is the program as written. */
export function runsCodeReason(words: W[]): string | undefined {
  const name = words[0];
  if (typeof name !== 'string') return undefined;
  const b = base(name);
  const args = words.slice(1);
  if (SHELLS.has(b)) return `\`${b}\` runs shell code this check cannot see`;
  const always = ALWAYS.get(b);
  if (always) return always;
  for (const [n, inline] of INTERPRETERS) {
    if (!n.test(b)) continue;
    if (args.some((w) => w === null)) return `\`${b}\` is given an argument computed at run time`;
    if (args.some((w) => inline.test(w!))) return `\`${b}\` is handed code as text`;
    const script = args.find((w) => !w!.startsWith('-'));
    if (script === undefined && !(args.length === 1 && INFO.test(args[0]!))) {
      return `\`${b}\` reads code from its input`;
    }
    if (script === '-') return `\`${b}\` reads code from its input`;
    return undefined;
  }
  if (b === 'sed' || b === 'gsed') {
    // the `e` command and the s///e flag run shell commands; -f reads a script this check cannot see
    const scripts = args.flatMap((w, i) =>
      i > 0 && (args[i - 1] === '-e' || args[i - 1] === '--expression') ? [w] : [],
    );
    if (!scripts.length) scripts.push(args.find((w) => w === null || !w.startsWith('-')) ?? '');
    if (args.some((w) => w === null || /^(-f|--file)/.test(w)) || scripts.some((s) => s === null || /e/.test(s))) {
      return '`sed` can run shell commands (its `e` command)';
    }
    return undefined;
  }
  if (b === 'git') return gitReason(args);
  if (b === 'alias' && args.some((w) => w === null || w.includes('='))) {
    return '`alias` changes what a later command name runs';
  }
  if (b === 'hash' && args.some((w) => w === null || /^-[a-zA-Z]*p/.test(w))) {
    return '`hash -p` changes what a later command name runs';
  }
  for (const [n, opt, why] of COMMAND_OPTIONS) {
    if (n.test(b) && args.some((w) => w === null || opt.test(w))) return `\`${b}\` ${why}`;
  }
  return undefined;
}

/** A shell, a language interpreter or a tool with its own command language: what it runs is its script. */
export function isInterpreter(name: string): boolean {
  const b = base(name);
  return SHELLS.has(b) || ALWAYS.has(b) || INTERPRETERS.some(([n]) => n.test(b));
}
