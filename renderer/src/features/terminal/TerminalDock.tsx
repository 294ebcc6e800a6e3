// The terminal dock of a chat session: every command session of the task as one compact row (status, exit code,
// duration, Kill) — commands that printed nothing included — newest first and focused; one pane below for the
// selected command, opened on demand (or by its first output) and closable. Pane internals live in TerminalPane.
import { useEffect, useMemo, useState } from 'react';
import { formatMs } from '../chat/transcript.js';
import { TerminalPane } from './TerminalPane.js';
import { procsOf } from './reducer.js';
import { useTerminals } from './store.js';

/** Re-renders every second while something runs (durations tick). */
function useTick(on: boolean): number {
  const [n, setN] = useState(0);
  useEffect(() => {
    if (!on) return;
    const t = setInterval(() => setN((x) => x + 1), 1000);
    return () => clearInterval(t);
  }, [on]);
  return n;
}

export function TerminalDock({ rootId }: { rootId: string }) {
  const procs = useTerminals((s) => s.procs);
  const panes = useTerminals((s) => s.panes);
  const [userPick, setUserPick] = useState<{ id: string; newest: string } | null>(null);
  const { open, close, kill } = useTerminals();
  const list = useMemo(() => procsOf({ procs, panes, active: {} }, rootId).reverse(), [procs, panes, rootId]);
  useTick(list.some((p) => p.status === 'running'));
  if (!list.length) return null;
  // the command the person picked stays selected until a newer one starts; otherwise the newest one
  const picked = userPick && userPick.newest === list[0]!.id ? list.find((p) => p.id === userPick.id) : undefined;
  const selected = picked ?? list[0]!;
  const shown = panes[selected.id] === 'open' ? selected : null;
  return (
    <section className="terminal-dock" aria-label="Terminals">
      <ul className="cmd-list" aria-label="Commands">
        {list.map((p) => {
          const state =
            p.status === 'running' ? 'running' : p.signal ? `killed (${p.signal})` : `exit ${p.exitCode ?? '?'}`;
          const ms = (p.endedAt ? Date.parse(p.endedAt) : Date.now()) - Date.parse(p.startedAt);
          const isOpen = panes[p.id] === 'open';
          const bad = p.status === 'exited' && (p.signal || (p.exitCode ?? 0) !== 0);
          return (
            <li
              key={p.id}
              className={`cmd-row${p.id === selected.id ? ' selected' : ''}`}
              aria-current={p.id === selected.id}
            >
              <span className={`dot ${p.status}${bad ? ' failed' : ''}`} aria-hidden="true" />
              <button
                className="cmd-open"
                aria-label={`Terminal ${p.cmd}`}
                aria-expanded={isOpen && p.id === selected.id}
                title={`${p.cmd}\n${p.cwd}`}
                onClick={() => {
                  setUserPick({ id: p.id, newest: list[0]!.id });
                  if (isOpen && p.id === selected.id) close(p.id);
                  else open(p.id);
                }}
              >
                <code className="term-cmd">{p.cmd}</code>
              </button>
              <span className={`term-state${bad ? ' bad' : ''}`} data-testid="term-state">
                {state}
              </span>
              <span className="term-dur">{Number.isFinite(ms) ? formatMs(Math.max(0, ms)) : ''}</span>
              {p.status === 'running' && (
                <button className="small danger" aria-label={`Kill ${p.cmd}`} onClick={() => void kill(p.id)}>
                  Kill
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {shown ? (
        <div className="pane-wrap">
          <div className="pane-head">
            <code className="term-cmd">{shown.cmd}</code>
            <span className="spacer" />
            <button className="small ghost" aria-label={`Close terminal ${shown.cmd}`} onClick={() => close(shown.id)}>
              ✕
            </button>
          </div>
          <TerminalPane key={shown.id} proc={shown} />
        </div>
      ) : (
        <p className="muted small pane-hint">Pick a command to see its terminal.</p>
      )}
    </section>
  );
}
