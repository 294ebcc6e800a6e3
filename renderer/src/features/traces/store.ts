// Trace browser state (zustand): the session list with filters, the opened trace (records paged from
// traces.page, flattened once per page into timeline rows), view options (kinds, search matches, expanded
// subagents and their loaded child rows, zoom), the selected row's raw record, export (JSONL, HTML, OTLP) and import.
import { create } from 'zustand';
import type { ApiTraceRow, ApiTraceSummary, Params } from '../../../../shared/api.js';
import { groupTraceFiles, type PickedTrace } from '../../../../shared/trace-parts.js';
import { call, messageOf } from '../../api/client.js';
import { flattenTrace, type RowKind, type TimelineRow } from './flatten.js';

const PAGE = 5000;
type TraceFilters = Omit<Params<'traces.list'>, never>;

export interface TracesState {
  list: ApiTraceSummary[];
  filters: TraceFilters;
  listError: string | null;
  sessionId: string | null;
  records: ApiTraceRow[];
  total: number;
  rows: TimelineRow[];
  loading: boolean;
  error: string | null;
  /** kinds unchecked in the filter: their rows are not shown */
  hidden: Set<RowKind>;
  search: string;
  matches: Set<number> | null;
  expanded: Record<string, boolean>;
  children: Record<string, TimelineRow[]>;
  zoom: number;
  selected: TimelineRow | null;
  detail: { line: string; pretty: string } | null;
  loadList(f?: TraceFilters): Promise<void>;
  open(sessionId: string): Promise<void>;
  /** open a session's timeline with the row of one tool call selected (jump from the transcript) */
  openAt(sessionId: string, toolCallId: string): Promise<void>;
  close(): void;
  refresh(): Promise<void>;
  toggleKind(k: RowKind): void;
  setSearch(text: string): Promise<void>;
  toggleExpand(row: TimelineRow): Promise<void>;
  setZoom(z: number): void;
  select(row: TimelineRow | null): Promise<void>;
  exportTrace(): Promise<{ jsonl: string; fileName: string } | null>;
  /** the opened session as one HTML page (transcript and timeline) or as OpenTelemetry spans (OTLP JSON) */
  exportAs(format: 'html' | 'otlp'): Promise<{ text: string; fileName: string; mime: string } | null>;
  /** import picked or dropped files; the files of one session (`<id>_001.jsonl`, `_002`, …) become one session */
  importTraces(files: PickedTrace[]): Promise<string | null>;
}

let openSeq = 0;

async function allRecords(
  sessionId: string,
  onPage?: (rows: ApiTraceRow[], total: number) => void,
  seqOk: () => boolean = () => true,
): Promise<ApiTraceRow[]> {
  const out: ApiTraceRow[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const r = await call('traces.page', { sessionId, offset, limit: PAGE });
    if (!seqOk()) return out;
    out.push(...r.rows);
    onPage?.(out, r.total);
    if (r.rows.length < PAGE || out.length >= r.total) return out;
  }
}

