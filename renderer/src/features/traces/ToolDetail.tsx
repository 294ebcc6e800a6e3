// The timeline's detail for a tool row: the call as a person reads it (ArgsPanel), who approved it and when,
// under which approval mode and rule, its duration, how it ended and its output — the row's own trace records read
// by the shared interpreter. Raw lines stay behind a toggle in the Timeline. Presentation plus one read-only API
// call per record.
import { useEffect, useState } from 'react';
import { interpret, type FactOf } from '../../../../shared/omni/interpret.js';
import { endLine, withoutNotes } from '../../../../shared/omni/output-notes.js';
import type { OmniMessage } from '../../../../shared/omni/types.js';
import { call, messageOf } from '../../api/client.js';
import { ArgsPanel } from '../approvals/ArgsPanel.js';
import type { TimelineRow } from '../../../../shared/trace-flatten.js';
import { formatDuration, formatTimestamp } from '../../../../shared/time-format.js';

interface Facts {
  call?: FactOf<'tool_call'>;
  approval?: FactOf<'approval'> & { at: string };
  output?: FactOf<'tool_output'>;
}

function factsOf(ms: (OmniMessage | null)[]): Facts {
  const f: Facts = {};
  for (const m of ms) {
    if (!m) continue;
    const fact = interpret(m);
    if (fact.kind === 'tool_call') f.call = fact;
    else if (fact.kind === 'approval') f.approval = { ...fact, at: m.timestamp };
    else if (fact.kind === 'tool_output') f.output = fact;
  }
  return f;
}

export function ToolDetail({ row }: { row: TimelineRow }) {
  const [facts, setFacts] = useState<Facts | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all(
      row.offsets
        .slice(0, 6)
        .map((offset) => call('traces.record', { sessionId: row.sessionId, offset }).then((r) => r.message)),
    ).then(
      (ms) => live && setFacts(factsOf(ms)),
      (e: unknown) => live && setError(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [row.sessionId, row.offsets]);
  if (error) return <p className="error">{error}</p>;
  if (!facts) return <p className="muted">loading…</p>;
  const tool = facts.approval?.target ?? facts.call?.name ?? row.label;
  return (
    <div className="tool-detail">
      <dl className="arg-fields inline">
        <dt>tool</dt>
        <dd>{tool}</dd>
        <dt>duration</dt>
        <dd>
          {row.durationMs != null
            ? formatDuration(row.durationMs)
            : row.end > row.start
              ? formatDuration(row.end - row.start)
              : '—'}
        </dd>
        <dt>exit</dt>
        <dd>{facts.output ? endLine(facts.output) : 'no output yet'}</dd>
        <dt>approval</dt>
        <dd>
          {facts.approval
            ? `${facts.approval.decision} by ${facts.approval.by ?? 'unknown'} at ${formatTimestamp(facts.approval.at)}`
            : 'none recorded (allowed by mode or rule)'}
        </dd>
        {facts.approval && (
          <>
            <dt>approval mode</dt>
            <dd>{facts.approval.mode ?? 'not recorded'}</dd>
          </>
        )}
        {facts.approval?.rule && (
          <>
            <dt>rule</dt>
            <dd>{facts.approval.rule}</dd>
          </>
        )}
      </dl>
      {facts.call && <ArgsPanel toolName={tool} args={facts.call.args} />}
      <h3>Output</h3>
      <pre className="detail-output">{facts.output ? withoutNotes(facts.output.output) || '(empty)' : '—'}</pre>
    </div>
  );
}
