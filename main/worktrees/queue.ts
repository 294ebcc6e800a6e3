// One git operation that changes a repository's refs or worktrees at a time per repository in this process
// (worktree add/remove, merges): git's own lock files refuse a second writer rather than wait. Pure bookkeeping.
const chains = new Map<string, Promise<unknown>>();

export function serialFor<T>(repo: string, fn: () => Promise<T>): Promise<T> {
  const prev = chains.get(repo) ?? Promise.resolve();
  const p = prev.then(fn, fn);
  const tail = p.catch(() => {});
  chains.set(repo, tail);
  void tail.then(() => {
    if (chains.get(repo) === tail) chains.delete(repo);
  });
  return p;
}
