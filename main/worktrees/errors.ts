// The one error type of main/worktrees: a user-facing message (what, where, what to do) with an API error code,
// so hosts map the code and the CLI prints the message without a stack trace. No logic.
import type { ErrorCode } from '../../shared/api.js';

export class WorktreeError extends Error {
  override name = 'UserError';
  readonly userError = true;
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}
