// The timeline's waterfall as an ARIA treegrid: a header row (the row count, then the time axis, whose labels are
// placed by axis.ts so that they never overlap) and one row per record, virtualised with react-virtuoso (the
// chat's list too: one virtualiser in the app) inside the grid's own scroller. Rows carry aria-rowindex/rowcount
// (only the rows on screen exist), aria-level, aria-expanded (subagents) and aria-selected; one row is in the tab
// order and the arrows move through all of them (gridKeys.ts).
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { useElementWidth } from '../../app/useElementWidth.js';
import { placeAxisLabels, axisTicks, type AxisLabel } from './axis.js';
import { gridKey } from './gridKeys.js';
import { AXIS_TAIL_PX, GAP_KEEP_MS, axisWidth, pxPerMs, warpOf } from './layout.js';
import { measureAxisLabel } from './measure.js';
import type { ApiTimelineRow } from '../../../../shared/api.js';
import { formatDuration } from '../../../../shared/time-format.js';
import { rowAt, useTraces } from './store.js';
import { TimelineRow } from './TimelineRow.js';

const LABEL_W = 340;
const ROW_H = 26;

/** rows drawn beyond the scroller's top and bottom edges, in px, once the first rows were painted */
const OVERSCAN_PX = 400;

/** Runs `fn` after the next frame was painted (a task queued from that frame's animation callbacks). */
const afterNextPaint = (fn: () => void) => requestAnimationFrame(() => setTimeout(fn, 0));

