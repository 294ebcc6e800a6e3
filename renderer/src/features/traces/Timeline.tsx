// The trace timeline: the waterfall (TimelineGrid: a virtualised treegrid with its time axis, its rows paged from
// the host) under kind filters, text search (server-side over whole outputs) and zoom; a detail pane (formatted message + raw JSON line), jump
// to the transcript, and export (JSONL as stored, one HTML page, OTLP JSON).
import { useState } from 'react';
import { CompactionDetail } from './CompactionDetail.js';
import { ToolDetail } from './ToolDetail.js';
import { useNav } from '../../app/nav.js';
import { useChat } from '../chat/store.js';
import { useProjects } from '../projects/store.js';
import { ROW_KINDS, type TimelineRow } from '../../../../shared/trace-flatten.js';
import { formatOffset, formatTimestamp } from '../../../../shared/time-format.js';
import { TimelineGrid } from './TimelineGrid.js';
import { useTraces } from './store.js';

export function Timeline() {
  const s = useTraces();
  const go = useNav((x) => x.go);
  const [search, setSearch] = useState(s.search);
  const { t0 } = s.axis;
  const summary = useTraces((x) => x.list.find((l) => l.sessionId === x.sessionId));

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
        <button aria-label="Traces: back to the trace list" onClick={s.close}>
          ← Traces
        </button>
        <h2 title={s.sessionId ?? ''}>{summary?.title || s.sessionId}</h2>
        <span className="chip" data-testid="tl-count">
          {s.records} records{s.loading ? ' (loading…)' : ''}
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
          aria-label="Export OTLP"
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
          {s.hits !== null && (
            <button
              type="button"
              aria-label="Clear search"
              onClick={() => {
                setSearch('');
                void s.setSearch('');
              }}
            >
              Clear ({s.hits} hits)
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
        <TimelineGrid />
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
              <time dateTime={new Date(s.selected.start).toISOString()}>{formatTimestamp(s.selected.start)}</time> ·{' '}
              {formatOffset(s.selected.start - t0)} · {s.selected.offsets.length} record(s)
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
