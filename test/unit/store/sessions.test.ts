import { describe, it, expect } from 'vitest';
import { join } from 'node:path';
import type { NewSession } from '../../../main/store/index.js';
import { claimSession } from '../../../main/store/claims.js';
import { useTestStore } from './helpers.js';

const t = useTestStore();

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
    const p = t.store.projects.open(join(t.dir, 'w'));
    const s = t.store.sessions.create(base('session-a', { projectId: p.id, title: 'Fix tests' }));
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
    expect(t.store.sessions.get('session-a')).toEqual(s);
    expect(t.store.sessions.get('nope')).toBeUndefined();
  });

  it('updates status, mode (re-read fresh), title and tokens, bumping updated_at', () => {
    t.store.sessions.create(base('s1'));
    expect(t.store.sessions.getApprovalMode('s1')).toBe('read-only');
    t.store.sessions.setApprovalMode('s1', 'always-ask');
    expect(t.store.sessions.getApprovalMode('s1')).toBe('always-ask');
    expect(t.store.sessions.getApprovalMode('missing')).toBeUndefined();
    const claim = claimSession(t.dir, 's1', 'floe run');
    expect(t.store.sessions.setStatus('s1', 'running').status).toBe('running');
    claim.release();
    expect(t.store.sessions.setTitle('s1', 'T').title).toBe('T');
    const updated = t.store.sessions.setTokens('s1', { cache_read: 1, cache_write: 2, output: 3, total: 10 });
    expect(updated.tokens).toEqual({ cache_read: 1, cache_write: 2, output: 3, total: 10 });
    expect(updated.updatedAt).toBe('2025-01-01T00:00:04.000Z');
    expect(updated.createdAt).toBe('2025-01-01T00:00:00.000Z');
  });

  it('lists newest first with filters by project, parent and source', () => {
    const p = t.store.projects.open(join(t.dir, 'w'));
    t.store.sessions.create(base('s1', { projectId: p.id }));
    t.store.sessions.create(base('s2', { source: 'cli' }));
    t.store.sessions.create(base('c1', { source: 'subagent', parentSessionId: 's1', projectId: p.id }));
    expect(t.store.sessions.list().map((s) => s.id)).toEqual(['c1', 's2', 's1']);
    expect(t.store.sessions.list({ projectId: p.id }).map((s) => s.id)).toEqual(['c1', 's1']);
    expect(t.store.sessions.list({ parentSessionId: 's1' }).map((s) => s.id)).toEqual(['c1']);
    expect(t.store.sessions.list({ source: 'cli' }).map((s) => s.id)).toEqual(['s2']);
    t.store.sessions.setStatus('s1', 'completed');
    expect(t.store.sessions.list()[0]!.id).toBe('s1');
  });

  it('removing a project keeps its sessions with no project', () => {
    const p = t.store.projects.open(join(t.dir, 'w'));
    t.store.sessions.create(base('s1', { projectId: p.id }));
    t.store.projects.remove(p.id);
    expect(t.store.sessions.get('s1')?.projectId).toBeNull();
  });

  it('rejects bad input with clear messages', () => {
    t.store.sessions.create(base('s1'));
    expect(() => t.store.sessions.create(base('s1'))).toThrow(/already exists/);
    expect(() => t.store.sessions.create(base('s2', { status: 'weird' as never }))).toThrow(
      'Session s2: status "weird" is not one of idle, running, failed, completed, aborted.',
    );
    expect(() => t.store.sessions.create(base('s3', { source: 'web' as never }))).toThrow(/source "web"/);
    expect(() => t.store.sessions.create(base('s4', { projectId: 'project-none' }))).toThrow(
      /project project-none does not exist/,
    );
    expect(() => t.store.sessions.setApprovalMode('s1', 'yolo' as never)).toThrow(/approval mode "yolo"/);
    expect(() => t.store.sessions.setStatus('ghost', 'idle')).toThrow(/no session with id ghost/);
    expect(() => t.store.sessions.setTokens('s1', { cache_read: -1, cache_write: 0, output: 0, total: 0 })).toThrow(
      /cache_read must be a non-negative number/,
    );
    expect(t.store.sessions.list().map((s) => s.id)).toEqual(['s1']);
  });

  it('Store.removeSession deletes the row, its approvals and its index rows', () => {
    t.store.sessions.create(base('s1'));
    t.store.sessions.create(base('s2'));
    for (const id of ['s1', 's2']) {
      t.store.approvals.addRule(id, 'exec_command');
      t.store.approvals.addPending({
        id: `ap-${id}`,
        sessionId: id,
        toolCallId: 'c',
        toolName: 'exec_command',
        permission: 'rw',
        arguments: '{}',
      });
      t.store.traces.indexRecord(id, join(t.dir, `${id}_001.jsonl`), 0, 10, {
        timestamp: '2025-01-01T00:00:00.000Z',
        type: 'event_msg',
        payload: { type: 'request_begin' },
      });
    }
    expect(t.store.removeSession('s1')).toBe(true);
    expect(t.store.sessions.get('s1')).toBeUndefined();
    expect(t.store.approvals.listRules('s1')).toEqual([]);
    expect(t.store.approvals.listPending('s1')).toEqual([]);
    expect(t.store.traces.countEvents('s1')).toBe(0);
    expect(t.store.approvals.listRules('s2')).toHaveLength(1);
    expect(t.store.approvals.listPending('s2')).toHaveLength(1);
    expect(t.store.traces.countEvents('s2')).toBe(1);
    expect(t.store.removeSession('s1')).toBe(false);
  });

  it('status after a crash comes from liveness: "running" holds only while a live process holds the claim', async () => {
    const { spawn, spawnSync } = await import('node:child_process');
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const { claimFile } = await import('../../../main/store/claims.js');
    t.store.sessions.create(base('parent', { status: 'running' }));
    t.store.sessions.create(base('child', { status: 'running', source: 'subagent', parentSessionId: 'parent' }));
    // nobody holds it: the process that ran it died
    expect(t.store.sessions.get('parent')!.status).toBe('failed');
    expect(t.store.sessions.list().map((s) => s.status)).toEqual(['failed', 'failed']);
    // another live process holds it (a claim file with that process's pid)
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      mkdirSync(join(t.dir, 'claims'), { recursive: true });
      writeFileSync(claimFile(t.dir, 'parent'), JSON.stringify({ pid: other.pid, kind: 'floe run', nonce: 'n' }));
      expect(t.store.sessions.get('parent')!.status).toBe('running');
      expect(t.store.sessions.get('child')!.status).toBe('running'); // a subagent runs under its parent's claim
    } finally {
      other.kill();
    }
    // a claim left by a dead pid does not count
    const dead = Number(
      spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString(),
    );
    writeFileSync(claimFile(t.dir, 'parent'), JSON.stringify({ pid: dead, kind: 'floe run', nonce: 'n' }));
    expect(t.store.sessions.get('parent')!.status).toBe('failed');
    // other statuses are what the row says
    expect(t.store.sessions.setStatus('parent', 'completed').status).toBe('completed');
  });
});
