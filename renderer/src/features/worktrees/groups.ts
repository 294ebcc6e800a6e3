// The session list's groups (issue 22): "Needs you" (an approval waits, or the last task failed), "Running", "Ready
// to review" (idle with a live worktree), then the rest. Pure: the caller passes statuses and ids.
import type { ApiSessionStatus } from '../../../../shared/api.js';

export type GroupName = 'needs-you' | 'running' | 'review' | 'other';

export const GROUP_TITLES: Record<GroupName, string> = {
  'needs-you': 'Needs you',
  running: 'Running',
  review: 'Ready to review',
  other: 'Other sessions',
};

const GROUP_ORDER: GroupName[] = ['needs-you', 'running', 'review', 'other'];

export function groupOf(status: ApiSessionStatus, waiting: boolean, liveWorktree: boolean): GroupName {
  if (waiting || status === 'failed') return 'needs-you';
  if (status === 'running') return 'running';
  if (liveWorktree) return 'review';
  return 'other';
}

/** Sessions by group, in GROUP_ORDER, each keeping the order given; empty groups left out. */
export function groupSessions<T extends { id: string }>(
  sessions: readonly T[],
  statusOf: (s: T) => ApiSessionStatus,
  waiting: ReadonlySet<string>,
  liveWorktrees: ReadonlySet<string>,
): { group: GroupName; sessions: T[] }[] {
  const by = new Map<GroupName, T[]>();
  for (const s of sessions) {
    const g = groupOf(statusOf(s), waiting.has(s.id), liveWorktrees.has(s.id));
    by.set(g, [...(by.get(g) ?? []), s]);
  }
  return GROUP_ORDER.filter((g) => by.has(g)).map((g) => ({ group: g, sessions: by.get(g)! }));
}
