// What the subagent registry needs from a child session and from whoever makes one. The composition root
// (main/sdk) injects a factory that builds engine sessions; this folder never imports the engine. Types only.
import type { OmniMessage, StopReason } from '../../../shared/omni/types.js';
import type { ApproveFn } from '../../approval/types.js';

/** How one round of a child ended (the engine's TaskResult has this shape). */
export interface ChildRunResult {
  status: StopReason;
  errorMessage?: string;
  /** the child's final assistant text, if any */
  text?: string;
}

/** A child session as the registry drives it. */
export interface ChildSession {
  readonly id: string;
  run(
    input: string,
    opts: { approve?: ApproveFn; signal?: AbortSignal },
  ): AsyncGenerator<OmniMessage, ChildRunResult, void>;
  dispose(): Promise<void>;
}

/** What run_subagent asked for; absent fields mean "as the parent". */
export interface ChildRequest {
  /** another agent configuration by name */
  agentId?: string;
  /** `provider/id`, or a bare id of the parent's provider */
  modelId?: string;
}

/** Builds a child of one parent session (depth 1, same workspace). A throw becomes the tool's error note. */
export type ChildSessionFactory<S extends ChildSession = ChildSession> = (req: ChildRequest) => Promise<S>;
