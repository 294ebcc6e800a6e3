// One approval step (SPEC §7 + issue 13): the mode and the rules together. deny-all denies; then the rules (deny
// wins, then ask, then allow); what the rules leave open goes to the mode's verdict. Pure: hosts ask the person.
import type { DecidedBy } from '../../shared/omni/types.js';
import { modeVerdict } from './verdict.js';
import { ruleLabel, type Rule } from './rules.js';
import { decideByRules, type Uncovered } from './rules-match.js';
import type { ApprovalMode, Permission } from './types.js';

export type Step =
  | { kind: 'decided'; decision: 'allow' | 'deny'; decidedBy: DecidedBy; rule?: string }
  /** a person must decide; `rule` names an ask rule that sent it there; `uncovered` = parts no rule covers */
  | { kind: 'ask'; rule?: string; uncovered: Uncovered[] };

const rulesLabel = (rules: readonly Rule[]): string | undefined =>
  rules.length ? rules.map(ruleLabel).join('; ') : undefined;

export function approvalStep(
  mode: ApprovalMode,
  call: { toolName: string; permission: Permission; arguments: string; contained?: boolean },
  rules: readonly Rule[],
): Step {
  if (mode === 'deny-all') return { kind: 'decided', decision: 'deny', decidedBy: 'mode' };
  const o = decideByRules(rules, call.toolName, call.arguments);
  const rule = rulesLabel(o.rules);
  if (o.verdict === 'allow' || o.verdict === 'deny') {
    return { kind: 'decided', decision: o.verdict, decidedBy: 'rule', ...(rule ? { rule } : {}) };
  }
  if (o.verdict === 'ask') return { kind: 'ask', uncovered: o.uncovered, ...(rule ? { rule } : {}) };
  const v = modeVerdict(mode, call.permission, call.contained === true);
  if (v === 'ask') return { kind: 'ask', uncovered: o.uncovered };
  return { kind: 'decided', decision: v, decidedBy: 'mode' };
}
