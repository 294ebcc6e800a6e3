// Tests for trace paths: session id format, part file names, lookup of a session's parts on real temp folders.
import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  findTraceFiles,
  isSessionId,
  newSessionId,
  scratchpadDir,
  sessionDate,
  traceFilePath,
} from '../../../main/trace/paths.js';

const home = mkdtempSync(join(tmpdir(), 'floe-paths-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('newSessionId', () => {
  it('formats the UTC time and 8 random hex digits', () => {
    const id = newSessionId(new Date(Date.UTC(2025, 0, 9, 3, 4, 5)));
    expect(id).toMatch(/^session-2025-01-09-03-04-05-[0-9a-f]{8}$/);
    expect(isSessionId(id)).toBe(true);
    expect(sessionDate(id)).toBe('2025-01-09');
  });
  it('differs between two calls in the same second', () => {
    const d = new Date();
    expect(newSessionId(d)).not.toBe(newSessionId(d));
  });
});

describe('traceFilePath', () => {
  it('uses the date of the session id and a 3-digit part', () => {
    const id = 'session-2024-12-31-23-59-59-0123abcd';
    expect(traceFilePath('/h', 'default', id)).toBe(
      '/h/agents/default/traces/2024-12-31/session-2024-12-31-23-59-59-0123abcd_001.jsonl',
    );
    expect(traceFilePath('/h', 'default', id, 12)).toMatch(/_012\.jsonl$/);
  });
  it('rejects foreign ids without a fallback date, bad parts and unsafe agent names', () => {
    expect(() => traceFilePath('/h', 'default', 'abc')).toThrow(/Invalid session id "abc"/);
    expect(traceFilePath('/h', 'a', 'abc', 1, new Date(Date.UTC(2023, 4, 6)))).toBe(
      '/h/agents/a/traces/2023-05-06/abc_001.jsonl',
    );
    expect(() => traceFilePath('/h', 'default', 'session-2024-12-31-23-59-59-0123abcd', 0)).toThrow(/part number/);
    expect(() => traceFilePath('/h', '../x', 'session-2024-12-31-23-59-59-0123abcd')).toThrow(/Invalid agent name/);
  });
});

describe('scratchpadDir', () => {
  it('is under the agent folder', () => {
    expect(scratchpadDir('/h', 'dev', 'session-2024-12-31-23-59-59-0123abcd')).toBe(
      '/h/agents/dev/scratchpad/session-2024-12-31-23-59-59-0123abcd',
    );
    expect(() => scratchpadDir('/h', 'dev', '../../etc')).toThrow(/Invalid session id/);
  });
});

describe('findTraceFiles', () => {
  const id = 'session-2025-02-03-10-11-12-deadbeef';
  const touch = (p: string) => {
    mkdirSync(join(p, '..'), { recursive: true });
    writeFileSync(p, '');
  };
  touch(traceFilePath(home, 'writer', id, 10));
  touch(traceFilePath(home, 'writer', id, 2));
  touch(traceFilePath(home, 'writer', id, 1));
  touch(traceFilePath(home, 'writer', 'session-2025-02-03-10-11-12-00000000', 1));
  touch(join(home, 'agents', 'other', 'traces', '2020-01-01', 'foreign-id_001.jsonl'));

  it('returns all parts in numeric order, searching every agent', () => {
    const files = findTraceFiles(home, id);
    expect(files).toEqual([1, 2, 10].map((n) => traceFilePath(home, 'writer', id, n)));
  });
  it('limits the search to one agent when given', () => {
    expect(findTraceFiles(home, id, 'other')).toEqual([]);
    expect(findTraceFiles(home, id, 'writer')).toHaveLength(3);
  });
  it('finds foreign ids in any date folder, and nothing for unknown or unsafe ids', () => {
    expect(findTraceFiles(home, 'foreign-id')).toEqual([
      join(home, 'agents', 'other', 'traces', '2020-01-01', 'foreign-id_001.jsonl'),
    ]);
    expect(findTraceFiles(home, 'session-2025-02-03-10-11-12-11111111')).toEqual([]);
    expect(findTraceFiles(home, '../x')).toEqual([]);
    expect(findTraceFiles(join(home, 'missing'), id)).toEqual([]);
  });
});

describe('one walk of the traces folder', () => {
  it('findTraceFiles and listTraceFiles follow the same rule: regular files only, a symlinked part is not taken', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { findTraceFiles, listTraceFiles } = await import('../../../main/trace/paths.js');
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-walk-'));
    try {
      const id = 'session-2025-01-01-00-00-00-abcdef01';
      const day = path.join(home, 'agents/default/traces/2025-01-01');
      fs.mkdirSync(day, { recursive: true });
      fs.writeFileSync(path.join(day, `${id}_001.jsonl`), '{}\n');
      const elsewhere = path.join(home, 'elsewhere.jsonl');
      fs.writeFileSync(elsewhere, '{}\n');
      fs.symlinkSync(elsewhere, path.join(day, `${id}_002.jsonl`));
      expect(findTraceFiles(home, id)).toEqual([path.join(day, `${id}_001.jsonl`)]);
      expect(listTraceFiles(home).map((f) => [f.sessionId, f.fileNo])).toEqual([[id, 1]]);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
