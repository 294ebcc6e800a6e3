// The timelines of traces, built on the host (issue 21): the trace browser used to fetch every record of a trace
// and flatten them in the renderer, which froze the page for a second on a 500 MB trace. The host holds the
// index, so it flattens a trace once (reading it chunk by chunk, yielding between chunks), keeps the rows of the
// last traces opened, and answers pages of the rows the view shows (kinds hidden, search, expanded subagents)
// with what the axis needs over the whole trace (its span, idle stretches, part starts). A trace that grew since
// (its record count changed) is built again. Must not read more than the index.
import type { ApiTimelinePage, ApiTimelineRow, Params } from '../../shared/api.js';
import { createFlattener, extent, visibleRows, type RowKind, type TimelineRow } from '../../shared/trace-flatten.js';
import { idleCuts, type IdleCut } from '../../shared/trace-idle.js';
import type { TraceIndex, TraceRow } from '../store/trace-index.js';
import { traceRowView } from './views.js';

/** records read from the index per chunk; the host's loop is free between chunks */
const CHUNK = 5000;
/** flattened traces kept (the one open, its subagents' and the one before) */
const KEEP_TRACES = 6;

interface Built {
  records: number;
  rows: TimelineRow[];
  t0: number;
  t1: number;
  cuts: IdleCut[];
  partStarts: TimelineRow[];
}

interface View {
  key: string;
  rows: TimelineRow[];
  parents: Int32Array;
  hits: number | null;
}

export interface TimelineDeps {
  traces: Pick<TraceIndex, 'pageEvents' | 'countEvents'>;
  /** where each part (file) of a session begins in its parts joined (the offsets of traces.page) */
  partStarts(sessionId: string): Map<string, number>;
}

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

/** For each row, the index of the nearest row before it with a smaller depth (null: none). */
export function parentsOf(rows: readonly Pick<TimelineRow, 'depth'>[]): Int32Array {
  const out = new Int32Array(rows.length);
  const stack: number[] = [];
  rows.forEach((r, i) => {
    while (stack.length && rows[stack[stack.length - 1]!]!.depth >= r.depth) stack.pop();
    out[i] = stack.length ? stack[stack.length - 1]! : -1;
    stack.push(i);
  });
  return out;
}

export function createTimelines(deps: TimelineDeps) {
  const built = new Map<string, Promise<Built>>();
  let lastView: View | null = null;

  /** Every record of a session (filtered by `text`), chunk by chunk, in file order. */
  async function eachChunk(
    sessionId: string,
    text: string | undefined,
    onChunk: (rows: TraceRow[], starts: Map<string, number>) => void,
  ): Promise<void> {
    const starts = deps.partStarts(sessionId);
    let after: TraceRow | undefined;
    for (;;) {
      const chunk = deps.traces.pageEvents(sessionId, { after, limit: CHUNK, text });
      onChunk(chunk, starts);
      if (chunk.length < CHUNK) return;
      after = chunk[chunk.length - 1];
      await tick();
    }
  }

  async function build(sessionId: string, depthBase: number): Promise<Built> {
    const records = deps.traces.countEvents(sessionId);
    const f = createFlattener(sessionId, depthBase);
    let seq = 0;
    await eachChunk(sessionId, undefined, (chunk, starts) =>
      f.push(chunk.map((r) => traceRowView(r, seq++, starts.get(r.file) ?? 0))),
    );
    const rows = f.rows;
    const { t0, t1 } = extent(rows);
    return {
      records,
      rows,
      t0,
      t1,
      cuts: idleCuts(rows, t0),
      partStarts: rows.filter((r) => r.markerKind === 'part'),
    };
  }

  /** The session's rows (built once, again when its record count changed). */
  async function timeline(sessionId: string, depthBase = 0): Promise<Built> {
    const key = `${sessionId}\u0000${depthBase}`;
    const had = built.get(key);
    if (had) {
      const b = await had.catch(() => null);
      if (b && b.records === deps.traces.countEvents(sessionId)) {
        built.delete(key); // most recently used last
        built.set(key, had);
        return b;
      }
      if (built.get(key) !== had) return timeline(sessionId, depthBase); // built again meanwhile
    }
    const p = build(sessionId, depthBase);
    built.delete(key);
    built.set(key, p);
    while (built.size > KEEP_TRACES) built.delete(built.keys().next().value!);
    p.catch(() => built.get(key) === p && built.delete(key));
    return p;
  }

  /** Byte offsets (as traces.page gives them) of the records of these sessions matching `text`. */
  async function matchesOf(sessionIds: string[], text: string): Promise<Set<number>> {
    const out = new Set<number>();
    for (const id of sessionIds) {
      await eachChunk(id, text, (chunk, starts) => {
        for (const r of chunk) out.add((starts.get(r.file) ?? 0) + r.offset);
      });
    }
    return out;
  }

  async function view(p: Params<'traces.rows'>, root: Built): Promise<View> {
    const hidden = [...new Set(p.hidden ?? [])].sort();
    const expandedIds = [...new Set(p.expanded ?? [])].sort();
    const text = p.text?.trim() ? p.text : undefined;
    const key = JSON.stringify([p.sessionId, root.records, hidden, expandedIds, text ?? null]);
    if (lastView?.key === key) return lastView;
    // the subagents' rows, for every expanded subagent row found in the rows known so far (nested ones too)
    const expanded: Record<string, boolean> = Object.fromEntries(expandedIds.map((id) => [id, true]));
    const children: Record<string, TimelineRow[]> = {};
    let frontier = root.rows;
    while (frontier.length) {
      const next: TimelineRow[] = [];
      for (const r of frontier) {
        if (r.kind !== 'subagent' || !r.childSessionId || !expanded[r.id] || children[r.childSessionId]) continue;
        const child = (await timeline(r.childSessionId, r.depth + 1)).rows;
        children[r.childSessionId] = child;
        next.push(...child);
      }
      frontier = next;
    }
    const matches = text ? await matchesOf([p.sessionId, ...Object.keys(children)], text) : null;
    const rows = visibleRows(root.rows, { hidden: new Set(hidden as RowKind[]), matches, expanded, children });
    lastView = { key, rows, parents: parentsOf(rows), hits: matches ? matches.size : null };
    return lastView;
  }

  return {
    async page(p: Params<'traces.rows'>): Promise<ApiTimelinePage> {
      const root = await timeline(p.sessionId);
      const v = await view(p, root);
      const rows: ApiTimelineRow[] = [];
      const end = Math.min(v.rows.length, p.offset + p.limit);
      for (let i = p.offset; i < end; i++) {
        const parent = v.parents[i]!;
        rows.push(Object.assign({}, v.rows[i]!, { parent: parent < 0 ? null : parent }));
      }
      const index = p.toolCallId ? v.rows.findIndex((r) => r.toolCallId === p.toolCallId) : -1;
      return {
        rows,
        total: v.rows.length,
        records: root.records,
        t0: root.t0,
        t1: root.t1,
        cuts: root.cuts,
        partStarts: root.partStarts,
        hits: v.hits,
        index: index < 0 ? null : index,
      };
    },
  };
}
