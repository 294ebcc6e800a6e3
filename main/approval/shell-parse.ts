// Splits a bash command line into the simple commands that would run, using unbash's syntax tree: lists (`;`, `&&`,
// `||`, newlines), pipelines, subshells and groups, `$(…)`, backticks, process substitution, here-documents,
// control flow and function bodies; looks through wrappers (`command`, `env`, `nohup`…) and into `bash -c '…'`.
// What cannot be known before it runs (eval, source, a computed command name, a parse error) is marked dynamic.
// Pure; knows nothing of rules: rule matching is in rules-match.ts.
import { forEachChild, parse, type Command, type Redirection, type SyntaxNode } from 'unbash';
import { evaluatedExpression, evaluatedNames } from './shell-arith.js';
import { execTails, runsCodeReason } from './shell-runners.js';
import { hasInvisibleChars, isPlainAscii, staticWord } from './shell-words.js';
import { gitView, isSafeEnvName, unwrap, type W } from './shell-wrappers.js';

export interface CommandPart {
  /** source text of this simple command (or of the construct that made it dynamic) */
  text: string;
  /** the words of what runs, after transparent wrappers (`command rm x` → rm x); null = computed at run time */
  words: W[];
  /** every word list deny rules are checked against: as written, each wrapper step, the command inside opaque
   *  wrappers (`sudo rm` → rm), and the program's base name (`/bin/rm` → rm) */
  views: W[][];
  /** set when what runs cannot be known statically: no allow rule covers it */
  dynamic?: string;
  /** set when a rule on the command itself must not cover it (writes a file, sets PATH, wraps with sudo…) */
  note?: string;
  /** set when it changes the environment of what runs (PATH, GIT_SSH_COMMAND…): deny rules cannot see through it */
  setsEnv?: boolean;
  /** set when it runs code deny rules cannot see (an interpreter handed text, a wrapper whose options are not
   *  followed, `alias`…): with a deny rule present it asks; allow rules may still cover it */
  runsCode?: string;
}

export interface CommandAnalysis {
  parts: CommandPart[];
}

const MAX_SCRIPT_DEPTH = 4;

/** The simple commands of `source`, in the order they appear. */
export function analyzeCommand(source: string, depth = 0): CommandAnalysis {
  try {
    return analyze(source, depth);
  } catch (e) {
    // thousands of nested `$(` exhaust the stack in the parser or here: nothing in it can be known
    if (!(e instanceof RangeError) || depth > 0) throw e;
    return { parts: [{ text: source, words: [], views: [], dynamic: 'nested too deeply to check' }] };
  }
}

function analyze(source: string, depth: number): CommandAnalysis {
  const parts: CommandPart[] = [];
  if (hasInvisibleChars(source)) {
    parts.push({ text: source, words: [], views: [], dynamic: 'contains invisible or text-direction characters' });
  }
  const script = parse(source);
  const visit = (node: SyntaxNode, src: string): void => {
    if (node.type === 'Script') {
      if (node.source !== undefined) src = node.source;
      const errors = 'errors' in node ? node.errors : undefined;
      if (errors?.length) {
        const e = errors[0];
        parts.push({
          text: src,
          words: [],
          views: [],
          dynamic: `does not parse as bash: ${e.message} at offset ${e.pos}`,
        });
      }
    } else if (node.type === 'Command') {
      parts.push(...commandParts(node, src, depth));
    } else if (node.type === 'Redirected') {
      const note = writeNote(node.redirects, src);
      if (note) parts.push({ text: src.slice(node.pos, node.end), words: [], views: [], note });
    } else if (
      node.type === 'ArithmeticCommand' ||
      node.type === 'ArithmeticFor' ||
      node.type === 'ArithmeticExpansion'
    ) {
      if (arithmeticUsesNames(node)) {
        parts.push({
          text: src.slice(node.pos, node.end),
          words: [],
          views: [],
          dynamic: 'arithmetic on variables can run commands hidden in their values',
        });
      }
    } else if (evaluatedExpression(node)) {
      parts.push({ text: src.slice(node.pos, node.end), words: [], views: [], dynamic: evaluatedExpression(node) });
    } else if (node.type === 'TestCommand' && /\s-(eq|ne|lt|le|gt|ge)\s/.test(src.slice(node.pos, node.end))) {
      parts.push({
        text: src.slice(node.pos, node.end),
        words: [],
        views: [],
        dynamic: 'an arithmetic test evaluates variables as expressions',
      });
    }
    forEachChild(node, (child) => visit(child, src));
  };
  visit(script, source);
  return { parts };
}

