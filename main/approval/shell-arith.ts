// Where bash evaluates text as an arithmetic expression or a variable name (issue 19 item 4): array subscripts
// (`${a[i]}`, `a[i]=1`), substring offsets (`${x:i}`), indirection (`${!x}`), integer variables (`declare -i`),
// `[[ -v name ]]`, and the names handed to read, printf -v, unset, getopts, wait -p. Such an evaluation expands a
// value such as `a[$(touch P)]` taken from a variable, so the command it hides runs although no `$(…)` is written.
// Pure: syntax nodes or static words in, the reason out (undefined when nothing is evaluated).
import type { SyntaxNode } from 'unbash';
import type { W } from './shell-wrappers.js';

/** A subscript or offset bash can read without evaluating anything: digits (maybe signed), `@` or `*`. */
const PLAIN_INDEX = /^\s*(-?\s*\d+|@|\*)\s*$/;
/** A variable name bash can take as it is: no subscript, or a plain numeric one. */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*(\[\d+\])?$/;

const plain = (w: { value?: string; parts?: readonly unknown[] } | undefined): boolean =>
  !w || (typeof w.value === 'string' && PLAIN_INDEX.test(w.value) && !w.parts?.some(isExpansion));

const isExpansion = (p: unknown): boolean => {
  const t = (p as { type?: string }).type;
  return t !== 'Literal' && t !== 'SingleQuoted';
};

/** Why this syntax node makes bash evaluate a value as arithmetic or as a name, if it does. */
export function evaluatedExpression(node: SyntaxNode): string | undefined {
  if (node.type === 'ParameterExpansion') {
    if (node.prefix === '!') return 'an indirect expansion `${!…}` evaluates a name taken from a variable';
    if (node.index && !plain(node.index)) return 'an array subscript is evaluated as arithmetic';
    const op = node.operation;
    if (op?.type === 'Slice' && (!plain(op.offset) || (op.length && !plain(op.length)))) {
      return 'a substring offset is evaluated as arithmetic';
    }
  } else if (node.type === 'Assignment') {
    if (node.index && !plain(node.index)) return 'an array subscript is evaluated as arithmetic';
  } else if (node.type === 'TestUnary' && node.operator === '-v') {
    return '`-v` evaluates the subscript of the name it tests';
  }
  return undefined;
}

/** Builtins whose arguments name variables, and which of their arguments do (the rest are values or options). */
function nameArgs(name: string, args: W[]): W[] {
  const after = (flag: string) => args.flatMap((w, i) => (i > 0 && args[i - 1] === flag ? [w] : []));
  switch (name) {
    case 'printf':
      return [...after('-v'), ...args.filter((w) => w?.startsWith('-v') && w.length > 2).map((w) => w!.slice(2))];
    case 'read': {
      const valued = new Set(['-d', '-i', '-n', '-N', '-p', '-t', '-u']);
      return args.filter((w, i) => !(i > 0 && valued.has(args[i - 1] ?? '')) && !w?.startsWith('-'));
    }
    case 'unset':
      return args.filter((w) => !w?.startsWith('-'));
    case 'getopts':
      return args.slice(1, 2);
    case 'wait':
      return after('-p');
    case 'test':
    case '[':
    case '[[':
      return after('-v');
    case 'declare':
    case 'typeset':
    case 'local':
    case 'export':
    case 'readonly':
      return args.filter((w) => !w?.startsWith('-') && !w?.startsWith('+')).map((w) => w && w.replace(/=.*$/s, ''));
    default:
      return [];
  }
}

/** Why a simple command (its static words; null = computed at run time) evaluates a name or arithmetic, if it does. */
export function evaluatedNames(words: W[]): string | undefined {
  const [name, ...args] = words;
  if (typeof name !== 'string') return undefined;
  if (['declare', 'typeset', 'local'].includes(name) && args.some((w) => w === null || /^-[A-Za-z]*i/.test(w))) {
    return `\`${name} -i\` makes a variable evaluate what is assigned to it as arithmetic`;
  }
  const bad = nameArgs(name, args).find((w) => w === null || !PLAIN_NAME.test(w));
  if (bad === undefined) return undefined;
  return bad === null
    ? `\`${name}\` is given a variable name computed at run time, which bash evaluates`
    : `\`${name}\` is given the name "${bad}", whose subscript bash evaluates as arithmetic`;
}
