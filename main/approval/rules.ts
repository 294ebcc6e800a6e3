// Approval rules (issue 13): what a rule is, how one is written by a person (`allow exec_command "git status"`),
// and how it names itself in a trace. Pure; storage is main/store/rules.ts, matching is rules-match.ts.

export type RuleAction = 'allow' | 'deny' | 'ask';
export type RuleScope = 'session' | 'project' | 'global';
export const RULE_ACTIONS: readonly RuleAction[] = ['allow', 'deny', 'ask'];
export const RULE_SCOPES: readonly RuleScope[] = ['session', 'project', 'global'];

export interface Rule {
  id: string;
  action: RuleAction;
  scope: RuleScope;
  /** session id, project folder (absolute path) or '' for global */
  scopeKey: string;
  /** a tool name or a glob over names (`mcp__github__*`); matched case-insensitively against the resolved target */
  tool: string;
  /** exec_command only: a command prefix matched word by word (`git status`), or a glob when it has * or ? */
  pattern: string | null;
  createdAt: string;
}

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
  if (pattern !== null && tool !== 'exec_command') {
    throw new RuleInputError(`a command pattern ("${pattern}") only applies to exec_command, not to ${tool}`);
  }
  if (r.scope === 'global' && r.scopeKey) throw new RuleInputError('a global rule has no session or project');
  if (r.scope !== 'global' && !r.scopeKey) {
    throw new RuleInputError(`a ${r.scope} rule needs the ${r.scope === 'session' ? 'session id' : 'project folder'}`);
  }
  return { action: r.action as RuleAction, scope: r.scope as RuleScope, scopeKey: r.scopeKey, tool, pattern };
}

/** How a rule names itself in `approval_decision.rule`, the CLI and the UI. */
export function ruleLabel(r: Pick<Rule, 'id' | 'action' | 'scope' | 'tool' | 'pattern'>): string {
  const what = r.pattern === null ? r.tool : `${r.tool} "${r.pattern}"`;
  return `${r.action} ${what} (${r.scope} rule ${r.id})`;
}

/** The longest static command prefix worth offering as "Always allow `<prefix>`": name plus a subcommand word. */
export function suggestPrefix(words: (string | null)[]): string | null {
  const out: string[] = [];
  for (const w of words.slice(0, 2)) {
    if (w === null || w.startsWith('-') || /[\s*?'"\\$`]/.test(w) || !/^[\x21-\x7E]+$/.test(w)) break;
    if (out.length === 1 && (w.includes('/') || w.includes('.') || w.includes('='))) break; // an argument, not a subcommand
    out.push(w);
  }
  return out.length ? out.join(' ') : null;
}
