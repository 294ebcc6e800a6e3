// Decides a tool call by approval rules (issue 13). Deny wins; a command line is allowed by rules only if every
// simple command in it is covered by an allow rule; what cannot be known statically is never covered, and asks
// when any deny rule could have matched it. Pure: rules and the call in, an outcome out.
import { NETWORK_TOOL, decideDomain, domainOf } from './domain-rules.js';
import { globMatch } from './glob.js';
import { suggestPrefix, type Rule } from './rules.js';
import type { CommandPart } from './shell-parse.js';
import { analyzeCommand } from './shell-parser.js';
import type { W } from './shell-wrappers.js';

export interface Uncovered {
  /** the part of the command line, as written */
  text: string;
  /** why no rule covers it */
  reason: string;
  /** a prefix a person could allow (`npm test`), when one makes sense */
  suggestion?: string;
}

export interface RuleOutcome {
  /** 'none': the rules do not decide; the approval mode does */
  verdict: 'allow' | 'deny' | 'ask' | 'none';
  /** the rules that decided (several when a compound command was allowed part by part) */
  rules: Rule[];
  /** exec_command: the parts no allow rule covers */
  uncovered: Uncovered[];
  /** exec_command: the simple commands found (for the approval card) */
  parts: CommandPart[];
}

type Match = 'yes' | 'maybe' | 'no';

/** Longest command the rules check (issue 26: matching is linear, and parsing a bigger one is not worth it). */
export const MAX_RULE_COMMAND = 32 * 1024;

export function toolMatches(ruleTool: string, toolName: string): boolean {
  return /[*?]/.test(ruleTool)
    ? globMatch(ruleTool, toolName, { ignoreCase: true })
    : ruleTool.toLowerCase() === toolName.toLowerCase();
}

const isGlob = (p: string): boolean => /[*?]/.test(p);
/** stands for a word computed at run time: only a `*` of a glob can match it */
const RUNTIME = '\u0000';

/** Matches a command pattern against a command's words: 'maybe' when a run-time word decides it. */
export function patternMatches(pattern: string, words: W[]): Match {
  if (isGlob(pattern)) {
    // commands are case-sensitive
    if (globMatch(pattern, words.map((w) => (w === null ? RUNTIME : w)).join(' '))) return 'yes';
    if (!words.some((w) => w === null)) return 'no';
    // a run-time word could still make it match, unless a literal word of the pattern already differs
    const tokens = pattern.split(' ');
    for (let i = 0; i < tokens.length && i < words.length; i++) {
      const w = words[i];
      if (w === null || isGlob(tokens[i])) return 'maybe';
      if (w !== tokens[i]) return 'no';
    }
    return 'maybe';
  }
  const want = pattern.split(' ');
  let result: Match = 'yes';
  for (let i = 0; i < want.length; i++) {
    if (i >= words.length) return 'no';
    const w = words[i];
    if (w === null) result = 'maybe';
    else if (w !== want[i]) return 'no';
  }
  return result;
}

function commandOf(argumentsJson: string): string | null {
  try {
    const v: unknown = JSON.parse(argumentsJson);
    const cmd = v && typeof v === 'object' ? (v as { cmd?: unknown }).cmd : undefined;
    return typeof cmd === 'string' ? cmd : null;
  } catch {
    return null;
  }
}

const outcome = (
  verdict: RuleOutcome['verdict'],
  rules: Rule[],
  uncovered: Uncovered[] = [],
  parts: CommandPart[] = [],
): RuleOutcome => ({
  verdict,
  rules,
  uncovered,
  parts,
});

