import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { join } from 'node:path';
import { openStore, type Store } from '../../../main/store/index.js';
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

describe('approval rules', () => {
  it('one rule per (session, tool); adding twice keeps the first', () => {
    const r = store.approvals.addRule('s1', 'exec_command');
    expect(r).toEqual({ sessionId: 's1', toolName: 'exec_command', createdAt: '2025-01-01T00:00:00.000Z' });
    expect(store.approvals.addRule('s1', 'exec_command')).toEqual(r);
    store.approvals.addRule('s1', 'read_image');
    store.approvals.addRule('s2', 'exec_command');
    expect(store.approvals.listRules('s1').map((x) => x.toolName)).toEqual(['exec_command', 'read_image']);
    expect(store.approvals.hasRule('s1', 'read_image')).toBe(true);
    expect(store.approvals.hasRule('s2', 'read_image')).toBe(false);
    expect(store.approvals.removeRule('s1', 'read_image')).toBe(true);
    expect(store.approvals.removeRule('s1', 'read_image')).toBe(false);
    expect(store.approvals.clearRules('s1')).toBe(1);
    expect(store.approvals.listRules('s1')).toEqual([]);
    expect(store.approvals.listRules('s2')).toHaveLength(1);
    expect(() => store.approvals.addRule('s1', '')).toThrow(/needs both a session id and a tool name/);
  });

  it('survives reopening the database', () => {
    store.approvals.addRule('s1', 'exec_command');
    store.close();
    store = openStore(join(dir, 'floe.db'));
    expect(store.approvals.hasRule('s1', 'exec_command')).toBe(true);
  });
});

describe('pending approvals', () => {
  it('stores, lists in order, takes and removes', () => {
    const a = store.approvals.addPending({
      id: 'ap-1', sessionId: 's1', toolCallId: 'call-1', toolName: 'exec_command', permission: 'rw',
      arguments: '{"cmd":"ls"}',
    });
    expect(a).toEqual({
      id: 'ap-1', sessionId: 's1', toolCallId: 'call-1', toolName: 'exec_command', permission: 'rw',
      arguments: '{"cmd":"ls"}', origin: null, createdAt: '2025-01-01T00:00:00.000Z',
    });
    store.approvals.addPending({
      id: 'ap-2', sessionId: 'child', toolCallId: 'call-9', toolName: 'read_image', permission: 'r',
      arguments: '{"source":"a.png"}', origin: ['child'],
    });
    store.approvals.addPending({
      id: 'ap-3', sessionId: 's1', toolCallId: 'call-2', toolName: 'exec_command', permission: 'rw', arguments: '{}',
    });
    expect(store.approvals.getPending('ap-2')?.origin).toEqual(['child']);
    expect(store.approvals.listPending().map((p) => p.id)).toEqual(['ap-1', 'ap-2', 'ap-3']);
    expect(store.approvals.listPending('s1').map((p) => p.id)).toEqual(['ap-1', 'ap-3']);

    expect(store.approvals.removePending('ap-2')).toBe(true);
    expect(store.approvals.removePending('ap-2')).toBe(false);
    const taken = store.approvals.takePending('s1');
    expect(taken.map((p) => p.toolCallId)).toEqual(['call-1', 'call-2']);
    expect(store.approvals.listPending()).toEqual([]);
  });

  it('rejects duplicates and bad fields with clear messages', () => {
    const p = { id: 'ap-1', sessionId: 's1', toolCallId: 'c', toolName: 't', permission: 'r' as const, arguments: '{}' };
    store.approvals.addPending(p);
    expect(() => store.approvals.addPending(p)).toThrow('A pending approval with id ap-1 already exists; approval ids must be unique.');
    expect(() => store.approvals.addPending({ ...p, id: 'ap-2', permission: 'x' as never })).toThrow(
      'Pending approval ap-2: permission "x" is not r or rw.',
    );
    expect(() => store.approvals.addPending({ ...p, id: 'ap-3', toolCallId: '' })).toThrow(/one of them is empty/);
  });
});
