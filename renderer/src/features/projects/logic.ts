// Pure helpers of the project picker: ordering (most recently opened first), relative times, and applying a
// completion suggestion to the typed path. No I/O.
import type { ApiProject } from '../../../../shared/api.js';

export function sortProjects(list: readonly ApiProject[]): ApiProject[] {
  return [...list].sort((a, b) =>
    a.lastOpenedAt < b.lastOpenedAt ? 1 : a.lastOpenedAt > b.lastOpenedAt ? -1 : a.name.localeCompare(b.name),
  );
}

export function relativeTime(iso: string, now: number = Date.now()): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return '';
  const s = Math.round((now - t) / 1000);
  if (s < 45) return 'just now';
  if (s < 90) return '1 minute ago';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} minutes ago`;
  const h = Math.round(m / 60);
  if (h < 24) return h === 1 ? '1 hour ago' : `${h} hours ago`;
  const d = Math.round(h / 24);
  if (d < 30) return d === 1 ? 'yesterday' : `${d} days ago`;
  return new Date(t).toISOString().slice(0, 10);
}

/** The common prefix of all suggestions (for Tab completion), or the input itself. */
export function commonPrefix(input: string, suggestions: readonly string[]): string {
  if (!suggestions.length) return input;
  let p = suggestions[0]!;
  for (const s of suggestions.slice(1)) {
    let i = 0;
    while (i < p.length && i < s.length && p[i] === s[i]) i++;
    p = p.slice(0, i);
  }
  return p.length > input.length ? p : input;
}
