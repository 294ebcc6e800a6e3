// One xterm pane for one command session: fit + webgl on a real GPU (xterm's DOM renderer when WebGL is missing or
// runs on a software rasteriser, see gpu.ts; the host element says which in data-renderer), scrollback replay and
// live data via registry.ts, typing → commands.write, resize → commands.resize only when the grid changed
// (debounced ResizeObserver). Its terminal was usually made ahead, in idle time (spare.ts). Disposes the terminal
// and its addons on unmount.
import { FitAddon } from '@xterm/addon-fit';
import { WebglAddon } from '@xterm/addon-webgl';
import { useEffect, useRef } from 'react';
import type { ApiCommandSession } from '../../../../shared/api.js';
import { getApi } from '../../api/client.js';
import { glSupport } from './gpu.js';
import { shouldResize } from './reducer.js';
import { takeTerminal } from './spare.js';
import { register, unregister } from './registry.js';

export function TerminalPane({ proc }: { proc: ApiCommandSession }) {
  const el = useRef<HTMLDivElement>(null);
  const running = useRef(proc.status === 'running');
  running.current = proc.status === 'running';

  // one xterm per command: it is made when the pane opens with the size the command had then; later size changes go
  // the other way (the pane fits, then resizes the command), so they must not remake the terminal
  const { id: processId, sessionId } = proc;
  const startSize = useRef({ cols: proc.cols, rows: proc.rows });
  useEffect(() => {
    const host = el.current;
    if (!host) return;
    const { cols, rows } = startSize.current;
    // made ahead in idle time when it could be (spare.ts)
    const { term, guarded } = takeTerminal(host, cols, rows);
    host.dataset.selectionGuard = String(guarded);
    const fit = new FitAddon();
    term.loadAddon(fit);
    host.dataset.renderer = 'dom';
    if (glSupport() === 'hardware') {
      try {
        const webgl = new WebglAddon();
        webgl.onContextLoss(() => {
          webgl.dispose();
          host.dataset.renderer = 'dom';
        });
        term.loadAddon(webgl);
        host.dataset.renderer = 'webgl';
      } catch {
        /* WebGL failed after all: xterm's DOM renderer stays */
      }
    }
    let last: { cols: number; rows: number } | null = { cols, rows };
    const sync = () => {
      try {
        fit.fit();
      } catch {
        return;
      }
      const next = { cols: term.cols, rows: term.rows };
      if (running.current && shouldResize(last, next)) {
        last = next;
        void getApi().call('commands.resize', { sessionId: sessionId, processId: processId, ...next });
      }
    };
    sync();
    register(processId, sessionId, term);
    const input = term.onData((data) => {
      if (!running.current) return;
      void getApi().call('commands.write', { sessionId: sessionId, processId: processId, data });
    });
    let t: ReturnType<typeof setTimeout> | null = null;
    const ro = new ResizeObserver(() => {
      if (t) clearTimeout(t);
      t = setTimeout(sync, 80);
    });
    ro.observe(host);
    return () => {
      if (t) clearTimeout(t);
      ro.disconnect();
      input.dispose();
      unregister(processId, term);
      term.dispose();
    };
  }, [processId, sessionId]);

  return <div className="xterm-host" ref={el} data-process-id={proc.id} />;
}
