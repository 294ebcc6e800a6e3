import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dispatch, describeIssues } from '../../../main/host/call.js';
import { completePath, expandHome } from '../../../main/host/complete-path.js';
import { ConfigError } from '../../../main/config/errors.js';
import { ModelNotFoundError } from '../../../main/config/models.js';
import { UserError } from '../../../main/engine/errors.js';
import { HostError, toApiError } from '../../../main/host/errors.js';
import { openStore, StoreError } from '../../../main/store/index.js';
import type { HandlerTable } from '../../../main/host/table.js';
import { imageSourceOf, matchesTraceFilter, statusOfResult } from '../../../main/host/views.js';
import type { Session } from '../../../main/store/index.js';

const root = mkdtempSync(join(tmpdir(), 'floe-host-pure-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('dispatch', () => {
  const table = {
    'sessions.rename': ({ sessionId, title }: { sessionId: string; title: string }) => ({ id: sessionId, title }),
    'sessions.get': () => {
      throw new HostError('not_found', 'There is no session with id x.');
    },
    'app.info': () => {
      throw new TypeError('boom');
    },
  } as unknown as HandlerTable;

  it('validates params with the method schema and names the field', async () => {
    const r = await dispatch(table, 'sessions.rename', { sessionId: 's1', title: 42 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('bad_request');
      expect(r.error.message).toMatch(/^Invalid parameters for sessions\.rename: title: /);
    }
  });

  it('passes parsed params to the handler and wraps the value', async () => {
    expect(await dispatch(table, 'sessions.rename', { sessionId: 's1', title: 'T' })).toEqual({
      ok: true,
      value: { id: 's1', title: 'T' },
    });
  });

  it('unknown methods, prototype keys and thrown errors never throw', async () => {
    for (const m of ['nope', '__proto__', 'toString', 42]) {
      const r = await dispatch(table, m, {});
      expect(r).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    }
    expect(await dispatch(table, 'sessions.get', { sessionId: 'x' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'There is no session with id x.' },
    });
    expect(await dispatch(table, 'app.info', {})).toEqual({
      ok: false,
      error: { code: 'internal', message: 'internal error: boom' },
    });
  });

  it('describeIssues lists at most five issues', () => {
    const res = z
      .object({ a: z.string(), b: z.string(), c: z.string(), d: z.string(), e: z.string(), f: z.string() })
      .safeParse({});
    const text = describeIssues('m', res.error!.issues);
    expect(text.match(/; /g)?.length).toBe(4);
    expect(text).toContain('(and 1 more)');
  });
});

describe('toApiError', () => {
  it('maps errors by their code and keeps the message a user can act on', () => {
    expect(toApiError(new ConfigError('config.yaml:3: bad', 'config.yaml', 3))).toEqual({
      code: 'bad_request',
      message: 'config.yaml:3: bad',
    });
    expect(toApiError(new UserError('no model'))).toEqual({ code: 'bad_request', message: 'no model' });
    expect(toApiError(new ModelNotFoundError('no such model', 'a/b', []))).toMatchObject({ code: 'bad_request' });
    expect(toApiError(new StoreError('gone', { code: 'not_found' }))).toEqual({ code: 'not_found', message: 'gone' });
    expect(toApiError(new StoreError('twice', { code: 'conflict' }))).toMatchObject({ code: 'conflict' });
    expect(toApiError(new StoreError('disk is read-only'))).toMatchObject({ code: 'bad_request' });
    expect(toApiError('weird')).toEqual({ code: 'internal', message: 'internal error: weird' });
  });

  it('never classifies by message text or class name', () => {
    const named = (name: string, message: string) => Object.assign(new Error(message), { name });
    // Before codes, these two were matched by their wording; now only the code decides.
    expect(toApiError(new StoreError('There is no session with id s.', { code: 'conflict' }))).toMatchObject({
      code: 'conflict',
    });
    expect(toApiError(named('StoreError', 'There is no session with id s.'))).toMatchObject({ code: 'internal' });
    expect(toApiError(named('ConfigError', 'config.yaml:3: bad'))).toMatchObject({ code: 'internal' });
    expect(toApiError(Object.assign(new Error('odd'), { code: 'ENOENT' }))).toMatchObject({ code: 'internal' });
  });

  it('the real store reports a missing session as not_found', () => {
    const store = openStore(join(root, 'codes.db'));
    try {
      let thrown: unknown;
      try {
        store.sessions.setTitle('session-2026-01-01-00-00-00-00000000', 'x');
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(StoreError);
      expect(toApiError(thrown)).toMatchObject({ code: 'not_found' });
    } finally {
      store.close();
    }
  });
});

describe('completePath', () => {
  mkdirSync(join(root, 'alpha'));
  mkdirSync(join(root, 'alps'));
  mkdirSync(join(root, 'beta'));
  mkdirSync(join(root, '.hidden'));

  it('suggests sub-folders that start with the typed name', () => {
    expect(completePath(join(root, 'al'))).toEqual({
      suggestions: [join(root, 'alpha'), join(root, 'alps')],
      valid: false,
      error: `${join(root, 'al')} is not an existing folder.`,
    });
  });

  it('lists a folder ending with / and hides dot folders unless typed', () => {
    const r = completePath(`${root}/`);
    expect(r.valid).toBe(true);
    expect(r.suggestions).toEqual([join(root, 'alpha'), join(root, 'alps'), join(root, 'beta')]);
    expect(completePath(join(root, '.h')).suggestions).toEqual([join(root, '.hidden')]);
  });

  it('refuses relative paths and reports a missing parent', () => {
    expect(completePath('rel/path')).toMatchObject({
      valid: false,
      error: expect.stringContaining('not an absolute path'),
    });
    expect(completePath(join(root, 'nope', 'x'))).toMatchObject({ valid: false, suggestions: [] });
    expect(expandHome('~/x', '/h')).toBe('/h/x');
  });
});

describe('small pure helpers', () => {
  it('statusOfResult maps every failure class to failed', () => {
    expect(['completed', 'aborted', 'failed', 'timeout', 'auth', 'malformed'].map(statusOfResult)).toEqual([
      'completed',
      'aborted',
      'failed',
      'failed',
      'failed',
      'failed',
    ]);
  });
  it('imageSourceOf reads the source argument', () => {
    expect(imageSourceOf('{"source":"a.png"}')).toBe('a.png');
    expect(imageSourceOf('{"src":"a.png"}')).toEqual({ error: 'it has no "source" argument' });
    expect(imageSourceOf('{')).toEqual({ error: 'its arguments are not valid JSON' });
  });
  it('matchesTraceFilter applies every filter', () => {
    const s = {
      id: 'session-2025-01-02-03-04-05-abcdef01',
      projectId: 'p1',
      agent: 'default',
      model: 'mock/m1',
      title: 'Fix The Build',
      status: 'completed',
      createdAt: '2025-01-02T03:04:05.000Z',
    } as Session;
    expect(matchesTraceFilter(s, {})).toBe(true);
    expect(matchesTraceFilter(s, { text: 'the build' })).toBe(true);
    expect(matchesTraceFilter(s, { text: 'abcdef01' })).toBe(true);
    expect(matchesTraceFilter(s, { text: 'nope' })).toBe(false);
    expect(matchesTraceFilter(s, { projectId: 'p2' })).toBe(false);
    expect(matchesTraceFilter(s, { status: 'failed' })).toBe(false);
    expect(matchesTraceFilter(s, { from: '2025-01-03' })).toBe(false);
    expect(matchesTraceFilter(s, { to: '2025-01-01' })).toBe(false);
    expect(matchesTraceFilter(s, { agent: 'other' })).toBe(false);
    expect(matchesTraceFilter(s, { model: 'mock/m1' })).toBe(true);
  });
});
