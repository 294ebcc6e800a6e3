// The timeline's detail for a compaction span: why it ran, how, the context before and after, how it ended, and its
// summary behind a toggle (collapsed until opened; read from the trace only then). Presentation plus read-only
// API calls for the span's own records.
import { useEffect, useMemo, useState } from 'react';
import type { OmniMessage } from '../../../../shared/omni/types.js';
import { call, messageOf } from '../../api/client.js';
import { formatTokens } from '../chat/transcript.js';
import { pickSummary } from './summary.js';
import type { TimelineRow } from '../../../../shared/trace-flatten.js';
import { formatDuration } from '../../../../shared/time-format.js';

type P = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

const record = (sessionId: string, offset: number): Promise<OmniMessage | null> =>
  call('traces.record', { sessionId, offset }).then((r) => r.message);

export function CompactionDetail({ row }: { row: TimelineRow }) {
  const [events, setEvents] = useState<{ begin: P; end?: P } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all(row.offsets.slice(0, 2).map((o) => record(row.sessionId, o))).then(
      (ms) => {
        const ps = ms.map((m) => (m?.payload ?? {}) as P);
        const begin = ps.find((p) => p.type === 'compaction_begin') ?? {};
        if (live) setEvents({ begin, end: ps.find((p) => p.type === 'compaction_end') });
      },
      (e: unknown) => live && setError(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [row.sessionId, row.offsets]);

  const pruneOnly = str(events?.end?.mode) === 'prune';
  const candidates = useMemo(() => (pruneOnly ? [] : (row.summaryOffsets ?? [])), [pruneOnly, row.summaryOffsets]);
  useEffect(() => {
    if (!open || summary !== null || !candidates.length) return;
    let live = true;
    Promise.all(candidates.map((o) => record(row.sessionId, o))).then(
      (ms) => live && setSummary(pickSummary(ms) ?? ''),
      (e: unknown) => live && setSummary(`The summary could not be read: ${messageOf(e)}`),
    );
    return () => {
      live = false;
    };
  }, [open, summary, candidates, row.sessionId]);

  if (error) return <p className="error">{error}</p>;
  if (!events) return <p className="muted">loading…</p>;
  const { begin, end } = events;
  const before = num(begin.context);
  const after = num(end?.context);
  return (
    <div className="compaction-detail" data-testid="compaction-detail">
      <dl className="arg-fields inline">
        <dt>reason</dt>
        <dd>{str(begin.reason) ?? 'not recorded'}</dd>
        <dt>mode</dt>
        <dd>
          {str(begin.mode) ?? 'not recorded'}
          {str(end?.mode) ? ` → ${str(end?.mode)}` : ''}
        </dd>
        {str(begin.focus) && (
          <>
            <dt>focus</dt>
            <dd>{str(begin.focus)}</dd>
          </>
        )}
        <dt>context</dt>
        <dd>
          {before !== undefined ? `${formatTokens(before)} tokens` : '—'}
          {after !== undefined ? ` → ${formatTokens(after)} tokens` : ''}
          {num(begin.turns) !== undefined
            ? ` · ${num(begin.turns)} turn${num(begin.turns) === 1 ? '' : 's'} compacted`
            : ''}
        </dd>
        <dt>status</dt>
        <dd>
          {end ? (str(end.status) ?? 'ended (no status recorded)') : 'not finished'}
          {str(end?.error) ? `: ${str(end?.error)}` : ''}
        </dd>
        <dt>duration</dt>
        <dd>{row.durationMs !== undefined ? formatDuration(row.durationMs) : '—'}</dd>
      </dl>
      <details
        className="compaction-summary"
        data-testid="compaction-summary"
        onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
      >
        <summary>Summary</summary>
        {!candidates.length ? (
          <p className="muted">
            {pruneOnly
              ? 'No summary: old tool outputs were pruned instead.'
              : 'No summary in the trace (the compaction did not complete, or its context was not written).'}
          </p>
        ) : (
          <pre className="detail-output">{summary ?? 'loading…'}</pre>
        )}
      </details>
    </div>
  );
}
