// One pending approval: tool, resolved target, permission, arguments as a person reads them (ArgsPanel), the host-built image preview for
// read_image/describe_image, subagent marking, and Allow / Deny / Allow this tool for this session — by mouse
// or keyboard (A, D, S anywhere in the focused card except its fields; Esc back to the composer); R (or "Deny with a
// reason…") opens a field whose text goes to the model with the denial. While the host is unreachable (browser mode,
// socket closed) the buttons are disabled and the card says so. The card takes
// focus when it appears and the person is not typing (focus.ts). Must not decide without the person.
import { useEffect, useRef, useState } from 'react';
import { useConnection } from '../../app/boot.js';
import type { ApiPendingApproval } from '../../../../shared/api.js';
import { claimFocus, focusAfterDecision, focusComposer, isEditable } from './focus.js';
import { useChat } from '../chat/store.js';
import { ArgsPanel } from './ArgsPanel.js';
import { shortcutOf, type Shortcut } from './reducer.js';
import { useApprovals } from './store.js';
import { Uncovered } from './Uncovered.js';

export function ApprovalCard({
  p,
  compact = false,
  autoFocus = false,
}: {
  p: ApiPendingApproval;
  compact?: boolean;
  autoFocus?: boolean;
}) {
  const decide = useApprovals((s) => s.decide);
  const deciding = useApprovals((s) => !!s.deciding[p.id]);
  // browser mode with the host's socket closed: no decision can reach it, so none can be made
  const offline = useConnection((s) => s.state === 'closed' || s.state === 'connecting');
  const busy = deciding || offline;
  /** the "deny with a reason" field: null while closed */
  const [reason, setReason] = useState<string | null>(null);
  const preview = useApprovals((s) => s.previews[p.id]);
  const loadPreview = useApprovals((s) => s.loadPreview);
  const ref = useRef<HTMLDivElement>(null);
  const workspace = useChat((s) => s.sessions.find((x) => x.id === p.sessionId)?.workspace);

  useEffect(() => {
    if (p.hasPreview) void loadPreview(p.id);
  }, [p.id, p.hasPreview, loadPreview]);

  const revealed = useApprovals((s) => s.reveal === p.id);
  useEffect(() => {
    if (revealed && autoFocus && ref.current) {
      const el = ref.current;
      // the list may keep the card hidden while it measures: try for a few frames until focus lands
      let tries = 30;
      const attempt = () => {
        if (!el.isConnected || document.activeElement === el) return;
        el.scrollIntoView({ block: 'center' });
        el.focus();
        if (document.activeElement !== el && --tries > 0) requestAnimationFrame(attempt);
      };
      requestAnimationFrame(attempt);
    } else if (autoFocus) claimFocus(p.id, ref.current);
  }, [autoFocus, p.id, revealed]);

  const choose = (d: Shortcut, why?: string) => {
    if (busy) return;
    if (ref.current?.contains(document.activeElement)) focusAfterDecision(p.id);
    void decide(p.id, d, undefined, why);
  };

  const child = p.origin.length > 0;
  const wrapped = p.calledName && p.calledName.toLowerCase() !== p.toolName.toLowerCase();
  return (
    <div
      ref={ref}
      className={`approval${child ? ' child' : ''}${compact ? ' compact' : ''}`}
      role="group"
      tabIndex={0}
      aria-label={`Approval needed: ${p.toolName}${child ? ' (asked by a subagent)' : ''}. Press A to allow, D to deny, R to deny with a reason, S to allow this tool for the session.`}
      data-approval-id={p.id}
      data-tool-call-id={p.toolCallId}
      onKeyDown={(e) => {
        if (isEditable(e.target)) return;
        if (e.key === 'Escape') {
          e.preventDefault();
          focusComposer();
          return;
        }
        if (!busy && (e.key === 'r' || e.key === 'R') && !e.ctrlKey && !e.metaKey && !e.altKey) {
          e.preventDefault();
          e.stopPropagation();
          setReason('');
          return;
        }
        const s = busy ? null : shortcutOf(e.key, { ctrl: e.ctrlKey, meta: e.metaKey, alt: e.altKey });
        if (s) {
          e.preventDefault();
          e.stopPropagation();
          choose(s);
        }
      }}
    >
      <div className="approval-head">
        <strong>Approve {p.toolName}?</strong>
        {wrapped && <span className="chip">via {p.calledName}</span>}
        <span className={p.permission === 'r' ? 'chip' : 'chip warn'}>
          {p.permission === 'r' ? 'read' : 'read/write'}
        </span>
        {child && (
          <span className="chip child-tag" title={p.origin.join(' → ')}>
            subagent {p.origin[p.origin.length - 1]}
          </span>
        )}
      </div>
      <ArgsPanel toolName={p.toolName} args={p.arguments} workspace={workspace} />
      {p.hasPreview && (
        <div className="preview">
          {preview?.dataUrl ? (
            <img className="thumb" src={preview.dataUrl} alt={`Preview of the image ${p.toolName} would read`} />
          ) : preview?.error ? (
            <span className="error">{preview.error}</span>
          ) : (
            <span className="muted">loading preview…</span>
          )}
          {preview?.mime && (
            <span className="muted">
              {preview.mime}, {preview.size} bytes
            </span>
          )}
        </div>
      )}
      <Uncovered p={p} busy={busy} />
      {offline && (
        <p className="offline-note" role="status">
          Disconnected — reconnecting… You can decide once Floe is reachable again; nothing is decided meanwhile.
        </p>
      )}
      {reason !== null && (
        <form
          className="deny-reason"
          aria-label={`Reason for denying ${p.toolName}`}
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim()) choose('deny', reason);
          }}
        >
          <label htmlFor={`reason-${p.id}`}>Why not? The model reads this as the call's result.</label>
          <input
            id={`reason-${p.id}`}
            autoFocus
            maxLength={2000}
            value={reason}
            placeholder="e.g. use the test database, not production"
            onChange={(e) => setReason(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                setReason(null);
                ref.current?.focus();
              }
            }}
          />
          <button type="submit" className="danger" disabled={busy || !reason.trim()}>
            Deny with this reason
          </button>
          <button type="button" className="ghost" onClick={() => setReason(null)}>
            Cancel
          </button>
        </form>
      )}
      <div className="approval-actions">
        <button className="primary" disabled={busy} aria-label={`Allow ${p.toolName}`} onClick={() => choose('allow')}>
          Allow <kbd data-key="A" aria-hidden="true" />
        </button>
        <button className="danger" disabled={busy} aria-label={`Deny ${p.toolName}`} onClick={() => choose('deny')}>
          Deny <kbd data-key="D" aria-hidden="true" />
        </button>
        <button
          className="ghost"
          disabled={busy}
          aria-expanded={reason !== null}
          onClick={() => setReason(reason === null ? '' : null)}
        >
          Deny with a reason… <kbd data-key="R" aria-hidden="true" />
        </button>
        <button
          disabled={busy}
          aria-label={`Allow ${p.toolName} for this session`}
          onClick={() => choose('allow-session')}
        >
          Allow {p.toolName} for this session <kbd data-key="S" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
