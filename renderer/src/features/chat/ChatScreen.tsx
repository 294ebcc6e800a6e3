// The chat screen: session list, the open session's virtualized transcript with banners (auth, errors),
// approvals that have no card in view, the composer and the terminal dock.
import { useEffect, useMemo } from 'react';
import './small-window.css';
import { useShallow } from 'zustand/react/shallow';
import type { ApiProject } from '../../../../shared/api.js';
import { dockPlacement, NARROW, sidebarShown, useLayout, useWindowWidth, type DockChoice } from '../../app/layout.js';
import { useConnection } from '../../app/boot.js';
import { useNav } from '../../app/nav.js';
import { ApprovalCard } from '../approvals/ApprovalCard.js';
import { ordered } from '../approvals/reducer.js';
import { useApprovals } from '../approvals/store.js';
import { TurnReview } from '../checkpoints/TurnReview.js';
import { TerminalDock } from '../terminal/TerminalDock.js';
import { prepareSpare } from '../terminal/spare.js';
import { ReviewPanel } from '../worktrees/ReviewPanel.js';
import { useWorktrees } from '../worktrees/store.js';
import { useTerminals } from '../terminal/store.js';
import { Composer } from './Composer.js';
import { ContextMeter, InstructionsBadge } from './ContextChips.js';
import { SessionList } from './SessionList.js';
import { useChat } from './store.js';
import { SessionTitle } from './SessionTitle.js';
import { TranscriptView } from './TranscriptView.js';
import { formatTokens, type Transcript } from './transcript.js';

/** Whether the transcript (or a subagent's within it) has a card for this call. */
function hasToolCard(t: Transcript, toolCallId: string): boolean {
  if (t.pos.has(`tool:${toolCallId}`)) return true;
  return t.items.some((i) => i.kind === 'subagent' && hasToolCard(i.child, toolCallId));
}

