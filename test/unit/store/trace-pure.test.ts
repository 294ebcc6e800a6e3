import { describe, it, expect } from 'vitest';
import { join } from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { OmniMessage } from '../../../shared/omni/types.js';
import {
  describeRecord,
  excerptOf,
  linkRecord,
  newLinkState,
  type EarlierLookup,
} from '../../../main/store/trace-row.js';
import { readLines, splitLines } from '../../../main/store/trace-lines.js';
import { fileNoOfTraceFile, listTraceFiles, sessionIdOfTraceFile } from '../../../main/trace/paths.js';
import { tempDir } from './helpers.js';

const at = (s: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, s)).toISOString();
const ev = (s: number, payload: object, origin?: string[]): OmniMessage =>
  ({ timestamp: at(s), type: 'event_msg', payload, ...(origin ? { origin } : {}) }) as OmniMessage;
const mm = (s: number, payload: object): OmniMessage =>
  ({ timestamp: at(s), type: 'model_msg', payload }) as OmniMessage;
const none: EarlierLookup = { toolCall: () => undefined, requestBegin: () => undefined };

describe('describeRecord', () => {
  it('derives kind, status, tool fields, tokens, origin and excerpt', () => {
    expect(
      describeRecord(mm(1, { type: 'tool_call', name: 'exec_command', arguments: '{"cmd":"ls"}', tool_call_id: 'c1' })),
    ).toEqual({
      timestamp: at(1),
      kind: 'tool_call',
      status: null,
      toolName: 'exec_command',
      toolCallId: 'c1',
      tokens: null,
      origin: null,
      excerpt: '{"cmd":"ls"}',
    });
    const usage = describeRecord(
      ev(2, { type: 'token_usage', session: { total: 99 }, request: { total: 42 } }, ['child-1']),
    );
    expect([usage.kind, usage.tokens, usage.origin]).toEqual(['token_usage', 42, '["child-1"]']);
    const end = describeRecord(ev(3, { type: 'request_end', status: 'failed', error_message: 'HTTP 500' }));
    expect([end.status, end.excerpt]).toEqual(['failed', 'HTTP 500']);
    const meta = describeRecord({
      timestamp: at(0),
      type: 'session_meta',
      payload: { provider: 'local', model_id: 'q', workspace: '/w' },
    } as OmniMessage);
    expect([meta.kind, meta.excerpt]).toEqual(['session_meta', 'local/q /w']);
    const out = describeRecord(
      mm(4, { type: 'tool_call_output', output: 'x'.repeat(600), tool_call_id: 'c1', stop_reason: 'completed' }),
    );
    expect([out.status, out.excerpt.length, out.toolName]).toEqual(['ok', 500, null]); // the call's outcome
    expect(describeRecord(mm(5, { type: 'image_url', image_url: 'data:image/png;base64,AAAA' })).excerpt).toBe('');
  });

  it('excerpt never ends inside a surrogate pair', () => {
    const s = 'a'.repeat(499) + '🚀🚀';
    expect(excerptOf(s)).toBe('a'.repeat(499));
    expect(excerptOf('a'.repeat(498) + '🚀🚀')).toBe('a'.repeat(498) + '🚀');
  });
});

