// The terminal dock of a chat session: a tab per open pane (command, running/exit state), close and kill
// buttons, and the active pane.
import { useMemo } from 'react';
import { TerminalPane } from './TerminalPane.js';
import { openOf } from './reducer.js';
import { useTerminals } from './store.js';

export function TerminalDock({ rootId }: { rootId: string }) {
  const procs = useTerminals((s) => s.procs);
  const panes = useTerminals((s) => s.panes);
  const activeId = useTerminals((s) => s.active[rootId]);
  const { open, close, kill } = useTerminals();
  const list = useMemo(() => openOf({ procs, panes, active: {} }, rootId), [procs, panes, rootId]);
  if (!list.length) return null;
  const active = list.find((p) => p.id === activeId) ?? list[list.length - 1]!;
  return (
    <section className="terminal-dock" aria-label="Terminals">
      <div className="term-tabs" role="tablist">
        {list.map((p) => {
          const state = p.status === 'running' ? 'running' : p.signal ? `killed (${p.signal})` : `exit ${p.exitCode ?? '?'}`;
          return (
            <div key={p.id} className={p.id === active.id ? 'term-tab active' : 'term-tab'}>
              <button role="tab" aria-selected={p.id === active.id} aria-label={`Terminal ${p.cmd}`} title={`${p.cmd}\n${p.cwd}`} onClick={() => open(p.id)}>
                <span className={`dot ${p.status}`} aria-hidden="true" />
                <span className="term-cmd">{p.cmd}</span>
              </button>
              <span className="term-state" data-testid="term-state">
                {state}
              </span>
              {p.status === 'running' && (
                <button className="small danger" aria-label={`Kill ${p.cmd}`} onClick={() => void kill(p.id)}>
                  Kill
                </button>
              )}
              <button className="small ghost" aria-label={`Close terminal ${p.cmd}`} onClick={() => close(p.id)}>
                ✕
              </button>
            </div>
          );
        })}
      </div>
      <TerminalPane key={active.id} proc={active} />
    </section>
  );
}
