// One row of the timeline's treegrid (TimelineGrid): its label cell (depth, expander, kind, name, detail, chips)
// and its bar on the time axis. Memoised: a render of the grid (a page fetched further down, the store's loading
// flag, the focus moving) renders again only the rows whose own props changed, so the frame that shows a trace's
// first rows is not followed by tasks rendering them all again (issue 21). Presentation only.
import { memo, type KeyboardEvent } from 'react';
import type { ApiTimelineRow } from '../../../../shared/api.js';
import { formatDuration, formatOffset } from '../../../../shared/time-format.js';
import { formatTokens } from '../chat/transcript.js';
import { barOf, type Warp } from './layout.js';

interface TimelineRowProps {
  r: ApiTimelineRow;
  /** the row's index in the view */
  i: number;
  labelWidth: number;
  height: number;
  /** the trace's start, the axis' warp (idle stretches collapsed) and its px per ms */
  t0: number;
  warp: Warp;
  scale: number;
  selected: boolean;
  expanded: boolean;
  /** the one row in the tab order */
  tabbable: boolean;
  onSelect(i: number, r: ApiTimelineRow): void;
  onToggle(r: ApiTimelineRow): void;
  onKeyDown(e: KeyboardEvent): void;
}

export const TimelineRow = memo(function TimelineRow(p: TimelineRowProps) {
  const { r, i, t0, warp, scale } = p;
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
  const expandable = r.kind === 'subagent';
  return (
    <div
      className={`tl-row k-${r.kind} s-${r.status}${p.selected ? ' selected' : ''}`}
      style={{ height: p.height }}
      data-row={i}
      data-kind={r.kind}
      data-marker={r.markerKind}
      data-status={r.status}
      role="row"
      aria-rowindex={i + 2}
      aria-level={r.depth + 1}
      aria-expanded={expandable ? p.expanded : undefined}
      aria-selected={p.selected}
      tabIndex={p.tabbable ? 0 : -1}
      onClick={() => p.onSelect(i, r)}
      onKeyDown={p.onKeyDown}
    >
      <div className="tl-label" role="gridcell" style={{ width: p.labelWidth, paddingLeft: 6 + r.depth * 16 }}>
        {expandable ? (
          <button
            className="link small"
            tabIndex={-1}
            aria-expanded={p.expanded}
            aria-label={`${p.expanded ? 'Collapse' : 'Expand'} subagent ${r.detail}`}
            onClick={(e) => {
              e.stopPropagation();
              p.onToggle(r);
            }}
          >
            {p.expanded ? '▾' : '▸'}
          </button>
        ) : null}
        <span className={`kind-tag ${r.kind}`} aria-hidden="true">
          {r.kind === 'marker' ? '◆' : r.kind[0]!.toUpperCase()}
        </span>
        <span className="tl-name">{r.label}</span>
        <span className="tl-detail">{r.detail}</span>
        {r.tokens !== undefined && <span className="chip">{formatTokens(r.tokens)} tok</span>}
        {r.durationMs !== undefined && <span className="chip">{formatDuration(r.durationMs)}</span>}
        {!!r.retries && <span className="chip warn">retry {r.retries}</span>}
      </div>
      <div
        className="tl-bar-area"
        role="gridcell"
        aria-label={`${r.status}, at ${formatOffset(r.start - t0)}${
          r.kind === 'marker' ? '' : `, for ${formatDuration(r.end - r.start)}`
        }`}
      >
        {r.kind === 'marker' ? (
          <span className={`tl-marker ${r.status}`} style={{ left: bar.left }} title={r.label} />
        ) : (
          <span
            className={`tl-bar ${r.status}`}
            style={{ left: bar.left, width: bar.width }}
            title={`${r.label} ${formatDuration(r.end - r.start)}`}
          >
            {bar.waitWidth > 0 && (
              <span className="tl-wait" style={{ width: bar.waitWidth }} title="waiting for approval" />
            )}
          </span>
        )}
      </div>
    </div>
  );
});
