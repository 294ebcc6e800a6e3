// The approval broker of host runs (SPEC §7): the ApproveFn re-reads the session's mode and the approval rules
// (session, project, global; issue 13) from SQLite before every decision; approvalStep combines them; `ask` → a
// pending approval with a host-generated, unguessable id (row in SQLite + `approval.request` event, with the parts
// of a command no rule covers) resolved only by `decide(thatId)`, which may also add a rule.
// Abort denies a session's pending approvals. Must not run tools or touch the engine's internals.
import { randomBytes } from 'node:crypto';
import type { ApiPendingApproval } from '../../shared/api.js';
import { approvalStep } from '../approval/decide.js';
import { loadShellParser } from '../approval/shell-parser.js';
import { validateRule, type RuleScope } from '../approval/rules.js';
import type { Uncovered } from '../approval/rules-match.js';
import type { ApprovalAnswer, ApprovalMode, ApproveFn } from '../approval/types.js';
import type { PendingApproval, Store } from '../store/index.js';
import { badRequest, notFound } from './errors.js';
import type { EventHub } from './events.js';
import { pendingView } from './views.js';

interface Waiter {
  rootId: string;
  calledName: string;
  uncovered: Uncovered[];
  /** an ask rule that sent the call to a person */
  rule?: string;
  /** the session's approval mode when the call was sent to a person */
  mode: ApprovalMode;
  resolve: (a: ApprovalAnswer) => void;
}

export type HumanDecision = 'allow' | 'deny' | 'allow-session';

const newApprovalId = (): string => `approval-${randomBytes(16).toString('hex')}`;

export class ApprovalBroker {
  private waiters = new Map<string, Waiter>();

  constructor(
    private readonly store: Store,
    private readonly events: EventHub,
  ) {}

  /** Rows left by an earlier run of the host have no task waiting any more: drop them. */
  clearStale(): void {
    for (const p of this.store.approvals.listPending()) {
      if (!this.waiters.has(p.id)) this.store.approvals.removePending(p.id);
    }
  }

  /** Session rules end with the session's run in this host: a new host starts without them. */
  clearSessionRules(): number {
    let n = 0;
    for (const r of this.store.rules.list({ scope: 'session' })) if (this.store.rules.remove(r.id)) n++;
    return n;
  }

  /** The ApproveFn for tasks of root session `rootId` (its subagents' calls arrive here too, with origin). */
  approverFor(rootId: string): ApproveFn {
    return async (req, signal) => {
      // before reading the mode and rules, so no await falls between them and the decision
      const parser = loadShellParser();
      if (parser) await parser;
      const mode = this.store.sessions.getApprovalMode(rootId);
      if (!mode) return { decision: 'deny', decidedBy: 'mode' };
      if (mode === 'deny-all') return { decision: 'deny', decidedBy: 'mode', mode };
      const rules = this.store.rules.applicable(rootId, this.projectKey(rootId));
      const step = approvalStep(mode, req, rules);
      if (step.kind === 'decided') {
        return { decision: step.decision, decidedBy: step.decidedBy, mode, ...(step.rule ? { rule: step.rule } : {}) };
      }
      if (signal?.aborted) return { decision: 'deny', decidedBy: 'human', mode };
      const id = newApprovalId();
      const origin = req.origin ?? req.call.origin ?? null;
      const row = this.store.approvals.addPending({
        id,
        sessionId: rootId,
        toolCallId: req.call.payload.tool_call_id,
        toolName: req.toolName,
        permission: req.permission,
        arguments: req.arguments,
        origin: origin && origin.length ? origin : null,
      });
      const calledName = req.call.payload.name;
      return new Promise<ApprovalAnswer>((resolve) => {
        const onAbort = () => this.settle(id, 'deny');
        this.waiters.set(id, {
          rootId,
          calledName,
          uncovered: step.uncovered,
          mode,
          ...(step.rule ? { rule: step.rule } : {}),
          resolve: (a) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(a);
          },
        });
        signal?.addEventListener('abort', onAbort, { once: true });
        this.events.emit('approval.request', pendingView(row, calledName, step.uncovered));
      });
    };
  }

  private settle(
    id: string,
    decision: 'allow' | 'deny',
    decidedBy: ApprovalAnswer['decidedBy'] = 'human',
    reason?: string,
  ): boolean {
    const w = this.waiters.get(id);
    if (!w) return false;
    this.waiters.delete(id);
    this.store.approvals.removePending(id);
    this.events.emit('approval.resolved', { approvalId: id, sessionId: w.rootId, decision });
    w.resolve({
      decision,
      decidedBy,
      mode: w.mode,
      ...(w.rule ? { rule: w.rule } : {}),
      ...(reason ? { reason } : {}),
    });
    return true;
  }

  /**
   * A person's decision on one pending call, named by the id the host generated. `reason` (deny only) reaches the
   * model in the call's output.
   */
  decide(
    approvalId: string,
    decision: HumanDecision,
    rule?: { scope: RuleScope; pattern?: string | null },
    reason?: string,
  ): void {
    const w = this.waiters.get(approvalId);
    if (!w) {
      if (this.store.approvals.removePending(approvalId)) {
        throw notFound(
          `Approval ${approvalId} is no longer waiting: the task that asked has ended. Reload the session.`,
        );
      }
      throw notFound(`There is no pending approval with id ${approvalId}; it was decided already or never existed.`);
    }
    const row = this.store.approvals.getPending(approvalId);
    if (rule && decision === 'deny') throw badRequest('A rule can only be added with an allow decision.');
    if (reason?.trim() && decision !== 'deny')
      throw badRequest('A reason goes with a deny decision only; leave it out to allow.');
    if (row && (rule || decision === 'allow-session')) {
      const scope = rule?.scope ?? 'session';
      const scopeKey = scope === 'session' ? w.rootId : scope === 'project' ? this.projectKey(w.rootId) : '';
      if (scopeKey === null) throw badRequest('This session has no project, so a project rule cannot be added.');
      this.store.rules.add(
        validateRule({ action: 'allow', scope, scopeKey, tool: row.toolName, pattern: rule?.pattern ?? null }),
      );
    }
    this.settle(approvalId, decision === 'deny' ? 'deny' : 'allow', 'human', reason?.trim() || undefined);
  }

  /** Denies every pending approval of a session (abort: first deny, then stop). Returns how many. */
  denyAll(rootId: string): number {
    let n = 0;
    for (const [id, w] of [...this.waiters]) if (w.rootId === rootId && this.settle(id, 'deny')) n++;
    return n;
  }

  get(approvalId: string): PendingApproval | undefined {
    return this.waiters.has(approvalId) ? this.store.approvals.getPending(approvalId) : undefined;
  }

  /** Pending approvals (of one session, or all), oldest first — re-sent to a client on subscribe. */
  list(sessionId?: string): ApiPendingApproval[] {
    return this.store.approvals
      .listPending(sessionId)
      .filter((p) => this.waiters.has(p.id))
      .map((p) => pendingView(p, this.waiters.get(p.id)?.calledName, this.waiters.get(p.id)?.uncovered));
  }

  /** The project folder of a root session (rules of scope project are keyed by it), or null. */
  private projectKey(rootId: string): string | null {
    const s = this.store.sessions.get(rootId);
    return s?.projectId ? (this.store.projects.get(s.projectId)?.path ?? null) : null;
  }

  dispose(): void {
    for (const id of [...this.waiters.keys()]) this.settle(id, 'deny');
  }
}