function arithmeticUsesNames(node: SyntaxNode): boolean {
  let found = false;
  const walk = (n: SyntaxNode): void => {
    if (found) return;
    if (n.type === 'ArithmeticWord' && !/^(0x[0-9a-f]+|\d+(#[0-9a-z@_]+)?)$/i.test(n.value)) found = true;
    else forEachChild(n, walk);
  };
  forEachChild(node, walk);
  return found;
}

/** A note when a redirection writes to a file (anything but /dev/null and descriptor copies). */
function writeNote(redirects: readonly Redirection[], src: string): string | undefined {
  for (const r of redirects) {
    if (r.type !== 'Redirect') continue;
    if (r.operator === '<' || r.operator === '<&') continue;
    const target = r.target ? staticWord(r.target) : null;
    if (target && (target.value === '/dev/null' || (r.operator === '>&' && /^(\d+-?|-)$/.test(target.value)))) {
      continue;
    }
    return `writes to ${target ? target.value : src.slice(r.pos, r.end)}`;
  }
  return undefined;
}

function commandParts(cmd: Command, src: string, depth: number): CommandPart[] {
  const text = src.slice(cmd.pos, cmd.end);
  const notes: string[] = [];
  let setsEnv = false;
  const redirectNote = writeNote(cmd.redirects, src);
  if (redirectNote) notes.push(redirectNote);
  for (const p of cmd.prefix) {
    if (p.type !== 'Assignment') continue;
    // a bare `x=1` only sets a shell variable; before a command it changes that command's environment
    const harmless = cmd.name ? isSafeEnvName(p.name) : /^[a-z_][a-z0-9_]*$/.test(p.name);
    if (!harmless) {
      notes.push(`sets ${p.name}`);
      setsEnv = true;
    }
  }
  const env = setsEnv ? { setsEnv } : {};
  if (!cmd.name) {
    return notes.length ? [{ text, words: [], views: [], note: notes.join('; '), ...env }] : [];
  }
  const raw: W[] = [cmd.name, ...cmd.args].map((a) => {
    if (a.type !== 'Word') return a.text;
    const s = staticWord(a);
    return s ? s.value : null;
  });
  const nameWord = staticWord(cmd.name);
  if (!nameWord || nameWord.glob) {
    return [{ text, words: raw, views: [raw], dynamic: 'the command name is computed at run time' }];
  }
  const u = unwrap(raw);
  if (u.kind === 'dynamic') return [{ text, words: raw, views: [raw], dynamic: u.reason }];
  if (u.kind === 'script') {
    if (depth >= MAX_SCRIPT_DEPTH) return [{ text, words: raw, views: [raw], dynamic: 'shells nested too deep' }];
    // the script is analysed (deny rules see into it), yet a shell is an interpreter: with a deny rule it asks
    const runsCode = `\`${u.shell} -c\` hands a script to a shell`;
    const inner = analyzeCommand(u.script, depth + 1).parts.map((p) => ({ runsCode, ...p }));
    const extra = notes.length ? [{ text, words: raw, views: [raw], note: notes.join('; '), runsCode, ...env }] : [];
    return [...extra, ...inner];
  }
  const evaluated = evaluatedNames(u.words) ?? evaluatedNames(raw);
  if (evaluated) return [{ text, words: u.words, views: [raw, u.words], dynamic: evaluated }];
  const name = u.words[0];
  if (typeof name === 'string' && !isPlainAscii(name))
    notes.push(`the command name "${name}" has non-ASCII characters`);
  if (!u.transparent) notes.push(`runs through ${raw[0]}`);
  const exported = declaredEnv(u.words);
  if (exported.length) {
    notes.push(...exported.map((n) => `sets ${n}`));
    setsEnv = true;
  }
  const runsCode =
    runsCodeReason(u.words) ??
    (u.transparent ? undefined : `\`${raw[0]}\` runs a command whose options this check does not follow`);
  const git = gitView(u.words);
  const seen = [raw, ...u.inner, u.words, ...(git ? [git] : []), ...execTails(u.words)];
  const views = dedupeViews(seen.flatMap((v) => withBaseName(v)));
  return [
    {
      text,
      words: u.words,
      views,
      ...(notes.length ? { note: notes.join('; ') } : {}),
      ...(setsEnv ? { setsEnv } : {}),
      ...(runsCode ? { runsCode } : {}),
    },
  ];
}

const DECLARES = new Set(['export', 'declare', 'typeset', 'readonly', 'local']);

/** `export PATH=…` and the like: the names a declaration builtin sets that are not plain lower-case shell variables. */
function declaredEnv(words: W[]): string[] {
  if (typeof words[0] !== 'string' || !DECLARES.has(words[0])) return [];
  return words.slice(1).flatMap((w) => {
    const m = w === null ? null : /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(w);
    return m && !/^[a-z_][a-z0-9_]*$/.test(m[1]) && !isSafeEnvName(m[1]) ? [m[1]] : [];
  });
}

function withBaseName(words: W[]): W[][] {
  const name = words[0];
  const out: W[][] = [words];
  if (typeof name === 'string') {
    const b = name.slice(name.lastIndexOf('/') + 1);
    const folded = b.normalize('NFKC');
    if (b !== name) out.push([b, ...words.slice(1)]);
    if (folded !== b) out.push([folded, ...words.slice(1)]);
  }
  return out;
}

function dedupeViews(views: W[][]): W[][] {
  const seen = new Set<string>();
  return views.filter((v) => {
    const k = JSON.stringify(v);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
