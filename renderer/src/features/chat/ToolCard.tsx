// A tool-call card: status icon, tool and resolved target, pretty-printed arguments, live output, images, exit
// notes, duration; the inline approval card while pending; a button re-opening the command's terminal pane; what
// the sandbox refused (Violations.tsx).
import { memo, useState } from 'react';
import { ApprovalCard } from '../approvals/ApprovalCard.js';
import { byToolCall } from '../approvals/reducer.js';
import { useApprovals } from '../approvals/store.js';
import { procForCall } from '../terminal/reducer.js';
import { useTerminals } from '../terminal/store.js';
import { useNav } from '../../app/nav.js';
import { useTraces } from '../traces/store.js';
import { ArgsPanel } from '../approvals/ArgsPanel.js';
import { Violations } from './Violations.js';
import { argSummary, formatMs, spanMs, targetOf, toolStatus, type ToolItem, type ToolStatus } from './transcript.js';
import { keyArgument } from '../../../../shared/omni/call-args.js';
import { exitNotes, withoutNotes } from '../../../../shared/omni/output-notes.js';

const ICON: Record<ToolStatus, string> = {
  streaming: '…',
  waiting: '?',
  running: '⟳',
  ok: '✓',
  failed: '✗',
  denied: '⊘',
  aborted: '■',
  interrupted: '↯',
};

/** Jump from the transcript to the timeline row of this call. */
async function showInTrace(sessionId: string, toolCallId: string): Promise<void> {
  useNav.getState().go('traces');
  await useTraces.getState().openAt(sessionId, toolCallId);
}

export const ToolCard = memo(function ToolCard({ item, rootId }: { item: ToolItem; rootId: string }) {
  const pending = useApprovals((s) => byToolCall(s.pending, item.toolCallId));
  const status = toolStatus(item, !!pending);
  const target = targetOf(item);
  // the command of a complete call (through execute_extra_tool too), to find its terminal
  const cmd = target === 'exec_command' && item.argsComplete ? keyArgument(item.name, item.args) : undefined;
  const procId = useTerminals((s) => (cmd ? procForCall(s, [rootId], cmd, item.ts) : undefined));
  const paneOpen = useTerminals((s) => (procId ? s.panes[procId] === 'open' : false));
  const openPane = useTerminals((s) => s.open);
  const [showArgs, setShowArgs] = useState(false);
  const notes = item.done ? exitNotes(item.output) : [];
  // each note once: as a chip, not again inside the output
  const body = notes.length ? withoutNotes(item.output) : item.output;
  const duration = spanMs(item.decidedAt ?? item.ts, item.endedAt);
  const summary = argSummary(item.name, item.args);
  return (
    <div className={`tool-card st-${status}`} data-kind="tool" data-tool-call-id={item.toolCallId} data-status={status}>
      <div className="tool-head">
        <span className={`status-icon ${status}`} role="img" aria-label={status}>
          {ICON[status]}
        </span>
        <strong className="tool-name">{target}</strong>
        {target !== item.name && item.name && <span className="chip">via {item.name}</span>}
        {summary && <code className="tool-summary">{summary}</code>}
        <span className="spacer" />
        {duration !== undefined && <span className="chip">{formatMs(duration)}</span>}
        {item.decision && item.decision !== 'allow' && (
          <span className="chip bad">{item.decision === 'forbidden' ? 'forbidden' : 'denied'}</span>
        )}
        {procId && !paneOpen && (
          <button className="small" aria-label="Show terminal" onClick={() => openPane(procId)}>
            Terminal
          </button>
        )}
        {item.done && (
          <button
            className="small ghost"
            aria-label="Show in trace"
            title="Show this call in the trace timeline"
            onClick={() => void showInTrace(rootId, item.toolCallId)}
          >
            trace
          </button>
        )}
        <button
          className="small ghost"
          aria-expanded={showArgs || !!pending}
          aria-label={showArgs ? 'Hide arguments' : 'Show arguments'}
          onClick={() => setShowArgs(!showArgs)}
        >
          {'{…}'}
        </button>
      </div>
      {!item.argsComplete && item.args && !pending && <pre className="args">{item.args}</pre>}
      {showArgs && item.argsComplete && !pending && <ArgsPanel toolName={target} args={item.args} />}
      {pending && <ApprovalCard p={pending} autoFocus />}
      {body && (
        <pre className="output" data-testid="tool-output">
          {body}
        </pre>
      )}
      {item.images?.map((src, i) => (
        <img key={i} className="thumb" src={src} alt={`image returned by ${target}`} />
      ))}
      {item.violations?.length ? <Violations items={item.violations} rootId={rootId} /> : null}
      {notes.length > 0 && (
        <div className="notes">
          {notes.map((n, i) => (
            <span key={i} className="chip">
              {n}
            </span>
          ))}
        </div>
      )}
    </div>
  );
});
