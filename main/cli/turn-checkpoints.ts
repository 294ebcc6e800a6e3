// Checkpoints for CLI turns: only when the folder was named with --workspace (never the current folder by
// default). A failed snapshot prints a warning and the turn goes on.
import type { ApproveFn } from '../approval/types.js';
import { shadowRepo, turnCheckpoints, type TurnCheckpoints } from '../checkpoints/index.js';
import { floeHome } from '../config/home.js';
import { ownerFiles } from '../store/owner-file.js';

export function cliTurn(
  workspaceFlag: string | undefined,
  workspace: string,
  sessionId: string,
  prompt: string,
): TurnCheckpoints | undefined {
  if (!workspaceFlag) return undefined;
  return turnCheckpoints(
    shadowRepo(floeHome(), workspace, ownerFiles),
    sessionId,
    prompt.slice(0, 80),
    (e) => process.stderr.write(`floe: warning: checkpoint skipped: ${e.message}\n`),
    (w) => process.stderr.write(`floe: warning: ${w}\n`),
  );
}

export const wrapped = (turn: TurnCheckpoints | undefined, approve: ApproveFn): ApproveFn =>
  turn ? turn.wrap(approve) : approve;