describe('linkRecord', () => {
  it('measures tool_call → output and request_begin → request_end, filling the output tool name', () => {
    const st = newLinkState();
    const link = (m: OmniMessage) => linkRecord(st, describeRecord(m), none);
    expect(link(ev(0, { type: 'request_begin' })).durationMs).toBeNull();
    link(mm(1, { type: 'tool_call', name: 'exec_command', arguments: '{}', tool_call_id: 'c1' }));
    expect(link(ev(3, { type: 'request_end', status: 'completed' })).durationMs).toBe(3000);
    expect(link(ev(4, { type: 'approval_decision', decision: 'allow', tool_call_id: 'c1' }))).toEqual({
      durationMs: null,
      toolName: 'exec_command',
    });
    expect(link(mm(9, { type: 'tool_call_output', output: 'ok', tool_call_id: 'c1' }))).toEqual({
      durationMs: 8000,
      toolName: 'exec_command',
    });
    expect(link(mm(10, { type: 'tool_call_output', output: 'ok', tool_call_id: 'c-unknown' }))).toEqual({
      durationMs: null,
      toolName: null,
    });
  });

  it('asks the lookup for records it has not seen', () => {
    const st = newLinkState();
    const lookup: EarlierLookup = {
      toolCall: (id) => (id === 'old' ? { timestamp: at(1), toolName: 'read_image' } : undefined),
      requestBegin: () => ({ timestamp: at(2) }),
    };
    expect(
      linkRecord(st, describeRecord(mm(6, { type: 'tool_call_output', output: '', tool_call_id: 'old' })), lookup),
    ).toEqual({ durationMs: 5000, toolName: 'read_image' });
    expect(linkRecord(st, describeRecord(ev(7, { type: 'request_end', status: 'completed' })), lookup).durationMs).toBe(
      5000,
    );
  });

  it('looks up an earlier request_begin only once when there is none', () => {
    const st = newLinkState();
    let asked = 0;
    const lookup: EarlierLookup = { toolCall: () => undefined, requestBegin: () => (asked++, undefined) };
    for (let s = 1; s <= 3; s++) {
      expect(
        linkRecord(st, describeRecord(ev(s, { type: 'request_end', status: 'completed' })), lookup).durationMs,
      ).toBeNull();
    }
    expect(asked).toBe(1);
    linkRecord(st, describeRecord(ev(10, { type: 'request_begin' })), lookup);
    expect(
      linkRecord(st, describeRecord(ev(12, { type: 'request_end', status: 'completed' })), lookup).durationMs,
    ).toBe(2000);
  });
});

describe('splitLines / readLines', () => {
  it('gives byte offsets and lengths that hold for multi-byte UTF-8, CRLF and a torn tail', () => {
    const text = '{"a":"日本"}\n\n{"b":"🚀"}\r\n{"c":"tor';
    const lines = [...splitLines(Buffer.from(text, 'utf8'))];
    expect(lines.map((l) => [l.offset, l.length, l.terminated, l.bytes.toString('utf8')])).toEqual([
      [0, 14, true, '{"a":"日本"}'],
      [16, 12, true, '{"b":"🚀"}'],
      [30, 9, false, '{"c":"tor'],
    ]);
  });

  it('reads a file in small chunks with the same result as in one piece', () => {
    const { dir, cleanup } = tempDir();
    try {
      const body =
        Array.from({ length: 50 }, (_, i) => JSON.stringify({ i, s: 'é✓🚀'.repeat(i % 7) })).join('\n') + '\n{"x';
      const file = join(dir, 't.jsonl');
      writeFileSync(file, body);
      const whole = [...splitLines(Buffer.from(body))].map((l) => [
        l.offset,
        l.length,
        l.terminated,
        l.bytes.toString(),
      ]);
      for (const chunk of [1, 3, 7, 64, 1 << 20]) {
        expect([...readLines(file, chunk)].map((l) => [l.offset, l.length, l.terminated, l.bytes.toString()])).toEqual(
          whole,
        );
      }
      expect(whole).toHaveLength(51);
    } finally {
      cleanup();
    }
  });
});

describe('trace files', () => {
  it('parses session id and file number from the name', () => {
    expect(
      sessionIdOfTraceFile('/h/agents/default/traces/2025-01-01/session-2025-01-01-10-00-00-abcd1234_002.jsonl'),
    ).toBe('session-2025-01-01-10-00-00-abcd1234');
    expect(fileNoOfTraceFile('x/session-a_002.jsonl')).toBe(2);
    expect(sessionIdOfTraceFile('plain.jsonl')).toBe('plain');
    expect(fileNoOfTraceFile('plain.jsonl')).toBe(0);
  });

  it('lists agents/*/traces/*/*.jsonl ordered by session then file number', () => {
    const { dir, cleanup } = tempDir();
    try {
      const mk = (rel: string) => {
        mkdirSync(join(dir, rel, '..'), { recursive: true });
        writeFileSync(join(dir, rel), '');
      };
      mk('agents/default/traces/2025-01-02/s-b_002.jsonl');
      mk('agents/default/traces/2025-01-01/s-b_001.jsonl');
      mk('agents/other/traces/2025-01-01/s-a_001.jsonl');
      mk('agents/other/traces/2025-01-01/notes.txt');
      mk('agents/other/scratchpad/s-a/x.jsonl');
      expect(listTraceFiles(dir).map((f) => [f.agent, f.sessionId, f.fileNo])).toEqual([
        ['other', 's-a', 1],
        ['default', 's-b', 1],
        ['default', 's-b', 2],
      ]);
      expect(listTraceFiles(join(dir, 'nope'))).toEqual([]);
    } finally {
      cleanup();
    }
  });
});
