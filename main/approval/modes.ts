// The four approval modes (SPEC §7) as pure verdicts, and an ApproveFn built from a mode source, approval rules
// and a way to ask a person. The mode is read before every decision, so a change applies to the next call.
import type { Decision } from '../../shared/omni/types.js';
import { approvalStep } from './decide.js';
import { loadShellParser } from './shell-parser.js';
import type { Rule } from './rules.js';
import {
  APPROVAL_MODES,
  type ApprovalAnswer,
  type ApprovalMode,
  type ApprovalRequest,
  type ApproveFn,
} from './types.js';

export { modeVerdict } from './verdict.js';

export function isApprovalMode(v: unknown): v is ApprovalMode {
  return typeof v === 'string' && (APPROVAL_MODES as readonly string[]).includes(v);
}

export function normalizeAnswer(a: Decision | ApprovalAnswer | unknown): ApprovalAnswer {
  if (a === 'allow' || a === 'deny' || a === 'forbidden') return { decision: a };
  if (a && typeof a === 'object' && 'decision' in a) {
    const d = (a as ApprovalAnswer).decision;
    if (d === 'allow' || d === 'deny' || d === 'forbidden') return a as ApprovalAnswer;
  }
  return { decision: 'deny' };
}

export type AskHuman = (req: ApprovalRequest, signal?: AbortSignal) => Promise<Decision | ApprovalAnswer>;

/**
 * Builds an ApproveFn: rules (when given) and the mode decide (approvalStep); `ask` goes to the person, told
 * which parts of a command no rule covers (no person → deny).
 */
export function modeApprover(
  getMode: () => ApprovalMode | Promise<ApprovalMode>,
  askHuman?: AskHuman,
  getRules?: (req: ApprovalRequest) => readonly Rule[],
): ApproveFn {
  return async (req, signal) => {
    const parser = loadShellParser();
    if (parser) await parser;
    const mode = await getMode();
    const step = approvalStep(mode, req, getRules ? getRules(req) : []);
    if (step.kind === 'decided')
      return { decision: step.decision, decidedBy: step.decidedBy, mode, ...(step.rule ? { rule: step.rule } : {}) };
    // nobody to ask, or the question is already called off (an aborted signal never reaches a person)
    if (!askHuman || signal?.aborted) return { decision: 'deny', decidedBy: 'mode', mode };
    const a = normalizeAnswer(await askHuman({ ...req, uncovered: step.uncovered }, signal));
    return {
      decision: a.decision,
      decidedBy: a.decidedBy ?? 'human',
      mode,
      ...(step.rule ? { rule: step.rule } : {}),
      ...(a.reason ? { reason: a.reason } : {}),
    };
  };
}