export const useTraces = create<TracesState>((set, get) => ({
  list: [],
  filters: {},
  listError: null,
  sessionId: null,
  records: [],
  total: 0,
  rows: [],
  loading: false,
  error: null,
  hidden: new Set(),
  search: '',
  matches: null,
  expanded: {},
  children: {},
  zoom: 1,
  selected: null,
  detail: null,

  async loadList(f) {
    const filters = f ?? get().filters;
    set({ filters });
    try {
      const clean = Object.fromEntries(
        Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''),
      ) as TraceFilters;
      set({ list: await call('traces.list', clean), listError: null });
    } catch (e) {
      set({ listError: messageOf(e) });
    }
  },

  async open(sessionId) {
    const seq = ++openSeq;
    set({
      sessionId,
      records: [],
      rows: [],
      total: 0,
      loading: true,
      error: null,
      selected: null,
      detail: null,
      matches: null,
      search: '',
      expanded: {},
      children: {},
      zoom: 1,
    });
    try {
      await allRecords(
        sessionId,
        (records, total) => set({ records: [...records], total, rows: flattenTrace(records, sessionId) }),
        () => seq === openSeq,
      );
    } catch (e) {
      if (seq === openSeq) set({ error: messageOf(e) });
    } finally {
      if (seq === openSeq) set({ loading: false });
    }
  },

  async openAt(sessionId, toolCallId) {
    await get().open(sessionId);
    const row = get().rows.find((r) => r.toolCallId === toolCallId);
    if (row) await get().select(row);
  },

  close: () => set({ sessionId: null, records: [], rows: [], selected: null, detail: null }),

  async refresh() {
    const sessionId = get().sessionId;
    if (!sessionId || get().loading) return;
    const seq = openSeq;
    try {
      const records = await allRecords(sessionId, undefined, () => seq === openSeq);
      if (seq === openSeq && get().sessionId === sessionId)
        set({ records, total: records.length, rows: flattenTrace(records, sessionId) });
    } catch {
      /* keep what is shown */
    }
  },

  toggleKind(k) {
    const hidden = new Set(get().hidden);
    if (hidden.has(k)) hidden.delete(k);
    else hidden.add(k);
    set({ hidden });
  },

  async setSearch(text) {
    set({ search: text });
    const sessionId = get().sessionId;
    if (!sessionId || !text.trim()) return set({ matches: null });
    try {
      const ids = [sessionId, ...Object.keys(get().children)];
      const matches = new Set<number>();
      for (const id of ids) {
        const r = await call('traces.page', { sessionId: id, offset: 0, limit: PAGE, text });
        for (const row of r.rows) matches.add(row.offset);
      }
      if (get().search === text) set({ matches });
    } catch (e) {
      set({ error: messageOf(e) });
    }
  },

  async toggleExpand(row) {
    const open = !get().expanded[row.id];
    set((s) => ({ expanded: { ...s.expanded, [row.id]: open } }));
    const child = row.childSessionId;
    if (!open || !child || get().children[child]) return;
    try {
      const recs = await allRecords(child);
      set((s) => ({ children: { ...s.children, [child]: flattenTrace(recs, child, row.depth + 1) } }));
    } catch (e) {
      set({ error: `The subagent's trace could not be loaded: ${messageOf(e)}` });
    }
  },

  setZoom: (z) => set({ zoom: Math.min(200, Math.max(0.25, z)) }),

  async select(row) {
    set({ selected: row, detail: null });
    if (!row) return;
    try {
      const r = await call('traces.record', { sessionId: row.sessionId, offset: row.offsets[0]! });
      let pretty = r.line;
      try {
        pretty = JSON.stringify(JSON.parse(r.line), null, 2);
      } catch {
        /* raw */
      }
      if (get().selected?.id === row.id) set({ detail: { line: r.line, pretty } });
    } catch (e) {
      set({ detail: { line: '', pretty: messageOf(e) } });
    }
  },

  async exportTrace() {
    const id = get().sessionId;
    if (!id) return null;
    try {
      return await call('traces.export', { sessionId: id });
    } catch (e) {
      set({ error: messageOf(e) });
      return null;
    }
  },

  async exportAs(format) {
    const id = get().sessionId;
    if (!id) return null;
    try {
      return await call('traces.exportAs', { sessionId: id, format });
    } catch (e) {
      set({ error: messageOf(e) });
      return null;
    }
  },

  async importTraces(files) {
    let last: string | null = null;
    const errors: string[] = [];
    for (const g of groupTraceFiles(files)) {
      try {
        const jsonl = g.files.length === 1 ? g.files[0]!.text : g.files.map((f) => f.text);
        last = (await call('traces.import', { jsonl })).sessionId;
      } catch (e) {
        errors.push(`${g.files.map((f) => f.name).join(', ')}: ${messageOf(e)}`);
      }
    }
    await get().loadList();
    if (errors.length) set({ listError: errors.join('\n') });
    else if (last) await get().open(last);
    return last;
  },
}));
