// The preload (preload/index.ts) with a fake `electron`: it exposes exactly `window.floe` = call + one on<Event>
// per contract event + platform; unknown methods are refused without IPC; listeners get payloads only; ipcRenderer
// never leaks.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_NAMES, METHOD_NAMES } from '../../../shared/api.js';
import { listenerName as rendererListenerName } from '../../../renderer/src/api/event-names.js';

const h = vi.hoisted(() => {
  const exposed: Record<string, unknown> = {};
  const ipcListeners = new Map<string, ((event: unknown, ...args: unknown[]) => void)[]>();
  const ipcRenderer = {
    invoke: vi.fn(async (channel: string, method: string, params: unknown) => ({
      ok: true,
      value: { channel, method, params },
    })),
    on: vi.fn((channel: string, fn: (event: unknown, ...args: unknown[]) => void) => {
      ipcListeners.set(channel, [...(ipcListeners.get(channel) ?? []), fn]);
      return ipcRenderer;
    }),
    send: vi.fn(),
    sendSync: vi.fn(),
  };
  const contextBridge = { exposeInMainWorld: vi.fn((key: string, api: unknown) => (exposed[key] = api)) };
  return { exposed, ipcListeners, ipcRenderer, contextBridge };
});

vi.mock('electron', () => ({ contextBridge: h.contextBridge, ipcRenderer: h.ipcRenderer }));

const { listenerName, listenerNames } = await import('../../../shared/listener-names.js');
type Bridge = Record<string, any>;
let floe: Bridge;

beforeAll(async () => {
  await import('../../../preload/index.js');
  floe = h.exposed.floe as Bridge;
});

function emit(name: string, payload: unknown): void {
  const fakeEvent = { sender: h.ipcRenderer, senderId: 0 };
  for (const l of h.ipcListeners.get('floe:event') ?? []) l(fakeEvent, name, payload);
}

describe('listener names', () => {
  it('are derived from event names and agree with the renderer', () => {
    expect(listenerName('session.message')).toBe('onSessionMessage');
    expect(listenerName('approval.request')).toBe('onApprovalRequest');
    expect(listenerName('terminal.data')).toBe('onTerminalData');
    expect(listenerName('projects.changed')).toBe('onProjectsChanged');
    for (const e of EVENT_NAMES) expect(listenerName(e)).toBe(rendererListenerName(e));
    expect(new Set(listenerNames()).size).toBe(EVENT_NAMES.length);
  });
});

describe('window.floe', () => {
  it('is exposed once, under "floe", with exactly call, platform and one on<Event> per event', () => {
    expect(h.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    expect(h.contextBridge.exposeInMainWorld.mock.calls[0]![0]).toBe('floe');
    expect(Object.keys(floe).sort()).toEqual(['call', 'platform', ...EVENT_NAMES.map(listenerName)].sort());
    expect(floe.platform).toBe(process.platform);
    for (const e of EVENT_NAMES) expect(typeof floe[listenerName(e)]).toBe('function');
  });

  it('never leaks ipcRenderer or a generic channel API', () => {
    const values = Object.values(floe);
    expect(values).not.toContain(h.ipcRenderer);
    for (const k of ['ipcRenderer', 'invoke', 'send', 'sendSync', 'on', 'removeListener'])
      expect(k in floe).toBe(false);
  });

  it('carries every contract method over floe:call', async () => {
    for (const m of METHOD_NAMES) {
      const r = await floe.call(m, { probe: m });
      expect(r).toEqual({ ok: true, value: { channel: 'floe:call', method: m, params: { probe: m } } });
    }
    expect(h.ipcRenderer.invoke).toHaveBeenCalledTimes(METHOD_NAMES.length);
  });

  it('refuses unknown methods without touching IPC', async () => {
    h.ipcRenderer.invoke.mockClear();
    for (const m of ['fs.readFile', 'constructor', '__proto__', 'toString', '', 42]) {
      const r = await floe.call(m, {});
      expect(r.ok).toBe(false);
      expect(r.error.code).toBe('bad_request');
    }
    expect(h.ipcRenderer.invoke).not.toHaveBeenCalled();
  });

  it('turns a failed invoke into an error envelope', async () => {
    h.ipcRenderer.invoke.mockRejectedValueOnce(new Error('could not be cloned'));
    const r = await floe.call('app.info', {});
    expect(r).toEqual({
      ok: false,
      error: { code: 'internal', message: 'IPC call app.info failed: could not be cloned' },
    });
  });

  it('delivers each event to its own listeners, payload only, until unsubscribed', () => {
    const got: unknown[][] = [];
    const offMsg = floe.onSessionMessage((...args: unknown[]) => got.push(['msg', ...args]));
    const offAppr = floe.onApprovalRequest((...args: unknown[]) => got.push(['appr', ...args]));
    emit('session.message', { sessionId: 's', n: 1 });
    emit('approval.request', { id: 'a1' });
    emit('not.an.event', { x: 1 });
    expect(got).toEqual([
      ['msg', { sessionId: 's', n: 1 }],
      ['appr', { id: 'a1' }],
    ]);
    offMsg();
    emit('session.message', { sessionId: 's', n: 2 });
    emit('approval.request', { id: 'a2' });
    expect(got).toHaveLength(3);
    expect(got[2]).toEqual(['appr', { id: 'a2' }]);
    offAppr();
    // one ipcRenderer listener serves every subscription
    expect(h.ipcListeners.get('floe:event')).toHaveLength(1);
  });

  it('keeps delivering when one listener throws', () => {
    const got: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const off1 = floe.onTraceIndexed(() => {
      throw new Error('listener bug');
    });
    const off2 = floe.onTraceIndexed((p: unknown) => got.push(p));
    emit('trace.indexed', { sessionId: 's', events: 3 });
    expect(got).toEqual([{ sessionId: 's', events: 3 }]);
    expect(spy).toHaveBeenCalled();
    off1();
    off2();
    spy.mockRestore();
  });
});
