// Unit tests of the URL route (renderer/src/app/route.ts) and the nested trace list (features/traces/nest.ts).
import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute } from '../../../renderer/src/app/route.js';
import { nestTraces } from '../../../renderer/src/features/traces/nest.js';

describe('route', () => {
  it('round-trips screen, project and session', () => {
    const r = { screen: 'chat' as const, projectId: 'p 1', sessionId: 'session-a' };
    expect(formatRoute(r)).toBe('#/chat/p%201/session-a');
    expect(parseRoute(formatRoute(r))).toEqual(r);
  });
  it('drops a session without a project and rejects unknown screens', () => {
    expect(formatRoute({ screen: 'traces', projectId: null, sessionId: 'x' })).toBe('#/traces');
    expect(parseRoute('#/nowhere/a')).toBeNull();
    expect(parseRoute('')).toBeNull();
  });
});

describe('nestTraces', () => {
  const t = (sessionId: string, parentSessionId: string | null = null) => ({ sessionId, parentSessionId });
  it('puts children (any depth) under their parent, keeps orphans at the top level', () => {
    const out = nestTraces([t('c1', 'p'), t('p'), t('q'), t('g', 'c1'), t('o', 'missing')]);
    expect(out.map((r) => `${r.row.sessionId}:${r.depth}`)).toEqual(['p:0', 'c1:1', 'g:2', 'q:0', 'o:0']);
  });
  it('never loses rows in a parent cycle', () => {
    expect(
      nestTraces([t('a', 'b'), t('b', 'a')])
        .map((r) => r.row.sessionId)
        .sort(),
    ).toEqual(['a', 'b']);
  });
});

describe('readableArgs (timeline row labels)', () => {
  it('reads the command, unwraps execute_extra_tool, and copes with a cut excerpt', async () => {
    const { readableArgs } = await import('../../../shared/trace-flatten.js');
    expect(readableArgs('exec_command', '{"cmd":"echo \\"hi\\" && ls"}')).toBe('echo "hi" && ls');
    expect(readableArgs('execute_extra_tool', '{"tool_name":"read_file","params":{"path":"a.ts"}}')).toBe(
      'read_file a.ts',
    );
    expect(readableArgs('exec_command', '{"cmd":"for i in 1 2; do echo \\"line $i\\"; do')).toBe(
      'for i in 1 2; do echo "line $i"; do',
    );
  });
});

describe('idleWarp (timeline idle gaps)', () => {
  it('collapses a long idle stretch between turns and keeps the rest to scale', async () => {
    const { idleWarp } = await import('../../../renderer/src/features/traces/layout.js');
    const rows = [
      { start: 0, end: 2000 },
      { start: 500, end: 1500 },
      { start: 62_000, end: 63_000 }, // a minute of nothing before this turn
    ];
    const w = idleWarp(rows, 0, 63_000);
    expect(w.gaps).toEqual([{ at: 2500, ms: 60_000 }]);
    expect(w.map(1000)).toBe(1000);
    expect(w.map(62_000)).toBe(3000);
    expect(w.span).toBe(4000);
    expect(w.unmap(3500)).toBe(62_500);
  });
  it('leaves short pauses alone', async () => {
    const { idleWarp } = await import('../../../renderer/src/features/traces/layout.js');
    const w = idleWarp(
      [
        { start: 0, end: 1000 },
        { start: 5000, end: 6000 },
      ],
      0,
      6000,
    );
    expect(w.gaps).toEqual([]);
    expect(w.span).toBe(6000);
  });
});
