import { describe, expect, it } from 'vitest';
import type { ApiCommandSession } from '../../../shared/api.js';
import {
  closePane,
  emptyTerm,
  exitProc,
  onOutput,
  openOf,
  openPane,
  procForCall,
  shouldResize,
  upsertProc,
} from '../../../renderer/src/features/terminal/reducer.js';

const proc = (id: string, cmd: string, startedAt: string, sessionId = 'root'): ApiCommandSession => ({
  id,
  sessionId,
  cmd,
  cwd: '/w',
  status: 'running',
  startedAt,
  cols: 80,
  rows: 24,
});

describe('terminal panes reducer', () => {
  it('auto-opens a pane on first output and never re-opens one the person closed', () => {
    let s = upsertProc(emptyTerm(), proc('p1', 'ls', '2025-01-01T00:00:00Z'), 'root');
    s = onOutput(s, 'p1');
    expect(s.panes.p1).toBe('open');
    expect(s.active.root).toBe('p1');
    s = closePane(s, 'p1');
    expect(s.panes.p1).toBe('closed');
    expect(onOutput(s, 'p1').panes.p1).toBe('closed');
    expect(openPane(s, 'p1').panes.p1).toBe('open');
  });
  it('closing the active pane activates another open one', () => {
    let s = upsertProc(emptyTerm(), proc('p1', 'a', '2025-01-01T00:00:00Z'), 'root');
    s = upsertProc(s, proc('p2', 'b', '2025-01-01T00:00:01Z'), 'root');
    s = onOutput(onOutput(s, 'p1'), 'p2');
    expect(s.active.root).toBe('p2');
    s = closePane(s, 'p2');
    expect(s.active.root).toBe('p1');
    expect(openOf(s, 'root').map((p) => p.id)).toEqual(['p1']);
  });
  it('records exit state and keeps the root of a child command', () => {
    let s = upsertProc(emptyTerm(), proc('p1', 'x', '2025-01-01T00:00:00Z', 'child'), 'root');
    s = exitProc(s, { sessionId: 'child', processId: 'p1', exitCode: 3 });
    expect(s.procs.p1!.status).toBe('exited');
    expect(s.procs.p1!.exitCode).toBe(3);
    expect(s.procs.p1!.rootId).toBe('root');
    expect(exitProc(s, { sessionId: 'x', processId: 'nope' })).toBe(s);
  });
  it('matches a tool call to the earliest command with the same cmd started after it', () => {
    let s = upsertProc(emptyTerm(), proc('old', 'ls', '2025-01-01T00:00:00Z'), 'root');
    s = upsertProc(s, proc('new', 'ls', '2025-01-01T00:10:00.500Z'), 'root');
    s = upsertProc(s, proc('later', 'ls', '2025-01-01T00:20:00Z'), 'root');
    expect(procForCall(s, ['root'], 'ls', '2025-01-01T00:10:00.000Z')).toBe('new');
    expect(procForCall(s, ['other'], 'ls', '2025-01-01T00:10:00.000Z')).toBeUndefined();
    expect(procForCall(s, ['root'], 'pwd', '2025-01-01T00:10:00.000Z')).toBeUndefined();
  });
  it('resizes only when the grid changes and is sane', () => {
    expect(shouldResize(null, { cols: 80, rows: 24 })).toBe(true);
    expect(shouldResize({ cols: 80, rows: 24 }, { cols: 80, rows: 24 })).toBe(false);
    expect(shouldResize({ cols: 80, rows: 24 }, { cols: 81, rows: 24 })).toBe(true);
    expect(shouldResize(null, { cols: 1, rows: 24 })).toBe(false);
    expect(shouldResize(null, { cols: NaN, rows: 24 })).toBe(false);
  });
});
