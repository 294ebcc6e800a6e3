// The approval broker against a real SQLite store (no engine): mode re-read per decision, rules, ids, abort.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadShellParser } from '../../../main/approval/shell-parser.js';
import type { EventName } from '../../../shared/api.js';
import { toolCall } from '../../../shared/omni/builders.js';
import type { ApprovalRequest } from '../../../main/approval/types.js';
import { ApprovalBroker } from '../../../main/host/approvals.js';
import { EventHub } from '../../../main/host/events.js';
import { openStore, type Store } from '../../../main/store/index.js';

let dir: string;
let store: Store;
let events: EventHub;
let seen: { event: EventName; payload: any }[];
let broker: ApprovalBroker;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'floe-broker-'));
  store = openStore(join(dir, 'floe.db'));
  events = new EventHub();
  seen = [];
  events.on((event, payload) => seen.push({ event, payload }));
  broker = new ApprovalBroker(store, events);
  for (const id of ['s1', 's2'])
    store.sessions.create({ id, agent: 'default', model: 'mock/m1', approvalMode: 'always-ask', source: 'desktop' });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const req = (toolName: string, permission: 'r' | 'rw' = 'rw', id = 'call_1'): ApprovalRequest => ({
  call: toolCall(toolName, '{"cmd":"ls"}', id),
  toolName,
  permission,
  arguments: '{"cmd":"ls"}',
  sessionId: 's1',
});
// one turn of the event loop lets the broker's promises and the store settle (no sleep on the clock)
const tick = () => new Promise((r) => setImmediate(r));

// the shell parser loads on the first decision (shell-parser.ts); loaded, a request to a person is emitted
// synchronously, which these cases rely on
beforeAll(loadShellParser);

describe('ApprovalBroker', () => {
  it('asks with an unguessable id, and only that id decides that call', async () => {
    const p = broker.approverFor('s1')(req('exec_command'));
    await tick();
    const asked = seen.find((e) => e.event === 'approval.request')!.payload;
    expect(asked.id).toMatch(/^approval-[0-9a-f]{32}$/);
    expect(asked).toMatchObject({
      sessionId: 's1',
      toolName: 'exec_command',
      calledName: 'exec_command',
      permission: 'rw',
      hasPreview: false,
    });
    expect(store.approvals.listPending('s1').map((x) => x.id)).toEqual([asked.id]);
    expect(() => broker.decide('approval-forged', 'allow')).toThrow(/no pending approval/);
    broker.decide(asked.id, 'allow');
    expect(await p).toEqual({ decision: 'allow', decidedBy: 'human', mode: 'always-ask' });
    expect(store.approvals.listPending()).toEqual([]);
    expect(seen.find((e) => e.event === 'approval.resolved')!.payload).toEqual({
      approvalId: asked.id,
      sessionId: 's1',
      decision: 'allow',
    });
    expect(() => broker.decide(asked.id, 'deny')).toThrow(/no pending approval/); // decided once only
  });

  it("a deny carries the person's reason to the engine; a reason with allow is refused (issue 25)", async () => {
    const p = broker.approverFor('s1')(req('exec_command'));
    await tick();
    const asked = seen.find((e) => e.event === 'approval.request')!.payload;
    expect(() => broker.decide(asked.id, 'allow', undefined, 'because')).toThrow(/reason goes with a deny/);
    broker.decide(asked.id, 'deny', undefined, '  use the staging database  ');
    expect(await p).toEqual({
      decision: 'deny',
      decidedBy: 'human',
      mode: 'always-ask',
      reason: 'use the staging database',
    });
  });

  it('re-reads the mode from SQLite before every decision', async () => {
    const approve = broker.approverFor('s1');
    store.sessions.setApprovalMode('s1', 'allow-all');
    expect(await approve(req('exec_command'))).toEqual({ decision: 'allow', decidedBy: 'mode', mode: 'allow-all' });
    store.sessions.setApprovalMode('s1', 'deny-all');
    expect(await approve(req('exec_command'))).toEqual({ decision: 'deny', decidedBy: 'mode', mode: 'deny-all' });
    store.sessions.setApprovalMode('s1', 'read-only');
    expect(await approve(req('read_image', 'r'))).toEqual({ decision: 'allow', decidedBy: 'mode', mode: 'read-only' });
    expect(seen.filter((e) => e.event === 'approval.request')).toHaveLength(0);
  });

  it('allow-session adds a rule for that session only; later calls are allowed by rule', async () => {
    const p = broker.approverFor('s1')(req('exec_command'));
    await tick();
    broker.decide(seen[0]!.payload.id, 'allow-session');
    expect(await p).toEqual({ decision: 'allow', decidedBy: 'human', mode: 'always-ask' });
    expect(await broker.approverFor('s1')(req('exec_command', 'rw', 'call_2'))).toEqual({
      decision: 'allow',
      decidedBy: 'rule',
      mode: 'always-ask',
      rule: expect.stringMatching(/^allow exec_command \(session rule rule-[0-9a-f]{12}\)$/),
    });
    // another session still asks
    const other = broker.approverFor('s2')(req('exec_command'));
    await tick();
    expect(broker.list('s2')).toHaveLength(1);
    // deny-all wins over a rule
    store.sessions.setApprovalMode('s1', 'deny-all');
    expect(await broker.approverFor('s1')(req('exec_command'))).toEqual({
      decision: 'deny',
      decidedBy: 'mode',
      mode: 'deny-all',
    });
    broker.denyAll('s2');
    expect(await other).toEqual({ decision: 'deny', decidedBy: 'human', mode: 'always-ask' });
  });

  it('denyAll denies only that session; an aborted signal denies its pending call', async () => {
    const a = broker.approverFor('s1')(req('exec_command', 'rw', 'a'));
    const b = broker.approverFor('s1')(req('exec_command', 'rw', 'b'));
    const c = broker.approverFor('s2')(req('exec_command', 'rw', 'c'));
    await tick();
    expect(broker.list().map((x) => x.toolCallId)).toEqual(['a', 'b', 'c']);
    expect(broker.denyAll('s1')).toBe(2);
    expect(await a).toMatchObject({ decision: 'deny' });
    expect(await b).toMatchObject({ decision: 'deny' });
    expect(broker.list().map((x) => x.toolCallId)).toEqual(['c']);
    const ac = new AbortController();
    const d = broker.approverFor('s2')(req('exec_command', 'rw', 'd'), ac.signal);
    await tick();
    ac.abort();
    expect(await d).toMatchObject({ decision: 'deny' });
    broker.dispose();
    expect(await c).toMatchObject({ decision: 'deny' });
    expect(store.approvals.listPending()).toEqual([]);
  });

  it('stale rows from an earlier host run are cleared and cannot be decided', () => {
    store.approvals.addPending({
      id: 'approval-old',
      sessionId: 's1',
      toolCallId: 'x',
      toolName: 'exec_command',
      permission: 'rw',
      arguments: '{}',
    });
    expect(broker.list()).toEqual([]);
    expect(() => broker.decide('approval-old', 'allow')).toThrow(/no longer waiting/);
    store.approvals.addPending({
      id: 'approval-old2',
      sessionId: 's1',
      toolCallId: 'x',
      toolName: 'exec_command',
      permission: 'rw',
      arguments: '{}',
    });
    broker.clearStale();
    expect(store.approvals.listPending()).toEqual([]);
  });
});
