// Approval rules (issue 13): what a rule is, how one is written by a person (`allow exec_command "git status"`),
// and how it names itself in a trace. Pure; storage is main/store/rules.ts, matching is rules-match.ts.
import { NETWORK_TOOL, checkDomainPattern } from './domain-rules.js';
import { isInterpreter, runsCodeReason } from './shell-runners.js';
import type { Rule, RuleAction, RuleScope } from './rule.js';
import { WRITE_TOOL, checkFolderPattern } from './write-rules.js';

export type { Rule, RuleAction, RuleScope } from './rule.js';

const RULE_ACTIONS: readonly RuleAction[] = ['allow', 'deny', 'ask'];
const RULE_SCOPES: readonly RuleScope[] = ['session', 'project', 'global'];

export type NewRule = Omit<Rule, 'id' | 'createdAt'>;

/** A rule a person wrote is wrong: hosts answer bad_request, the CLI exits 2. */
export class RuleInputError extends Error {
  override name = 'UserError';
  readonly userError = true;
  readonly code = 'bad_request' as const;
}

const SHELL_ALIASES = new Set(['bash', 'shell']);

/** Checks and normalises a rule a person typed. Throws RuleInputError saying what is wrong and what to do. */
export function validateRule(r: {
  action: string;
  scope: string;
  scopeKey: string;
  tool: string;
  pattern?: string | null;
}): NewRule {
  if (!(RULE_ACTIONS as readonly string[]).includes(r.action)) {
    throw new RuleInputError(`rule action "${r.action}" is not one of ${RULE_ACTIONS.join(', ')}`);
  }
  if (!(RULE_SCOPES as readonly string[]).includes(r.scope)) {
    throw new RuleInputError(`rule scope "${r.scope}" is not one of ${RULE_SCOPES.join(', ')}`);
  }
  let tool = r.tool.trim();
  if (!tool) throw new RuleInputError('a rule needs a tool name or glob, e.g. exec_command or mcp__github__*');
  if (!/^[A-Za-z0-9_*?.-]+$/.test(tool)) {
    throw new RuleInputError(`tool "${tool}": use letters, digits, _ . - and the wildcards * and ?`);
  }
  if (SHELL_ALIASES.has(tool.toLowerCase())) tool = 'exec_command';
  const pattern = r.pattern?.trim() ? r.pattern.trim().replace(/\s+/g, ' ') : null;
  const control = pattern === null ? null : UNSAFE.exec(pattern);
  if (control) {
    throw new RuleInputError(
      `rule pattern "${displaySafe(pattern!)}" has the control or invisible character ${displaySafe(control[0])} ` +
        `at offset ${control.index}: type the command as plain text`,
    );
  }
  let stored = pattern;
  if (tool.toLowerCase() === NETWORK_TOOL) {
    tool = NETWORK_TOOL;
    if (pattern !== null) {
      const d = checkDomainPattern(pattern);
      if (!d.ok) throw new RuleInputError(d.error);
      stored = d.pattern;
    }
  } else if (tool.toLowerCase() === WRITE_TOOL) {
    tool = WRITE_TOOL;
    if (r.action !== 'allow' || r.scope !== 'project')
      throw new RuleInputError(
        `a ${WRITE_TOOL} rule makes a folder writable for one project: write it as an allow rule of project scope`,
      );
    const f = checkFolderPattern(pattern ?? '');
    if (!f.ok) throw new RuleInputError(f.error);
    stored = f.folder;
  } else if (pattern !== null && tool !== 'exec_command') {
    throw new RuleInputError(
      `a pattern ("${pattern}") only applies to exec_command (a command), network (a domain) or ${WRITE_TOOL} ` +
        `(a folder), not to ${tool}`,
    );
  }
  if (r.scope === 'global' && r.scopeKey) throw new RuleInputError('a global rule has no session or project');
  if (r.scope !== 'global' && !r.scopeKey) {
    throw new RuleInputError(`a ${r.scope} rule needs the ${r.scope === 'session' ? 'session id' : 'project folder'}`);
  }
  return { action: r.action as RuleAction, scope: r.scope as RuleScope, scopeKey: r.scopeKey, tool, pattern: stored };
}

/** C0 and C1 controls, DEL, and characters that render as nothing or reorder text (bidi controls, zero-width). */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/;

/** Text with every control or invisible character written as `\x1b` / `\u{202e}`: safe for a terminal or a title. */
export function displaySafe(s: string): string {
  return s.replace(new RegExp(UNSAFE.source, 'g'), (c) => {
    const n = c.codePointAt(0)!;
    return n < 0x100 ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u{${n.toString(16)}}`;
  });
}

/** How a rule names itself in `approval_decision.rule`, the CLI and the UI (control characters escaped). */
export function ruleLabel(r: Pick<Rule, 'id' | 'action' | 'scope' | 'tool' | 'pattern'>): string {
  const what = r.pattern === null ? r.tool : `${r.tool} "${displaySafe(r.pattern)}"`;
  return `${r.action} ${what} (${r.scope} rule ${r.id})`;
}

/**
 * The longest static command prefix worth offering as "Always allow `<prefix>`": name plus a subcommand word. An
 * interpreter or a program that runs other commands (`python3`, `bash`, `node`, `xargs`…) is never offered bare:
 * with a script it is offered with the script's path (`python3 tools/gen.py`, `python3 -m pytest`), else nothing.
 */
export function suggestPrefix(words: (string | null)[]): string | null {
  if (typeof words[0] === 'string' && isInterpreter(words[0])) {
    const [name, a, b] = words;
    const word = (w: string | null | undefined): w is string => typeof w === 'string' && /^[\x21-\x7E]+$/.test(w);
    if (word(a) && /^[A-Za-z0-9_./@+][A-Za-z0-9_./@+-]*$/.test(a)) return `${name} ${a}`; // a path, not code
    if (a === '-m' && word(b) && /^[A-Za-z0-9_.]+$/.test(b)) return `${name} -m ${b}`;
    return null;
  }
  if (runsCodeReason(words)) return null; // `find -exec`, `git -c`…: no prefix of it is safe to allow
  const out: string[] = [];
  for (const w of words.slice(0, 2)) {
    if (w === null || w.startsWith('-') || /[\s*?'"\\$`]/.test(w) || !/^[\x21-\x7E]+$/.test(w)) break;
    if (out.length === 1 && (w.includes('/') || w.includes('.') || w.includes('='))) break; // an argument, not a subcommand
    out.push(w);
  }
  return out.length ? out.join(' ') : null;
}
