import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { join } from 'node:path';
import { openStore, type Store, type NewSession } from '../../../main/store/index.js';
import { tempDir } from './helpers.js';

let store: Store;
let dir: string;
let cleanup: () => void;
let tick = 0;
const clock = () => new Date(Date.UTC(2025, 0, 1, 0, 0, tick++)).toISOString();

beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  tick = 0;
  store = openStore(join(dir, 'floe.db'), { now: clock });
});
afterEach(() => {
  store.close();
  cleanup();
});

const base = (id: string, extra: Partial<NewSession> = {}): NewSession => ({
  id,
  agent: 'default',
  model: 'local/qwen3',
  approvalMode: 'read-only',
  source: 'desktop',
  ...extra,
});

describe('sessions', () => {
  it('creates with defaults and reads back every field', () => {
    const p = store.projects.open(join(dir, 'w'));
    const s = store.sessions.create(base('session-a', { projectId: p.id, title: 'Fix tests' }));
    expect(s).toEqual({
      id: 'session-a',
      projectId: p.id,
      agent: 'default',
      model: 'local/qwen3',
      title: 'Fix tests',
      approvalMode: 'read-only',
      status: 'idle',
      source: 'desktop',
      parentSessionId: null,
      createdAt: '2025-01-01T00:00:01.000Z',
      updatedAt: '2025-01-01T00:00:01.000Z',
      tokens: { cache_read: 0, cache_write: 0, output: 0, total: 0 },
    });
    expect(store.sessions.get('session-a')).toEqual(s);
    expect(store.sessions.get('nope')).toBeUndefined();
  });

  it('updates status, mode (re-read fresh), title and tokens, bumping updated_at', () => {
    store.sessions.create(base('s1'));
    expect(store.sessions.getApprovalMode('s1')).toBe('read-only');
    store.sessions.setApprovalMode('s1', 'always-ask');
    expect(store.sessions.getApprovalMode('s1')).toBe('always-ask');
    expect(store.sessions.getApprovalMode('missing')).toBeUndefined();
    expect(store.sessions.setStatus('s1', 'running').status).toBe('running');
    expect(store.sessions.setTitle('s1', 'T').title).toBe('T');
    const t = store.sessions.setTokens('s1', { cache_read: 1, cache_write: 2, output: 3, total: 10 });
    expect(t.tokens).toEqual({ cache_read: 1, cache_write: 2, output: 3, total: 10 });
    expect(t.updatedAt).toBe('2025-01-01T00:00:04.000Z');
    expect(t.createdAt).toBe('2025-01-01T00:00:00.000Z');
  });

  it('lists newest first with filters by project, parent and source', () => {
    const p = store.projects.open(join(dir, 'w'));
    store.sessions.create(base('s1', { projectId: p.id }));
    store.sessions.create(base('s2', { source: 'cli' }));
    store.sessions.create(base('c1', { source: 'subagent', parentSessionId: 's1', projectId: p.id }));
    expect(store.sessions.list().map((s) => s.id)).toEqual(['c1', 's2', 's1']);
    expect(store.sessions.list({ projectId: p.id }).map((s) => s.id)).toEqual(['c1', 's1']);
    expect(store.sessions.list({ parentSessionId: 's1' }).map((s) => s.id)).toEqual(['c1']);
    expect(store.sessions.list({ source: 'cli' }).map((s) => s.id)).toEqual(['s2']);
    store.sessions.setStatus('s1', 'completed');
    expect(store.sessions.list()[0]!.id).toBe('s1');
  });

  it('removing a project keeps its sessions with no project', () => {
    const p = store.projects.open(join(dir, 'w'));
    store.sessions.create(base('s1', { projectId: p.id }));
    store.projects.remove(p.id);
    expect(store.sessions.get('s1')?.projectId).toBeNull();
  });

  it('rejects bad input with clear messages', () => {
    store.sessions.create(base('s1'));
    expect(() => store.sessions.create(base('s1'))).toThrow(/already exists/);
    expect(() => store.sessions.create(base('s2', { status: 'weird' as never }))).toThrow(
      'Session s2: status "weird" is not one of idle, running, failed, completed, aborted.',
    );
    expect(() => store.sessions.create(base('s3', { source: 'web' as never }))).toThrow(/source "web"/);
    expect(() => store.sessions.create(base('s4', { projectId: 'project-none' }))).toThrow(
      /project project-none does not exist/,
    );
    expect(() => store.sessions.setApprovalMode('s1', 'yolo' as never)).toThrow(/approval mode "yolo"/);
    expect(() => store.sessions.setStatus('ghost', 'idle')).toThrow(/no session with id ghost/);
    expect(() => store.sessions.setTokens('s1', { cache_read: -1, cache_write: 0, output: 0, total: 0 })).toThrow(
      /cache_read must be a non-negative number/,
    );
    expect(store.sessions.list().map((s) => s.id)).toEqual(['s1']);
  });

  it('Store.removeSession deletes the row, its approvals and its index rows', () => {
    store.sessions.create(base('s1'));
    store.sessions.create(base('s2'));
    for (const id of ['s1', 's2']) {
      store.approvals.addRule(id, 'exec_command');
      store.approvals.addPending({
        id: `ap-${id}`, sessionId: id, toolCallId: 'c', toolName: 'exec_command', permission: 'rw', arguments: '{}',
      });
      store.traces.indexRecord(id, join(dir, `${id}_001.jsonl`), 0, 10, {
        timestamp: '2025-01-01T00:00:00.000Z', type: 'event_msg', payload: { type: 'request_begin' },
      });
    }
    expect(store.removeSession('s1')).toBe(true);
    expect(store.sessions.get('s1')).toBeUndefined();
    expect(store.approvals.listRules('s1')).toEqual([]);
    expect(store.approvals.listPending('s1')).toEqual([]);
    expect(store.traces.countEvents('s1')).toBe(0);
    expect(store.approvals.listRules('s2')).toHaveLength(1);
    expect(store.approvals.listPending('s2')).toHaveLength(1);
    expect(store.traces.countEvents('s2')).toBe(1);
    expect(store.removeSession('s1')).toBe(false);
  });
});
