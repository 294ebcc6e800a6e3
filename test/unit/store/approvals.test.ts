import { describe, it, expect } from 'vitest';
import { join } from 'node:path';
import { openStore } from '../../../main/store/index.js';
import { useTestStore } from './helpers.js';

const t = useTestStore();

describe('approval rules', () => {
  it('one rule per (session, tool); adding twice keeps the first', () => {
    const r = t.store.approvals.addRule('s1', 'exec_command');
    expect(r).toEqual({ sessionId: 's1', toolName: 'exec_command', createdAt: '2025-01-01T00:00:00.000Z' });
    expect(t.store.approvals.addRule('s1', 'exec_command')).toEqual(r);
    t.store.approvals.addRule('s1', 'read_image');
    t.store.approvals.addRule('s2', 'exec_command');
    expect(t.store.approvals.listRules('s1').map((x) => x.toolName)).toEqual(['exec_command', 'read_image']);
    expect(t.store.approvals.hasRule('s1', 'read_image')).toBe(true);
    expect(t.store.approvals.hasRule('s2', 'read_image')).toBe(false);
    expect(t.store.approvals.removeRule('s1', 'read_image')).toBe(true);
    expect(t.store.approvals.removeRule('s1', 'read_image')).toBe(false);
    expect(t.store.approvals.clearRules('s1')).toBe(1);
    expect(t.store.approvals.listRules('s1')).toEqual([]);
    expect(t.store.approvals.listRules('s2')).toHaveLength(1);
    expect(() => t.store.approvals.addRule('s1', '')).toThrow(/needs both a session id and a tool name/);
  });

  it('survives reopening the database', () => {
    t.store.approvals.addRule('s1', 'exec_command');
    t.store.close();
    t.store = openStore(join(t.dir, 'floe.db'));
    expect(t.store.approvals.hasRule('s1', 'exec_command')).toBe(true);
  });
});

describe('pending approvals', () => {
  it('stores, lists in order, takes and removes', () => {
    const a = t.store.approvals.addPending({
      id: 'ap-1',
      sessionId: 's1',
      toolCallId: 'call-1',
      toolName: 'exec_command',
      permission: 'rw',
      arguments: '{"cmd":"ls"}',
    });
    expect(a).toEqual({
      id: 'ap-1',
      sessionId: 's1',
      toolCallId: 'call-1',
      toolName: 'exec_command',
      permission: 'rw',
      arguments: '{"cmd":"ls"}',
      origin: null,
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    t.store.approvals.addPending({
      id: 'ap-2',
      sessionId: 'child',
      toolCallId: 'call-9',
      toolName: 'read_image',
      permission: 'r',
      arguments: '{"source":"a.png"}',
      origin: ['child'],
    });
    t.store.approvals.addPending({
      id: 'ap-3',
      sessionId: 's1',
      toolCallId: 'call-2',
      toolName: 'exec_command',
      permission: 'rw',
      arguments: '{}',
    });
    expect(t.store.approvals.getPending('ap-2')?.origin).toEqual(['child']);
    expect(t.store.approvals.listPending().map((p) => p.id)).toEqual(['ap-1', 'ap-2', 'ap-3']);
    expect(t.store.approvals.listPending('s1').map((p) => p.id)).toEqual(['ap-1', 'ap-3']);

    expect(t.store.approvals.removePending('ap-2')).toBe(true);
    expect(t.store.approvals.removePending('ap-2')).toBe(false);
    const taken = t.store.approvals.takePending('s1');
    expect(taken.map((p) => p.toolCallId)).toEqual(['call-1', 'call-2']);
    expect(t.store.approvals.listPending()).toEqual([]);
  });

  it('rejects duplicates and bad fields with clear messages', () => {
    const p = {
      id: 'ap-1',
      sessionId: 's1',
      toolCallId: 'c',
      toolName: 't',
      permission: 'r' as const,
      arguments: '{}',
    };
    t.store.approvals.addPending(p);
    expect(() => t.store.approvals.addPending(p)).toThrow(
      'A pending approval with id ap-1 already exists; approval ids must be unique.',
    );
    expect(() => t.store.approvals.addPending({ ...p, id: 'ap-2', permission: 'x' as never })).toThrow(
      'Pending approval ap-2: permission "x" is not r or rw.',
    );
    expect(() => t.store.approvals.addPending({ ...p, id: 'ap-3', toolCallId: '' })).toThrow(/one of them is empty/);
  });
});