/** The rules' verdict on one call of `toolName` (the resolved target) with its arguments (a JSON string). */
export function decideByRules(rules: readonly Rule[], toolName: string, argumentsJson: string): RuleOutcome {
  // a sandboxed command's request for a domain: network rules only (domain-rules.ts)
  if (toolName === NETWORK_TOOL) {
    const d = decideDomain(rules, domainOf(argumentsJson));
    return outcome(d.verdict, d.rules, d.uncovered);
  }
  const mine = rules.filter((r) => toolMatches(r.tool, toolName));
  const whole = mine.filter((r) => r.pattern === null);
  const byAction = (rs: Rule[], a: Rule['action']) => rs.filter((r) => r.action === a);

  const wholeDeny = byAction(whole, 'deny');
  if (wholeDeny.length) return outcome('deny', [wholeDeny[0]]);

  const cmd = toolName === 'exec_command' ? commandOf(argumentsJson) : null;
  if (cmd === null) {
    const ask = byAction(whole, 'ask');
    if (ask.length) return outcome('ask', [ask[0]]);
    const allow = byAction(whole, 'allow');
    if (allow.length) return outcome('allow', [allow[0]]);
    return outcome('none', []);
  }

  const patterned = mine.filter((r) => r.pattern !== null);
  const denies = byAction(patterned, 'deny');
  if (cmd.length > MAX_RULE_COMMAND) {
    // too long to check: no rule allows it; with a deny or ask rule that might apply, a person decides
    const why = {
      text: `${cmd.slice(0, 80)}…`,
      reason: `the command is ${cmd.length} characters long; rules check commands of at most ${MAX_RULE_COMMAND}`,
    };
    const wholeAsk = byAction(whole, 'ask');
    const careful = [...denies, ...byAction(patterned, 'ask'), ...wholeAsk];
    if (careful.length) return outcome('ask', wholeAsk.length ? [wholeAsk[0]] : [], [why]);
    const wholeAllow = byAction(whole, 'allow');
    if (wholeAllow.length) return outcome('allow', [wholeAllow[0]]);
    return outcome('none', [], [why]);
  }
  const { parts } = analyzeCommand(cmd);

  // 1. deny wins: any view of any part that a deny rule matches
  const maybeDeny: Uncovered[] = [];
  const maybeRules: Rule[] = [];
  for (const part of parts) {
    for (const rule of denies) {
      const m = bestMatch(rule.pattern!, part.views);
      if (m === 'yes')
        return outcome('deny', [rule], [{ text: part.text, reason: `denied by rule ${rule.id}` }], parts);
      if (m === 'maybe') {
        maybeDeny.push({
          text: part.text,
          reason: `may run what deny rule ${rule.id} forbids (a word is computed at run time)`,
        });
        maybeRules.push(rule);
      }
    }
  }
  if (maybeDeny.length) return outcome('ask', maybeRules, maybeDeny, parts);
  // fail closed (issue 19): with a deny rule, what deny rules cannot see into asks
  const named = denies.length ? namesDenied(parts, denies) : [];
  if (named.length)
    return outcome(
      'ask',
      named.map((n) => n.rule),
      named.map((n) => n.uncovered),
      parts,
    );
  const hidden = parts.filter((p) => p.dynamic || p.setsEnv || p.runsCode);
  if (hidden.length && denies.length) {
    const why = (p: CommandPart) =>
      p.dynamic ?? p.runsCode ?? `${p.note ?? 'changes the environment'}, which can change what runs`;
    return outcome(
      'ask',
      [],
      hidden.map((p) => ({ text: p.text, reason: `${why(p)}; a deny rule might apply` })),
      parts,
    );
  }

  // 2. ask rules
  const wholeAsk = byAction(whole, 'ask');
  if (wholeAsk.length) return outcome('ask', [wholeAsk[0]], [], parts);
  for (const part of parts) {
    for (const rule of byAction(patterned, 'ask')) {
      if (bestMatch(rule.pattern!, part.views) !== 'no') {
        return outcome('ask', [rule], [{ text: part.text, reason: `ask rule ${rule.id}` }], parts);
      }
    }
  }

  // 3. allow: the whole tool, or every part by a prefix/glob rule
  const wholeAllow = byAction(whole, 'allow');
  if (wholeAllow.length) return outcome('allow', [wholeAllow[0]], [], parts);
  const allows = byAction(patterned, 'allow');
  const used: Rule[] = [];
  const uncovered: Uncovered[] = [];
  for (const part of parts) {
    if (part.dynamic) {
      uncovered.push({ text: part.text, reason: part.dynamic });
      continue;
    }
    if (part.note) {
      uncovered.push({ text: part.text, reason: part.note });
      continue;
    }
    const rule = allows.find((r) => patternMatches(r.pattern!, part.words) === 'yes');
    if (rule) {
      if (!used.includes(rule)) used.push(rule);
    } else {
      const suggestion = suggestPrefix(part.words);
      uncovered.push({ text: part.text, reason: 'no rule covers this command', ...(suggestion ? { suggestion } : {}) });
    }
  }
  if (parts.length && !uncovered.length) return outcome('allow', used, [], parts);
  return outcome('none', [], uncovered, parts);
}

/** The program a deny rule names (`rm` of `rm -rf *`), when its first word is literal. */
const deniedProgram = (pattern: string): string | null => {
  const first = pattern.split(' ')[0];
  return /[*?]/.test(first) ? null : first.slice(first.lastIndexOf('/') + 1);
};

/**
 * Parts that hand a denied program to another (`cp /bin/rm x`, `ln -s /bin/rm`, `hash -p /bin/rm ls`,
 * `echo rm x | bash`): an argument whose base name is (or, as a glob, could be) the program a deny rule names.
 */
function namesDenied(parts: CommandPart[], denies: Rule[]): { rule: Rule; uncovered: Uncovered }[] {
  const out: { rule: Rule; uncovered: Uncovered }[] = [];
  for (const part of parts) {
    const args = new Set(part.views.flatMap((v) => v.slice(1)).filter((w): w is string => w !== null));
    for (const rule of denies) {
      const program = deniedProgram(rule.pattern!);
      if (!program) continue;
      const hit = [...args].find((w) => {
        const b = w.slice(w.lastIndexOf('/') + 1);
        return b === program || b.includes('[') || (/[*?]/.test(b) && globMatch(b, program));
      });
      if (hit !== undefined) {
        out.push({
          rule,
          uncovered: {
            text: part.text,
            reason: `names ${hit}, the program deny rule ${rule.id} forbids: it may run it under another name`,
          },
        });
        break;
      }
    }
  }
  return out;
}

function bestMatch(pattern: string, views: W[][]): Match {
  let best: Match = 'no';
  for (const v of views) {
    const m = patternMatches(pattern, v);
    if (m === 'yes') return 'yes';
    if (m === 'maybe') best = 'maybe';
  }
  return best;
}