export function ChatScreen({ project }: { project: ApiProject }) {
  // one selector per value: a streamed token changes only the open transcript, not what else this screen reads
  const currentId = useChat((s) => s.currentId);
  const session = useChat((s) => s.sessions.find((x) => x.id === s.currentId) ?? null);
  const transcript = useChat((s) => (s.currentId ? s.transcripts[s.currentId] : undefined));
  const st = useChat((s) => (s.currentId ? s.status[s.currentId] : undefined));
  const error = useChat((s) => s.error);
  const projectId = useChat((s) => s.projectId);
  const { clearError, loadSessions, compact, retry } = useChat.getState();
  const go = useNav((s) => s.go);
  const running = st?.status === 'running';
  const pendingMap = useApprovals((s) => s.pending);
  const loadTerms = useTerminals((s) => s.load);
  const width = useWindowWidth();
  const layout = useLayout();
  const { dock: dockChoice, setDock } = layout;
  const narrow = width <= NARROW;
  const sidebar = sidebarShown(width, layout.sidebar, layout.narrowSidebar);
  const setSidebar = (open: boolean) => (narrow ? layout.setNarrowSidebar(open) : layout.setSidebar(open));
  // in a small window the dock hides while no command of this session runs (a button shows it by hand)
  const commands = useTerminals(
    useShallow((s) =>
      currentId
        ? Object.values(s.procs)
            .filter((p) => p.rootId === currentId)
            .map((p) => p.status)
        : [],
    ),
  );
  const commandRunning = commands.includes('running');
  const dock = dockPlacement(dockChoice, width, sidebar, commandRunning, layout.dockByHand);
  const idleDockHidden = narrow && dockChoice !== 'hidden' && !commandRunning && commands.length > 0;
  const disconnected = useConnection((s) => s.state === 'closed' || s.state === 'connecting');
  const waiting = useApprovals((s) =>
    currentId ? Object.values(s.pending).some((p) => p.sessionId === currentId) : false,
  );
  const worktree = useWorktrees((s) => (currentId ? s.bySession[currentId] : undefined));
  const loadWorktrees = useWorktrees((s) => s.load);
  useEffect(() => {
    void loadWorktrees(project.id);
  }, [project.id, loadWorktrees]);
  const shownStatus = waiting && running ? 'waiting for you' : (st?.status ?? session?.status ?? 'idle');

  useEffect(() => {
    if (projectId !== project.id) void loadSessions(project.id);
  }, [project.id, projectId, loadSessions]);
  useEffect(() => {
    if (currentId) void loadTerms(currentId);
  }, [currentId, loadTerms]);
  // a chat may open command panes: have a terminal made ahead, in idle time, for the first of them
  useEffect(() => prepareSpare(), []);

  // Esc stops the running task, from anywhere a key is not someone else's (a card, a list or a menu that
  // handles Esc itself prevents its default)
  useEffect(() => {
    if (!running) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing) return;
      const t = e.target as HTMLElement | null;
      if (t && t !== document.body && !t.closest('.conversation, .terminal-dock')) return;
      if (t?.closest('.approval, [role="dialog"], [role="listbox"], [role="menu"]')) return;
      e.preventDefault();
      void useChat.getState().abort();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [running]);

  const orphans = useMemo(() => {
    if (!currentId) return [];
    return ordered(pendingMap, currentId).filter((p) => !transcript || !hasToolCard(transcript, p.toolCallId));
  }, [pendingMap, currentId, transcript]);

  const head = (
    <div className="conv-head">
      <button
        className="small ghost"
        aria-label={sidebar ? 'Hide sessions' : 'Show sessions'}
        aria-expanded={sidebar}
        title={sidebar ? 'Hide the session list' : 'Show the session list'}
        onClick={() => setSidebar(!sidebar)}
      >
        ☰
      </button>
      {session && (
        <>
          <SessionTitle id={session.id} title={session.title} />
          <span className="chip">{session.model}</span>
          <span className={`chip status ${shownStatus.replace(/ /g, '-')}`} data-testid="session-status">
            {shownStatus}
          </span>
          {transcript?.sessionTokens && (
            <span className="chip" title="session total">
              Σ {formatTokens(transcript.sessionTokens.total)} tokens
            </span>
          )}
          <ContextMeter sessionId={session.id} transcript={transcript} />
          <InstructionsBadge sessionId={session.id} />
          <button
            className="small ghost"
            disabled={running}
            title="Compact the context now (a summary replaces the history)"
            onClick={() => void compact()}
          >
            Compact
          </button>
        </>
      )}
      <span className="spacer" />
      {(idleDockHidden || (narrow && layout.dockByHand && !commandRunning && commands.length > 0)) && (
        <button
          className="small ghost"
          aria-pressed={layout.dockByHand}
          title="In a small window the terminals hide while no command runs"
          onClick={() => layout.setDockByHand(!layout.dockByHand)}
        >
          {layout.dockByHand ? 'Hide terminals' : `Show terminals (${commands.length})`}
        </button>
      )}
      <label className="dock-choice">
        <span className="muted small">Terminals</span>
        <select
          aria-label="Terminal dock position"
          value={dockChoice}
          onChange={(e) => setDock(e.target.value as DockChoice)}
        >
          <option value="right">right</option>
          <option value="bottom">bottom</option>
          <option value="hidden">hidden</option>
        </select>
      </label>
    </div>
  );

  return (
    <div className={`chat dock-${dock} ${sidebar ? 'with-sidebar' : 'no-sidebar'}`}>
      {sidebar && <SessionList />}
      <section className="conversation" aria-label="Conversation">
        {head}
        {!session && <div className="empty center">Pick a session on the left or start a new one.</div>}
        {session && (
          <>
            {transcript?.auth && (
              <div className="banner error" role="alert">
                The provider refused the credentials: {transcript.auth}{' '}
                <button className="link" aria-label="Open model settings" onClick={() => go('settings')}>
                  Open model settings
                </button>
              </div>
            )}
            {st?.status === 'failed' && st.errorMessage && !transcript?.auth && (
              <div className="banner error" role="alert">
                The task failed: {st.errorMessage}{' '}
                <button className="link" aria-label="Retry the task" onClick={() => void retry()}>
                  Retry
                </button>
              </div>
            )}
            {disconnected && (
              <div className="banner warn" role="status" data-testid="disconnected">
                Disconnected from Floe — reconnecting… Prompts and approval decisions wait until the connection is back.
              </div>
            )}
            {error && (
              <div className="banner error" role="alert">
                {error}{' '}
                <button className="link" aria-label="Dismiss error" onClick={clearError}>
                  Dismiss
                </button>
              </div>
            )}
            <div className="transcript" data-testid="transcript">
              {!transcript && <p className="muted center">Loading…</p>}
              {transcript && transcript.items.length === 0 && (
                <p className="empty center">Empty session. Write a prompt below.</p>
              )}
              {transcript && transcript.items.length > 0 && (
                <TranscriptView key={session.id} transcript={transcript} rootId={session.id} />
              )}
            </div>
            {orphans.length > 0 && (
              <div className="orphan-approvals">
                {orphans.map((p) => (
                  <ApprovalCard key={p.id} p={p} autoFocus />
                ))}
              </div>
            )}
            {worktree && <ReviewPanel key={session.id} sessionId={session.id} worktree={worktree} running={running} />}
            <TurnReview projectId={project.id} sessionId={session.id} running={running} />
            <Composer session={session} running={running} />
          </>
        )}
      </section>
      {session && dock !== 'hidden' && <TerminalDock rootId={session.id} />}
    </div>
  );
}
