// The worktree part of the API contract (issue 22), in its own file so shared/api.ts only spreads it in: a session
// in its own git worktree, its diff against the base per file, overlap and conflict checks, review comments sent
// back to the session, merge (squash or rebase) into the base branch, and removal. Types and zod schemas only.
// a namespace import, so the bundlers keep only the parts of zod used (`{ z }` kept all of it: 580 kB, every locale)
import * as z from 'zod';

const id = z.string().min(1).max(200);

export interface ApiWorktree {
  /** worktree name (its folder under FLOE_HOME/worktrees and the suffix of its branch) */
  name: string;
  sessionId: string | null;
  /** the user's checkout it belongs to */
  repo: string;
  path: string;
  branch: string;
  base: string;
  state: 'active' | 'merged' | 'abandoned';
  /** FLOE_PORT_BASE of the session's commands */
  portBase: number;
  createdAt: string;
  mergedAt?: string;
  mergeCommit?: string;
  /** its folder and branch are gone (merged and cleaned up, or abandoned) */
  removed: boolean;
}

export interface ApiWorktreeFile {
  path: string;
  status: 'added' | 'modified' | 'deleted' | 'type-changed';
  /** null for a binary file */
  additions: number | null;
  deletions: number | null;
}

export interface ApiOverlap {
  path: string;
  /** `base`, or the ids of other sessions that changed the file too */
  with: string[];
}

export interface ApiReviewComment {
  path: string;
  line?: number;
  text: string;
}

const REVIEW_COMMENT = z.object({
  path: z.string().min(1).max(4096),
  line: z.number().int().min(1).optional(),
  text: z.string().trim().min(1, 'write the comment').max(20_000),
});

export const WorktreeParamsSchemas = {
  /** whether sessions of the project can have their own worktree (a git repository with a commit on a branch) */
  'worktrees.available': z.object({ projectId: id }),
  /** worktrees of a project's repository (or all), live ones first; `all` includes merged and abandoned ones */
  'worktrees.list': z.object({ projectId: id.optional(), all: z.boolean().optional() }),
  /** the session's changes against its base, per file; with `file`, only that file's patch */
  'worktrees.diff': z.object({ sessionId: id, file: z.string().min(1).optional() }),
  /** files the base or other live sessions also changed, and files that would conflict if merged now */
  'worktrees.check': z.object({ sessionId: id }),
  /**
   * merges into the base branch; on conflicts nothing changes and (unless offerConflicts is false) the session is
   * asked to resolve them; the worktree is removed after a merge unless keep is true
   */
  'worktrees.merge': z.object({
    sessionId: id,
    strategy: z.enum(['squash', 'rebase']).optional(),
    message: z.string().trim().min(1).max(10_000).optional(),
    offerConflicts: z.boolean().optional(),
    keep: z.boolean().optional(),
  }),
  /** review comments sent to the session as its next prompt (or steering, when it is running) */
  'worktrees.comment': z.object({
    sessionId: id,
    comments: z.array(REVIEW_COMMENT).max(500),
    note: z.string().max(20_000).optional(),
  }),
  /** abandons the session's worktree: folder and branch removed, the session stays */
  'worktrees.remove': z.object({ sessionId: id }),
  /** removes worktrees that are merged, abandoned, or whose session was deleted */
  'worktrees.cleanup': z.object({ projectId: id.optional() }),
} as const;

export interface WorktreeResults {
  'worktrees.available': { git: boolean; branch: string | null; reason?: string };
  'worktrees.list': ApiWorktree[];
  'worktrees.diff': {
    base: string;
    branch: string;
    files: ApiWorktreeFile[];
    patch: string;
    truncated: boolean;
  };
  'worktrees.check': { files: ApiWorktreeFile[]; overlaps: ApiOverlap[]; conflicts: string[]; baseAhead: number };
  'worktrees.merge':
    | { status: 'merged'; commit: string; files: string[]; removed: boolean }
    | { status: 'conflict'; conflicts: string[]; offered: boolean };
  'worktrees.comment': { sent: 'run' | 'steer' };
  'worktrees.remove': ApiWorktree;
  'worktrees.cleanup': { removed: string[] };
}
