// The timeline's detail for a tool row: the call as a person reads it (ArgsPanel), who approved it and when,
// under which approval mode and rule, its duration, exit notes and output — read from the row's own trace records. Raw lines stay behind a toggle in
// the Timeline. Presentation plus one read-only API call per record.
import { useEffect, useState } from 'react';
import type { OmniMessage } from '../../../../shared/omni/types.js';
import { call, messageOf } from '../../api/client.js';
import { ArgsPanel } from '../approvals/ArgsPanel.js';
import { exitNotes, formatMs, withoutNotes } from '../chat/transcript.js';
import type { TimelineRow } from './flatten.js';

type P = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

interface Facts {
  name?: string;
  args?: string;
  approval?: { decision: string; by?: string; at: string; tool?: string; mode?: string; rule?: string };
  output?: string;
  outputAt?: string;
}

function factsOf(ms: (OmniMessage | null)[]): Facts {
  const f: Facts = {};
  for (const m of ms) {
    const p = (m?.payload ?? {}) as P;
    if (p.type === 'tool_call') {
      f.name = str(p.name);
      f.args = str(p.arguments);
    } else if (p.type === 'approval_decision') {
      f.approval = {
        decision: str(p.decision) ?? 'allow',
        by: str(p.decided_by),
        at: m!.timestamp,
        tool: str(p.tool_name),
        mode: str(p.mode),
        rule: str(p.rule),
      };
    } else if (p.type === 'tool_call_output') {
      f.output = str(p.output) ?? '';
      f.outputAt = m!.timestamp;
    }
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
  const tool = facts.approval?.tool ?? facts.name ?? row.label;
  const notes = facts.output ? exitNotes(facts.output) : [];
  const exit = notes.find((n) => n.startsWith('[exit code'));
  return (
    <div className="tool-detail">
      <dl className="arg-fields inline">
        <dt>tool</dt>
        <dd>{tool}</dd>
        <dt>duration</dt>
        <dd>
          {row.durationMs != null
            ? formatMs(row.durationMs)
            : row.end > row.start
              ? formatMs(row.end - row.start)
              : '—'}
        </dd>
        <dt>exit</dt>
        <dd>
          {exit
            ? exit.replace(/^\[|\]$/g, '')
            : facts.output !== undefined
              ? notes.length
                ? notes.join(' ')
                : 'ok (exit code 0)'
              : 'no output yet'}
        </dd>
        <dt>approval</dt>
        <dd>
          {facts.approval
            ? `${facts.approval.decision} by ${facts.approval.by ?? 'unknown'} at ${new Date(facts.approval.at).toLocaleTimeString()}`
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
      {facts.args !== undefined && <ArgsPanel toolName={tool} args={facts.args} />}
      <h3>Output</h3>
      <pre className="detail-output">{facts.output !== undefined ? withoutNotes(facts.output) || '(empty)' : '—'}</pre>
    </div>
  );
}
