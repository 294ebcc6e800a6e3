// Approval types shared by the engine, the modes and the hosts (SPEC §7). Types only.
import type { Decision, DecidedBy, ModelMessage, ToolCallPayload } from '../../shared/omni/types.js';

/** What a tool may do: read only, or read and write. Approvals are decided on it. */
export type Permission = 'r' | 'rw';

export type ApprovalMode = 'allow-all' | 'deny-all' | 'read-only' | 'always-ask' | 'auto';
export const APPROVAL_MODES: readonly ApprovalMode[] = ['allow-all', 'deny-all', 'read-only', 'always-ask', 'auto'];

/** What the approver is told: the call as the model made it, and the tool it resolved to. */
export interface ApprovalRequest {
  /** the complete tool_call message (origin set when it comes from a subagent) */
  call: ModelMessage<ToolCallPayload>;
  /** resolved target tool name (for execute_extra_tool: the wrapped tool) */
  toolName: string;
  /** resolved target's permission */
  permission: Permission;
  /** the target's arguments (for execute_extra_tool: its `params`), as a JSON string */
  arguments: string;
  /** true when the call runs inside the session's active OS sandbox (mode `auto` lets it run unasked) */
  contained?: boolean;
  /** session that owns the call (the child's id for subagent calls) */
  sessionId: string;
  origin?: string[];
  /** set by the approver before it asks a person: the parts of a command line no rule covers, and why */
  uncovered?: { text: string; reason: string; suggestion?: string }[];
}

export interface ApprovalAnswer {
  decision: Decision;
  decidedBy?: DecidedBy;
  /** the rule(s) that decided or sent the call to a person, as ruleLabel() names them */
  rule?: string;
  /** the approval mode in force when it was decided (traced as approval_decision.mode) */
  mode?: ApprovalMode;
  /** with deny: why, in the person's words; the model reads it in the call's output (deniedOutput) */
  reason?: string;
}

/** Returns a bare decision or one with who decided. A throwing or rejecting function counts as deny. */
export type ApproveFn = (req: ApprovalRequest, signal?: AbortSignal) => Promise<Decision | ApprovalAnswer>;
