// Copies of one tool in a registry: the same tool served by several servers (filesystem and filesystem2) or copied
// for a similar product (GitHub's create_issue as Gitea's, EverArt's generate_image as another image service's).
// Two tools are copies when their names without the server's words are the same and their terms without the
// server's words (tool-index.ts signature) are nearly the same: a Jaccard similarity of at least COPY_SIMILARITY
// (near-duplicate detection, as search engines group near-identical pages), so a copy that also names its product
// inside its text (EverArt's "art", a model called after the product) is still a copy. The search shows the best
// of each group in its place and the others after every tool of another group. Pure.

/**
 * share of shared terms from which two tools of the same name are copies. At 1 000 tools (tuning set, copies
 * count) 0.5 to 0.8 group the same copies; at 147 real tools the closest pair of different tools with one name
 * (GitHub's and GitLab's search_repositories) shares 0.61, so 0.8 leaves real tools apart.
 */
const COPY_SIMILARITY = 0.8;

export interface CopyKey {
  /** the name's terms without the server's (`local search` for brave_local_search and kagi_local_search) */
  nameKey: string;
  /** all terms without the server's */
  terms: ReadonlySet<string>;
}

/** |a ∩ b| / |a ∪ b|; 1 for two empty sets. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * The group of copies of each tool, as the index of the group's first tool: tools with the same name key whose
 * terms share at least `similarity` (and, through them, the copies of their copies). Computed once per registry.
 */
export function copyGroups(keys: readonly CopyKey[], similarity = COPY_SIMILARITY): number[] {
  const group = keys.map((_, i) => i);
  const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i]!)));
  const byName = new Map<string, number[]>();
  keys.forEach((k, i) => byName.set(k.nameKey, [...(byName.get(k.nameKey) ?? []), i]));
  for (const same of byName.values()) {
    for (let a = 0; a < same.length; a++) {
      for (let b = a + 1; b < same.length; b++) {
        const [i, j] = [same[a]!, same[b]!];
        if (root(i) === root(j) || jaccard(keys[i]!.terms, keys[j]!.terms) < similarity) continue;
        const [lo, hi] = [Math.min(root(i), root(j)), Math.max(root(i), root(j))];
        group[hi] = lo;
      }
    }
  }
  return keys.map((_, i) => root(i));
}

/**
 * The ranking with the best of each group of copies in its place and the other copies after every tool of another
 * group, in their order: copies of one tool do not fill the first results, and the one shown stands for the
 * others (the product's name in the query ranks its own first).
 */
export function distinctFirst<T>(ranked: readonly T[], groupOf: (x: T) => number): T[] {
  const shown = new Set<number>();
  const first: T[] = [];
  const later: T[] = [];
  for (const r of ranked) {
    const g = groupOf(r);
    if (shown.has(g)) later.push(r);
    else {
      shown.add(g);
      first.push(r);
    }
  }
  return [...first, ...later];
}