export const TimelineGrid = memo(function TimelineGrid() {
  const s = useTraces(
    useShallow((x) => ({
      total: x.total,
      pages: x.pages,
      axis: x.axis,
      zoom: x.zoom,
      selected: x.selected,
      expanded: x.expanded,
      select: x.select,
      toggleExpand: x.toggleExpand,
      showRange: x.showRange,
    })),
  );
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const scrollerW = useElementWidth(scroller);
  const virt = useRef<VirtuosoHandle>(null);
  const { t0, t1 } = s.axis;
  // at zoom 1 the whole span fits the scroller beside the labels (the detail pane's width taken into account)
  const width = axisWidth(scrollerW, LABEL_W);
  const total = LABEL_W + width * s.zoom + AXIS_TAIL_PX;
  // idle stretches between turns are collapsed on the axis (marked), so activity keeps its width
  const warp = useMemo(() => warpOf(s.axis.cuts, t0, t1), [s.axis.cuts, t0, t1]);
  const scale = pxPerMs(t0, t0 + warp.span, width, s.zoom);
  // where a new trace file begins (after a compaction): a line across the rows, named on the axis
  const partStarts = s.axis.partStarts;
  const count = s.total;
  const row = (i: number) => rowAt(s, i);
  const labels = useMemo(() => {
    const { ticks } = axisTicks(warp.span, scale, (at) => formatDuration(warp.unmap(at)), measureAxisLabel);
    const all: AxisLabel[] = [
      ...partStarts.map((p): AxisLabel => ({
        key: `part:${p.id}`,
        kind: 'part',
        x: LABEL_W + warp.map(p.start) * scale,
        text: `_${String(p.part).padStart(3, '0')}`,
        align: 'start',
      })),
      ...warp.gaps.map((g): AxisLabel => ({
        key: `gap:${g.at}`,
        kind: 'gap',
        x: LABEL_W + g.at * scale,
        text: `⋯ idle ${formatDuration(g.ms)}`,
        short: '⋯',
        align: 'center',
      })),
      ...ticks
        .filter((t) => !warp.gaps.some((g) => Math.abs(t.at - g.at) < GAP_KEEP_MS / 2)) // no tick inside a collapsed gap
        .map((t): AxisLabel => ({
          key: `tick:${t.at}`,
          kind: 'tick',
          x: LABEL_W + t.at * scale,
          text: t.label,
          align: 'start',
        })),
    ];
    return placeAxisLabels(all, measureAxisLabel, LABEL_W, total);
  }, [warp, scale, partStarts, total]);

  // keyboard: one row in the tab order; the arrows move it (and the focus) through every row, drawn or not
  const [active, setActive] = useState(0);
  const at = Math.min(active, Math.max(0, count - 1));
  const wantFocus = useRef<number | null>(null);
  const focusRow = (i: number): boolean => {
    const el = scroller?.querySelector<HTMLElement>(`[data-row="${i}"]`);
    if (!el) return false;
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: 'nearest' }); // the scroller's scroll-padding keeps it clear of the sticky axis
    return true;
  };
  // a row asked for before it was drawn takes the focus once the list draws it
  const focusWanted = () => {
    if (wantFocus.current !== null && focusRow(wantFocus.current)) wantFocus.current = null;
  };
  useEffect(() => {
    focusWanted();
    // a fetched page is drawn by the list's own render, after this one's
    const id = requestAnimationFrame(focusWanted);
    return () => cancelAnimationFrame(id);
  });
  const moveTo = (i: number) => {
    setActive(i);
    wantFocus.current = i;
    if (!focusRow(i)) virt.current?.scrollToIndex({ index: i, align: 'center' });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    const page = Math.max(1, Math.floor(((scroller?.clientHeight ?? ROW_H * 10) - ROW_H) / ROW_H) - 1);
    const grid = {
      length: count,
      at: (i: number) => {
        const r = row(i);
        return (
          r && {
            depth: r.depth,
            expandable: r.kind === 'subagent' && !!r.childSessionId,
            expanded: !!s.expanded[r.id],
            parent: r.parent,
          }
        );
      },
    };
    const act = gridKey(e.key, at, grid, page);
    if (!act) return;
    e.preventDefault();
    const current = row(at);
    if (act.kind === 'move') moveTo(act.to);
    else if (current && act.kind === 'select') void s.select(current);
    else if (current) void s.toggleExpand(current);
  };
  // the rows' handlers keep their identity across renders (the rows are memoised); the key handler reads the
  // grid's state of the latest render
  const keyDown = useRef(onKeyDown);
  useLayoutEffect(() => {
    keyDown.current = onKeyDown;
  });
  const onRowKeyDown = useCallback((e: KeyboardEvent) => keyDown.current(e), []);
  const { select, toggleExpand } = s;
  const onSelect = useCallback(
    (i: number, r: ApiTimelineRow) => {
      setActive(i);
      void select(r);
    },
    [select],
  );
  const onToggle = useCallback((r: ApiTimelineRow) => void toggleExpand(r), [toggleExpand]);
  // the rows beyond the scroller's edges are drawn only after the first rows were painted: the frame that shows an
  // opened trace draws the rows on screen only (issue 21: a 500 MB trace opens with no frame over 50 ms)
  const [overscan, setOverscan] = useState(0);

  return (
    <div
      className="tl-scroll"
      ref={setScroller}
      data-testid="tl-scroll"
      role="treegrid"
      aria-label="Trace records"
      aria-rowcount={count + 1}
      aria-colcount={2}
    >
      <div className="tl-axis" role="row" aria-rowindex={1} style={{ width: total }}>
        <div className="tl-axis-label" role="columnheader" style={{ width: LABEL_W }}>
          {count} rows · {formatDuration(t1 - t0)}
        </div>
        <div className="tl-axis-time" role="columnheader" aria-label="Time since the trace began">
          {labels.map((l) =>
            l.kind === 'tick' ? (
              <span key={l.key} className="tick" style={{ left: l.x }}>
                {l.shown}
              </span>
            ) : l.kind === 'gap' ? (
              <span
                key={l.key}
                className="tl-gap"
                style={{ left: l.x }}
                title={`${l.text.replace('⋯ ', '')} (collapsed)`}
              >
                {l.shown}
              </span>
            ) : (
              <span
                key={l.key}
                className="tl-part"
                data-testid="tl-part-start"
                style={{ left: l.x }}
                title={`the trace continues in ${l.shown} here (after a compaction)`}
              >
                {l.shown}
              </span>
            ),
          )}
        </div>
      </div>
      <div className="tl-rows" style={{ width: total }}>
        {partStarts.map((p) => (
          <span
            key={p.id}
            className="tl-part-line"
            aria-hidden="true"
            style={{ left: LABEL_W + warp.map(p.start) * scale, height: count * ROW_H }}
          />
        ))}
        {scroller && (
          <Virtuoso
            ref={virt}
            customScrollParent={scroller}
            totalCount={count}
            fixedItemHeight={ROW_H}
            increaseViewportBy={overscan}
            itemsRendered={(items) => {
              requestAnimationFrame(focusWanted);
              // the rows off screen once the first rows were painted (a frame of their own)
              if (items.length && !overscan) afterNextPaint(() => setOverscan(OVERSCAN_PX));
            }}
            rangeChanged={(r) => s.showRange(r.startIndex, r.endIndex)}
            computeItemKey={(i) => row(i)?.id ?? `pending:${i}`}
            itemContent={(i) => {
              const r = row(i);
              if (!r)
                return (
                  <div className="tl-row-pending" style={{ height: ROW_H }} role="row" aria-rowindex={i + 2} aria-busy>
                    <div className="tl-label muted" role="gridcell" style={{ width: LABEL_W }}>
                      …
                    </div>
                  </div>
                );
              return (
                <TimelineRow
                  r={r}
                  i={i}
                  labelWidth={LABEL_W}
                  height={ROW_H}
                  t0={t0}
                  warp={warp}
                  scale={scale}
                  selected={s.selected?.id === r.id}
                  expanded={!!s.expanded[r.id]}
                  tabbable={i === at}
                  onSelect={onSelect}
                  onToggle={onToggle}
                  onKeyDown={onRowKeyDown}
                />
              );
            }}
          />
        )}
      </div>
    </div>
  );
});
