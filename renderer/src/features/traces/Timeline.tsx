// The trace timeline: a virtualized waterfall (@tanstack/react-virtual) of flattened rows with a time axis and
// zoom, kind filters, text search (server-side over excerpts), nested subagents, compaction spans, the start of each
// trace part after the first marked on the axis, a detail pane (formatted message + raw JSON line), jump to the
// transcript, and export (JSONL as stored, one HTML page, OTLP JSON).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { CompactionDetail } from './CompactionDetail.js';
import { ToolDetail } from './ToolDetail.js';
import { useNav } from '../../app/nav.js';
import { useChat } from '../chat/store.js';
import { formatMs, formatTokens } from '../chat/transcript.js';
import { useProjects } from '../projects/store.js';
import { extent, ROW_KINDS, visibleRows, type TimelineRow } from './flatten.js';
import { AXIS_TAIL_PX, GAP_KEEP_MS, axisWidth, barOf, idleWarp, pxPerMs, tickLabel, ticks } from './layout.js';
import { useElementWidth } from '../../app/useElementWidth.js';
import { useTraces } from './store.js';

const LABEL_W = 340;
const ROW_H = 26;

export function Timeline() {
  const s = useTraces();
  const go = useNav((x) => x.go);
  const scroller = useRef<HTMLDivElement>(null);
  const [search, setSearch] = useState(s.search);
  const rows = useMemo(
    () => visibleRows(s.rows, { hidden: s.hidden, matches: s.matches, expanded: s.expanded, children: s.children }),
    [s.rows, s.hidden, s.matches, s.expanded, s.children],
  );
  const { t0, t1 } = useMemo(() => extent(s.rows), [s.rows]);
  // at zoom 1 the whole span fits the scroller beside the labels (the detail pane's width taken into account)
  const width = axisWidth(useElementWidth(scroller), LABEL_W);
  // idle stretches between turns are collapsed on the axis (marked), so activity keeps its width
  const warp = useMemo(() => idleWarp(s.rows, t0, t1), [s.rows, t0, t1]);
  const scale = pxPerMs(t0, t0 + warp.span, width, s.zoom);
  const axis = useMemo(
    () =>
      ticks(warp.span, scale)
        .filter((t) => !warp.gaps.some((g) => Math.abs(t.at - g.at) < GAP_KEEP_MS / 2)) // no tick inside a collapsed gap
        .map((t) => ({ ...t, label: tickLabel(warp.unmap(t.at)) })),
    [warp, scale],
  );
  const v = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_H,
    overscan: 20,
  });
  const summary = useTraces((x) => x.list.find((l) => l.sessionId === x.sessionId));
  // where a new trace file begins (after a compaction): a line across the rows, named on the axis
  const partStarts = useMemo(() => s.rows.filter((r) => r.markerKind === 'part'), [s.rows]);

  const jumpToChat = async (row: TimelineRow) => {
    const pid = summary?.projectId;
    if (!pid || !s.sessionId) return;
    await useProjects.getState().open(pid);
    await useChat.getState().loadSessions(pid);
    await useChat.getState().openSession(s.sessionId);
    go('chat');
    if (row.toolCallId) {
      setTimeout(
        () =>
          document
            .querySelector(`[data-tool-call-id="${CSS.escape(row.toolCallId!)}"]`)
            ?.scrollIntoView({ block: 'center' }),
        300,
      );
    }
  };

  const download = (text: string, fileName: string, mime: string) => {
    const url = URL.createObjectURL(new Blob([text], { type: mime }));
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const doExport = async () => {
    const r = await s.exportTrace();
    if (r) download(r.jsonl, r.fileName, 'application/x-ndjson');
  };
  const doExportAs = async (format: 'html' | 'otlp') => {
    const r = await s.exportAs(format);
    if (r) download(r.text, r.fileName, r.mime);
  };

  return (
    <section className="timeline" aria-label="Trace timeline">
      <div className="tl-head">
        <button aria-label="Back to the trace list" onClick={s.close}>
          ← Traces
        </button>
        <h2 title={s.sessionId ?? ''}>{summary?.title || s.sessionId}</h2>
        <span className="chip" data-testid="tl-count">
          {s.records.length}/{s.total} records{s.loading ? ' (loading…)' : ''}
        </span>
        <span className="spacer" />
        <button aria-label="Export JSONL" onClick={() => void doExport()}>
          Export JSONL
        </button>
        <button
          aria-label="Export HTML"
          title="One HTML file with the transcript and the timeline; opens from disk, no server or network needed"
          onClick={() => void doExportAs('html')}
        >
          Export HTML
        </button>
        <button
          aria-label="Export OpenTelemetry"
          title="OTLP JSON spans (GenAI semantic conventions), without prompts and outputs"
          onClick={() => void doExportAs('otlp')}
        >
          Export OTLP
        </button>
      </div>
      <div className="tl-tools">
        {ROW_KINDS.map((k) => (
          <label key={k} className="check">
            <input
              type="checkbox"
              checked={!s.hidden.has(k)}
              onChange={() => s.toggleKind(k)}
              aria-label={`Show ${k} rows`}
            />
            {k}
          </label>
        ))}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void s.setSearch(search);
          }}
        >
          <input
            aria-label="Search the trace"
            placeholder="Search outputs…"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <button type="submit" aria-label="Search">
            Search
          </button>
          {s.matches && (
            <button
              type="button"
              aria-label="Clear search"
              onClick={() => {
                setSearch('');
                void s.setSearch('');
              }}
            >
              Clear ({s.matches.size} hits)
            </button>
          )}
        </form>
        <span className="spacer" />
        <button aria-label="Zoom out" onClick={() => s.setZoom(s.zoom / 2)}>
          −
        </button>
        <span className="chip">{s.zoom}×</span>
        <button aria-label="Zoom in" onClick={() => s.setZoom(s.zoom * 2)}>
          +
        </button>
      </div>
      {s.error && (
        <p className="error" role="alert">
          {s.error}
        </p>
      )}
      <div className="tl-body">
        <div className="tl-scroll" ref={scroller} data-testid="tl-scroll">
          <div className="tl-axis" style={{ width: LABEL_W + width * s.zoom + AXIS_TAIL_PX }}>
            <div className="tl-axis-label" style={{ width: LABEL_W }}>
              {rows.length} rows · {formatMs(t1 - t0)}
            </div>
            {axis.map((t) => (
              <span key={t.at} className="tick" style={{ left: LABEL_W + t.at * scale }}>
                {t.label}
              </span>
            ))}
            {partStarts.map((p) => (
              <span
                key={p.id}
                className="tl-part"
                data-testid="tl-part-start"
                style={{ left: LABEL_W + warp.map(p.start) * scale }}
                title={`the trace continues in ${p.detail} here (after a compaction)`}
              >
                _{String(p.part).padStart(3, '0')}
              </span>
            ))}
            {warp.gaps.map((g) => (
              <span
                key={g.at}
                className="tl-gap"
                style={{ left: LABEL_W + g.at * scale }}
                title={`idle for ${formatMs(g.ms)} (collapsed)`}
              >
                ⋯ idle {formatMs(g.ms)}
              </span>
            ))}
          </div>
          <div
            style={{ height: v.getTotalSize(), position: 'relative', width: LABEL_W + width * s.zoom + AXIS_TAIL_PX }}
          >
            {partStarts.map((p) => (
              <span
                key={p.id}
                className="tl-part-line"
                style={{ left: LABEL_W + warp.map(p.start) * scale, height: v.getTotalSize() }}
              />
            ))}
            {v.getVirtualItems().map((vi) => {
              const r = rows[vi.index]!;
              const bar = barOf(
                {
                  ...r,
                  start: t0 + warp.map(r.start),
                  end: t0 + warp.map(r.end),
                  waitEnd: r.waitEnd === undefined ? undefined : t0 + warp.map(r.waitEnd),
                },
                t0,
                scale,
              );
              return (
                <div
                  key={r.id}
                  className={`tl-row k-${r.kind} s-${r.status}${s.selected?.id === r.id ? ' selected' : ''}`}
                  style={{ transform: `translateY(${vi.start}px)`, height: ROW_H }}
                  data-kind={r.kind}
                  data-marker={r.markerKind}
                  data-status={r.status}
                  onClick={() => void s.select(r)}
                  role="row"
                  aria-selected={s.selected?.id === r.id}
                >
                  <div className="tl-label" style={{ width: LABEL_W, paddingLeft: 6 + r.depth * 16 }}>
                    {r.kind === 'subagent' ? (
                      <button
                        className="link small"
                        aria-expanded={!!s.expanded[r.id]}
                        aria-label={`${s.expanded[r.id] ? 'Collapse' : 'Expand'} subagent ${r.detail}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          void s.toggleExpand(r);
                        }}
                      >
                        {s.expanded[r.id] ? '▾' : '▸'}
                      </button>
                    ) : null}
                    <span className={`kind-tag ${r.kind}`}>{r.kind === 'marker' ? '◆' : r.kind[0]!.toUpperCase()}</span>
                    <span className="tl-name">{r.label}</span>
                    <span className="tl-detail">{r.detail}</span>
                    {r.tokens !== undefined && <span className="chip">{formatTokens(r.tokens)} tok</span>}
                    {r.durationMs !== undefined && <span className="chip">{formatMs(r.durationMs)}</span>}
                    {!!r.retries && <span className="chip warn">retry {r.retries}</span>}
                  </div>
                  <div className="tl-bar-area">
                    {r.kind === 'marker' ? (
                      <span className={`tl-marker ${r.status}`} style={{ left: bar.left }} title={r.label} />
                    ) : (
                      <span
                        className={`tl-bar ${r.status}`}
                        style={{ left: bar.left, width: bar.width }}
                        title={`${r.label} ${formatMs(r.end - r.start)}`}
                      >
                        {bar.waitWidth > 0 && (
                          <span className="tl-wait" style={{ width: bar.waitWidth }} title="waiting for approval" />
                        )}
                      </span>
                    )}
                  </div>
                </div>
              );
            })}
          </div>
        </div>
        {s.selected && (
          <aside className="tl-detail-pane" aria-label="Record detail">
            <div className="row">
              <strong>{s.selected.label}</strong>
              <span className="spacer" />
              {summary?.projectId && (
                <button className="small" aria-label="Show in transcript" onClick={() => void jumpToChat(s.selected!)}>
                  Show in transcript
                </button>
              )}
              <button className="small ghost" aria-label="Close detail" onClick={() => void s.select(null)}>
                ✕
              </button>
            </div>
            <p className="muted small">
              {new Date(s.selected.start).toISOString()} · {s.selected.offsets.length} record(s)
            </p>
            {s.selected.kind === 'tool' && s.selected.toolCallId && <ToolDetail key={s.selected.id} row={s.selected} />}
            {s.selected.kind === 'compaction' && <CompactionDetail key={s.selected.id} row={s.selected} />}
            <details className="raw-toggle" open={s.selected.kind !== 'tool' && s.selected.kind !== 'compaction'}>
              <summary>Raw record</summary>
              <h3>Message</h3>
              <pre className="detail-pretty">{s.detail?.pretty ?? 'loading…'}</pre>
              <h3>Raw JSON line</h3>
              <pre className="detail-raw">{s.detail?.line ?? ''}</pre>
            </details>
          </aside>
        )}
      </div>
    </section>
  );
}
