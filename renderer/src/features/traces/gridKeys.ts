// Pure keyboard model of the timeline's treegrid (WAI-ARIA treegrid pattern, rows focusable): ↑/↓ one row,
// PageUp/PageDown a screenful, Home/End the first/last row, → opens a collapsed subagent (or steps into an open
// one's first child), ← closes an open subagent (or goes to the row's parent), Enter/Space selects. No DOM.

export interface GridRow {
  depth: number;
  /** a subagent row that has children to show */
  expandable: boolean;
  expanded: boolean;
  /** the index of the row it is nested under (null: a top row); when absent, found by looking back for a smaller depth */
  parent?: number | null;
}

/** The rows, of which only some may be known (the timeline's rows are paged): an array is one. */
export interface GridRows {
  readonly length: number;
  at(i: number): GridRow | undefined;
}

export type GridAction =
  { kind: 'move'; to: number } | { kind: 'select' } | { kind: 'expand' } | { kind: 'collapse' } | null;

/** What `key` does on row `at` of `rows`; `page` rows make a screenful. null: the key is not the grid's. */
export function gridKey(key: string, at: number, rows: GridRows, page: number): GridAction {
  const n = rows.length;
  if (n === 0) return null;
  const i = Math.min(Math.max(0, at), n - 1);
  const to = (x: number): GridAction => ({ kind: 'move', to: Math.min(Math.max(0, x), n - 1) });
  const r = rows.at(i);
  if (!r) return null;
  switch (key) {
    case 'ArrowDown':
      return to(i + 1);
    case 'ArrowUp':
      return to(i - 1);
    case 'PageDown':
      return to(i + Math.max(1, page));
    case 'PageUp':
      return to(i - Math.max(1, page));
    case 'Home':
      return to(0);
    case 'End':
      return to(n - 1);
    case 'Enter':
    case ' ':
      return { kind: 'select' };
    case 'ArrowRight':
      if (r.expandable && !r.expanded) return { kind: 'expand' };
      if (r.expanded && i + 1 < n && (rows.at(i + 1)?.depth ?? r.depth) > r.depth) return to(i + 1);
      return null;
    case 'ArrowLeft': {
      if (r.expandable && r.expanded) return { kind: 'collapse' };
      if (r.parent !== undefined) return r.parent === null ? null : to(r.parent);
      for (let p = i - 1; p >= 0; p--) if ((rows.at(p)?.depth ?? r.depth) < r.depth) return to(p);
      return null;
    }
    default:
      return null;
  }
}
