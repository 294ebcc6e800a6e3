// Public face of main/checkpoints: per-turn snapshots of a project folder in a shadow git repository under
// FLOE_HOME. Re-exports and the one-repository-per-folder registry; no other logic.
import path from 'node:path';
import type { OwnerFiles } from './lock.js';
import { ShadowRepo } from './shadow.js';

export { ShadowRepo, shadowDir, type Checkpoint } from './shadow.js';
export type { OwnerFiles } from './lock.js';
export { turnCheckpoints, type TurnCheckpoints } from './turn.js';
export { checkpointEntries, type CheckpointEntry } from './turns.js';

const repos = new Map<string, ShadowRepo>();

/**
 * The shadow repository of a folder; one object per folder in a process, so its operations queue. `owners` makes
 * the cross-process lock (hosts pass main/store's owner files).
 */
export function shadowRepo(home: string, workspace: string, owners: OwnerFiles): ShadowRepo {
  const key = `${path.resolve(home)}\0${path.resolve(workspace)}`;
  let r = repos.get(key);
  if (!r) repos.set(key, (r = new ShadowRepo(home, workspace, owners)));
  return r;
}
