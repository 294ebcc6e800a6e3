import { describe, expect, it } from 'vitest';
import { EVENT_NAMES } from '../../../shared/api.js';
import { listenerName } from '../../../renderer/src/api/event-names.js';
import { pageToken, TOKEN_KEY } from '../../../renderer/src/api/page-token.js';
import { backoffMs, parseServerFrame, wsUrlFromPage } from '../../../renderer/src/api/ws-frames.js';
import { commonPrefix, relativeTime, sortProjects } from '../../../renderer/src/features/projects/logic.js';
import { parseThemeChoice, resolveTheme } from '../../../renderer/src/features/settings/theme.js';

describe('api helpers', () => {
  it('derives the WebSocket URL from the page, carrying the token', () => {
    expect(wsUrlFromPage('http://127.0.0.1:4312/#/chat', 'a+b')).toBe('ws://127.0.0.1:4312/ws?token=a%2Bb');
    expect(wsUrlFromPage('http://localhost:9/some/path', '')).toBe('ws://localhost:9/ws');
  });
  it('moves the launch token from the address into storage, then reads it from there', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    const urls: string[] = [];
    const replaceUrl = (u: string) => urls.push(u);
    expect(pageToken({ href: 'http://127.0.0.1:7/?token=a%2Bb&x=1#/chat', storage, replaceUrl })).toBe('a+b');
    expect(store.get(TOKEN_KEY)).toBe('a+b');
    expect(urls).toEqual(['/?x=1#/chat']);
    expect(pageToken({ href: 'http://127.0.0.1:7/#/chat', storage, replaceUrl })).toBe('a+b');
    expect(urls).toHaveLength(1);
    expect(pageToken({ href: 'http://127.0.0.1:7/', storage: null, replaceUrl })).toBe('');
  });
  it('backs off 250 ms doubling up to 5 s', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(backoffMs)).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
  });
  it('parses results and events and flags junk', () => {
    expect(parseServerFrame('{"id":3,"result":{"ok":true,"value":1}}')).toEqual({
      kind: 'result',
      id: 3,
      result: { ok: true, value: 1 },
    });
    expect(parseServerFrame('{"event":"terminal.data","payload":{"data":"x"}}')).toMatchObject({
      kind: 'event',
      event: 'terminal.data',
    });
    expect(parseServerFrame('nope').kind).toBe('invalid');
    expect(parseServerFrame('{"x":1}').kind).toBe('invalid');
  });
  it('maps every event to a distinct preload listener name', () => {
    expect(listenerName('session.message')).toBe('onSessionMessage');
    expect(listenerName('approval.request')).toBe('onApprovalRequest');
    const names = EVENT_NAMES.map(listenerName);
    expect(new Set(names).size).toBe(EVENT_NAMES.length);
  });
});

describe('project picker logic', () => {
  it('sorts most recently opened first', () => {
    const mk = (id: string, lastOpenedAt: string) => ({
      id,
      path: `/${id}`,
      name: id,
      lastOpenedAt,
      missing: false,
      sessionCount: 0,
    });
    expect(
      sortProjects([mk('a', '2025-01-01'), mk('b', '2025-03-01'), mk('c', '2025-02-01')]).map((p) => p.id),
    ).toEqual(['b', 'c', 'a']);
  });
  it('formats relative times', () => {
    const now = Date.parse('2025-01-10T12:00:00Z');
    expect(relativeTime('2025-01-10T11:59:50Z', now)).toBe('just now');
    expect(relativeTime('2025-01-10T11:30:00Z', now)).toBe('30 minutes ago');
    expect(relativeTime('2025-01-09T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('bad', now)).toBe('');
  });
  it('completes to the common prefix of suggestions', () => {
    expect(commonPrefix('/ho', ['/home/a/', '/home/b/'])).toBe('/home/');
    expect(commonPrefix('/x', [])).toBe('/x');
    expect(commonPrefix('/home/a', ['/home/abc/'])).toBe('/home/abc/');
  });
});

describe('theme', () => {
  it('follows the system unless chosen', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(parseThemeChoice('dark')).toBe('dark');
    expect(parseThemeChoice('weird')).toBe('system');
    expect(parseThemeChoice(null)).toBe('system');
  });
});
