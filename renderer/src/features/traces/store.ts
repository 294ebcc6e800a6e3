// Trace browser state (zustand): the session list with filters, the opened trace's timeline paged from
// traces.rows (the host flattens the whole trace and applies the view: kinds hidden, the search, expanded
// subagents; only the pages of rows the list draws are fetched, so opening a trace of any size costs one page),
// zoom, the selected row's raw record, export (JSONL, HTML, OTLP) and import.
import { create } from 'zustand';
import type { ApiTimelinePage, ApiTimelineRow, ApiTraceSummary, Params } from '../../../../shared/api.js';
import { groupTraceFiles, type PickedTrace } from '../../../../shared/trace-parts.js';
import type { RowKind, TimelineRow } from '../../../../shared/trace-flatten.js';
import { call, messageOf } from '../../api/client.js';
import { NO_AXIS, axisOfPage, type TraceAxis } from './traceAxis.js';

/** rows per traces.rows request */
export const ROWS_PAGE = 200;
type TraceFilters = Omit<Params<'traces.list'>, never>;

export interface TracesState {
  list: ApiTraceSummary[];
  filters: TraceFilters;
  listError: string | null;
  sessionId: string | null;
  /** records of the opened trace */
  records: number;
  /** rows the view shows */
  total: number;
  /** the pages of rows fetched (page number → its rows), of the current view */
  pages: Record<number, ApiTimelineRow[]>;
  axis: TraceAxis;
  loading: boolean;
  error: string | null;
  /** kinds unchecked in the filter: their rows are not shown */
  hidden: Set<RowKind>;
  search: string;
  /** records matching the search (null: no search) */
  hits: number | null;
  expanded: Record<string, boolean>;
  zoom: number;
  selected: TimelineRow | null;
  detail: { line: string; pretty: string } | null;
  loadList(f?: TraceFilters): Promise<void>;
  open(sessionId: string): Promise<void>;
  /** open a session's timeline with the row of one tool call selected (jump from the transcript) */
  openAt(sessionId: string, toolCallId: string): Promise<void>;
  close(): void;
  /** fetch what the view shows again (the trace grew) */
  refresh(): Promise<void>;
  /** the rows from..to (inclusive) are drawn: fetch their pages not fetched yet */
  showRange(from: number, to: number): void;
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

/** The row `i` of the view, when its page was fetched. */
export const rowAt = (s: Pick<TracesState, 'pages'>, i: number): ApiTimelineRow | undefined =>
  s.pages[Math.floor(i / ROWS_PAGE)]?.[i % ROWS_PAGE];

/** bumped by every change of the view (open, filters, search, expansion, refresh): older answers are dropped */
let viewSeq = 0;
/** pages asked for and not answered yet, of view viewSeq */
let inFlight = new Set<number>();
/** the pages drawn last (a new view fetches these) */
let shownPages: number[] = [0];

const pagesOf = (from: number, to: number): number[] => {
  const out: number[] = [];
  for (let p = Math.floor(Math.max(0, from) / ROWS_PAGE); p <= Math.floor(Math.max(0, to) / ROWS_PAGE); p++)
    out.push(p);
  return out;
};

export const useTraces = create<TracesState>((set, get) => {
  const viewParams = (sessionId: string): Params<'traces.rows'> => {
    const s = get();
    return {
      sessionId,
      offset: 0,
      limit: ROWS_PAGE,
      hidden: [...s.hidden],
      text: s.search.trim() ? s.search : undefined,
      expanded: Object.keys(s.expanded).filter((id) => s.expanded[id]),
    };
  };
  const apply = (r: ApiTimelinePage) => ({
    records: r.records,
    total: r.total,
    hits: r.hits,
    axis: axisOfPage(get().axis, r),
  });
  /**
   * A new view of the opened trace: its pages drawn last are fetched with the view's parameters, and shown
   * together (what was shown stays until then). Returns the first answer (null when a newer view took over).
   */
  const reload = async (extra: Partial<Params<'traces.rows'>> = {}): Promise<ApiTimelinePage | null> => {
    const sessionId = get().sessionId;
    if (!sessionId) return null;
    const seq = ++viewSeq;
    inFlight = new Set(shownPages);
    const params = viewParams(sessionId);
    const answers = await Promise.all(
      shownPages.map((p, k) =>
        call('traces.rows', { ...params, ...(k === 0 ? extra : {}), offset: p * ROWS_PAGE }).then(
          (r) => [p, r] as const,
        ),
      ),
    );
    if (seq !== viewSeq) return null;
    inFlight = new Set();
    const pages: Record<number, ApiTimelineRow[]> = {};
    for (const [p, r] of answers) if (r.rows.length) pages[p] = r.rows;
    const first = answers[0]![1];
    if (first.total > 0 && !Object.keys(pages).length) {
      // the view shrank past the rows drawn (a filter, a search): the list will show its end
      const last = Math.floor((first.total - 1) / ROWS_PAGE);
      const r = await call('traces.rows', { ...params, offset: last * ROWS_PAGE });
      if (seq !== viewSeq) return null;
      pages[last] = r.rows;
      shownPages = [last];
    }
    set({ pages, ...apply(first) });
    return first;
  };
  const fetchPage = async (p: number): Promise<void> => {
    const sessionId = get().sessionId;
    if (!sessionId || inFlight.has(p) || get().pages[p]) return;
    const seq = viewSeq;
    inFlight.add(p);
    try {
      const r = await call('traces.rows', { ...viewParams(sessionId), offset: p * ROWS_PAGE });
      if (seq !== viewSeq) return;
      set((s) => ({ pages: { ...s.pages, [p]: r.rows }, ...apply(r) }));
    } catch (e) {
      if (seq === viewSeq) set({ error: messageOf(e) });
    } finally {
      if (seq === viewSeq) inFlight.delete(p);
    }
  };

  return {
    list: [],
    filters: {},
    listError: null,
    sessionId: null,
    records: 0,
    total: 0,
    pages: {},
    axis: NO_AXIS,
    loading: false,
    error: null,
    hidden: new Set(),
    search: '',
    hits: null,
    expanded: {},
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
      await get().openAt(sessionId, '');
    },

    async openAt(sessionId, toolCallId) {
      shownPages = [0];
      set({
        sessionId,
        records: 0,
        total: 0,
        pages: {},
        axis: NO_AXIS,
        loading: true,
        error: null,
        selected: null,
        detail: null,
        hits: null,
        search: '',
        expanded: {},
        zoom: 1,
      });
      try {
        const first = await reload(toolCallId ? { toolCallId } : {});
        if (first && first.index !== null) {
          const p = Math.floor(first.index / ROWS_PAGE);
          await fetchPage(p);
          const row = rowAt(get(), first.index);
          if (row) await get().select(row);
        }
      } catch (e) {
        if (get().sessionId === sessionId) set({ error: messageOf(e) });
      } finally {
        if (get().sessionId === sessionId) set({ loading: false });
      }
    },

    close: () => {
      viewSeq++;
      set({ sessionId: null, records: 0, total: 0, pages: {}, axis: NO_AXIS, selected: null, detail: null });
    },

    async refresh() {
      if (!get().sessionId || get().loading) return;
      try {
        await reload();
      } catch {
        /* keep what is shown */
      }
    },

    showRange(from, to) {
      const want = pagesOf(from, Math.min(to, Math.max(0, get().total - 1)));
      shownPages = want;
      for (const p of want) void fetchPage(p);
    },

    toggleKind(k) {
      const hidden = new Set(get().hidden);
      if (hidden.has(k)) hidden.delete(k);
      else hidden.add(k);
      set({ hidden });
      void reload().catch((e: unknown) => set({ error: messageOf(e) }));
    },

    async setSearch(text) {
      set({ search: text });
      try {
        await reload();
      } catch (e) {
        set({ error: messageOf(e) });
      }
    },

    async toggleExpand(row) {
      const open = !get().expanded[row.id];
      set((s) => ({ expanded: { ...s.expanded, [row.id]: open } }));
      if (open && !row.childSessionId) return;
      try {
        await reload();
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
  };
});
