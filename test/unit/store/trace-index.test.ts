import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { appendFileSync, mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OmniMessage } from '../../../shared/omni/types.js';
import { openStore, StoreError, type Store, type TraceRow } from '../../../main/store/index.js';
import { STEP_MS, makeTrace, tempDir, writeTrace, type WrittenLine } from './helpers.js';

const SID = 'session-2025-03-01-10-00-00-0123abcd';
const N = 10_000;

let dir: string;
let cleanup: () => void;
let store: Store;
let msgs: OmniMessage[];
let lines: WrittenLine[];
let traceFile: string;

const kindOf = (m: OmniMessage) => (m.payload as { type?: string }).type ?? m.type;
/** Independent oracle of the tool name of each record. */
function toolNames(list: OmniMessage[]): (string | null)[] {
  const byId = new Map<string, string>();
  return list.map((m) => {
    const p = m.payload as unknown as Record<string, unknown>;
    if (p.type === 'tool_call') byId.set(p.tool_call_id as string, p.name as string);
    if (typeof p.name === 'string' && p.type === 'tool_call') return p.name;
    if (typeof p.tool_name === 'string') return p.tool_name;
    if (typeof p.tool_call_id === 'string') return byId.get(p.tool_call_id) ?? null;
    return null;
  });
}
const strip = (rows: TraceRow[]) => rows.map(({ id: _id, ...rest }) => rest);

beforeAll(() => {
  ({ dir, cleanup } = tempDir());
  store = openStore(join(dir, 'floe.db'));
  msgs = makeTrace(N, SID, join(dir, 'ws'));
  const day = join(dir, 'home', 'agents', 'default', 'traces', '2025-03-01');
  mkdirSync(day, { recursive: true });
  traceFile = join(day, `${SID}_001.jsonl`);
  lines = writeTrace(traceFile, msgs);
  const r = store.traces.indexFile(SID, traceFile);
  expect(r).toMatchObject({ indexed: N, skipped: 0, tornTail: false, firstUserText: 'prompt 0 héllo ✓ 日本語 🚀' });
  expect(r.meta?.model_id).toBe('qwen3');
});
afterAll(() => {
  store?.close();
  cleanup?.();
});

describe('trace index over a 10 000-event trace', () => {
  it('counts every record', () => {
    expect(store.traces.countEvents(SID)).toBe(N);
    expect(store.traces.countEvents('other-session')).toBe(0);
  });

  it('pages 200 rows by offset: content and order match the file', () => {
    for (const start of [0, 4321, N - 200]) {
      const page = store.traces.pageEvents(SID, { offset: start, limit: 200 });
      expect(page).toHaveLength(200);
      const names = toolNames(msgs);
      page.forEach((row, k) => {
        const i = start + k;
        expect(row.offset).toBe(lines[i]!.offset);
        expect(row.length).toBe(lines[i]!.length);
        expect(row.kind).toBe(kindOf(msgs[i]!));
        expect(row.timestamp).toBe(msgs[i]!.timestamp);
        expect(row.toolName).toBe(names[i]);
        expect(store.traces.readRecord(row)).toBe(lines[i]!.line);
      });
    }
    const tail = store.traces.pageEvents(SID, { offset: N - 50, limit: 200 });
    expect(tail).toHaveLength(50);
    expect(store.traces.pageEvents(SID, { offset: N, limit: 200 })).toEqual([]);
  });

  it('pages after a row (keyset): chunk by chunk, the same rows as by offset', () => {
    const read: TraceRow[] = [];
    let after: TraceRow | undefined;
    for (;;) {
      const chunk = store.traces.pageEvents(SID, { after, limit: 3000 });
      read.push(...chunk);
      if (chunk.length < 3000) break;
      after = chunk[chunk.length - 1];
    }
    expect(read.map((r) => r.offset)).toEqual(lines.map((l) => l.offset));
    const mid = store.traces.pageEvents(SID, { offset: 4321, limit: 1 })[0]!;
    expect(strip(store.traces.pageEvents(SID, { after: mid, limit: 5 }))).toEqual(
      strip(store.traces.pageEvents(SID, { offset: 4322, limit: 5 })),
    );
  });

  it('fills durations, tokens and excerpts', () => {
    const calls = store.traces.pageEvents(SID, { kinds: ['tool_call_output', 'request_end'], limit: 50 });
    for (const r of calls) {
      // tool_call is 4 records before its output, request_begin 3 before request_end
      expect(r.durationMs).toBe(r.kind === 'tool_call_output' ? 4 * STEP_MS : 3 * STEP_MS);
    }
    const usage = store.traces.pageEvents(SID, { kinds: ['token_usage'], limit: 3 });
    expect(usage.map((r) => r.tokens)).toEqual([1, 2, 3]);
    const outs = store.traces.pageEvents(SID, { kinds: ['tool_call_output'], offset: 650, limit: 1 });
    expect(outs[0]!.excerpt).toBe(('out 650 ' + 'é'.repeat(650)).slice(0, 500));
  });

  it('filters by kind, tool and text, and counts agree with the pages', () => {
    const names = toolNames(msgs);
    const expectIdx = (pred: (m: OmniMessage, i: number) => boolean) =>
      msgs.map((m, i) => (pred(m, i) ? i : -1)).filter((i) => i >= 0);

    const kinds = ['tool_call', 'request_end'];
    const want = expectIdx((m) => kinds.includes(kindOf(m)));
    expect(store.traces.countEvents(SID, { kinds })).toBe(want.length);
    const page = store.traces.pageEvents(SID, { kinds, offset: 100, limit: 200 });
    expect(page.map((r) => r.offset)).toEqual(want.slice(100, 300).map((i) => lines[i]!.offset));

    const byTool = expectIdx((_m, i) => names[i] === 'read_image');
    expect(byTool.length).toBeGreaterThan(0);
    expect(store.traces.countEvents(SID, { toolName: 'read_image' })).toBe(byTool.length);
    const toolPage = store.traces.pageEvents(SID, { toolName: 'read_image', kinds: ['tool_call_output'], limit: 5000 });
    expect(toolPage.length).toBe(
      expectIdx((m, i) => names[i] === 'read_image' && kindOf(m) === 'tool_call_output').length,
    );

    // text: case-insensitive substring; multi-byte text works
    const echo = expectIdx(
      (m) => kindOf(m) === 'tool_call' && (m.payload as { arguments: string }).arguments.includes('echo 123"'),
    );
    expect(echo).toHaveLength(1);
    const hit = store.traces.pageEvents(SID, { text: 'ECHO 123"' });
    expect(hit.map((r) => r.offset)).toEqual([lines[echo[0]!]!.offset]);
    const users = expectIdx((m) => kindOf(m) === 'text' && (m.payload as { role: string }).role === 'user');
    expect(store.traces.countEvents(SID, { text: '日本語 🚀' })).toBe(users.length);
    expect(store.traces.countEvents(SID, { text: '%' })).toBe(0);
    expect(store.traces.countEvents(SID, { text: 'no such text anywhere' })).toBe(0);
  });

  it('reindexAll from the files reproduces the incremental index row for row', () => {
    // incremental: a writer appends each record and hands its position to indexRecord
    const inc = tempDir();
    const home = join(inc.dir, 'home');
    const day = join(home, 'agents', 'default', 'traces', '2025-03-01');
    mkdirSync(day, { recursive: true });
    const file = join(day, `${SID}_001.jsonl`);
    writeFileSync(file, '');
    const a = openStore(join(inc.dir, 'a.db'));
    const b = openStore(join(inc.dir, 'b.db'));
    try {
      let at = 0;
      for (const m of msgs) {
        const line = JSON.stringify(m);
        const len = Buffer.byteLength(line);
        appendFileSync(file, line + '\n');
        a.traces.indexRecord(SID, file, at, len, m);
        at += len + 1;
      }
      const res = b.reindexAll(home);
      expect(res).toMatchObject({ files: 1, sessions: 1, events: N, skippedLines: 0, sessionsAdded: 1, errors: [] });
      expect(a.traces.countEvents(SID)).toBe(N);
      const rowsA = strip(a.traces.pageEvents(SID, { limit: 5000 })).concat(
        strip(a.traces.pageEvents(SID, { offset: 5000, limit: 5000 })),
      );
      const rowsB = strip(b.traces.pageEvents(SID, { limit: 5000 })).concat(
        strip(b.traces.pageEvents(SID, { offset: 5000, limit: 5000 })),
      );
      expect(rowsB).toEqual(rowsA);
      expect(rowsA.filter((r) => r.durationMs !== null).length).toBe(
        msgs.filter((m) => ['tool_call_output', 'request_end'].includes(kindOf(m))).length,
      );

      // the session row rebuilt from the trace
      const s = b.sessions.get(SID)!;
      expect(s).toMatchObject({
        agent: 'default',
        model: 'local/qwen3',
        source: 'import',
        title: 'prompt 0 héllo ✓ 日本語 🚀',
      });
      expect(s.createdAt).toBe(msgs[0]!.timestamp);
      expect(s.updatedAt).toBe(msgs[N - 1]!.timestamp);
      const lastUsage = [...msgs].reverse().find((m) => kindOf(m) === 'token_usage')!;
      expect(s.tokens).toEqual((lastUsage.payload as { session: object }).session);
      expect(b.projects.get(s.projectId!)?.path).toBe(join(dir, 'ws'));

      // reindexing again gives the same rows and keeps the session row
      b.reindexAll(home);
      expect(b.traces.countEvents(SID)).toBe(N);
      expect(b.sessions.list()).toHaveLength(1);
    } finally {
      a.close();
      b.close();
      inc.cleanup();
    }
  });
});

describe('trace index edge cases', () => {
  const small = (n: number) => makeTrace(n, 'sess-x', '/ws');

  it('tolerates a torn last line, then a healed one in the middle', () => {
    const t = tempDir();
    const s = openStore(join(t.dir, 'f.db'));
    try {
      const file = join(t.dir, 'sess-x_001.jsonl');
      const m = small(20);
      writeTrace(file, m);
      appendFileSync(file, '{"timestamp":"2025-03-01T10:00:00.000Z","type":"model_msg","payload":{"type":"te');
      const r1 = s.traces.indexFile('sess-x', file);
      expect([r1.indexed, r1.skipped, r1.tornTail]).toEqual([20, 1, true]);
      expect(s.traces.countEvents('sess-x')).toBe(20);

      // the writer heals the torn line (newline) and appends more: the torn piece stays skipped, nothing doubles
      const more = makeTrace(30, 'sess-x', '/ws').slice(20);
      appendFileSync(file, '\n' + more.map((x) => JSON.stringify(x) + '\n').join(''));
      const r2 = s.traces.indexFile('sess-x', file);
      expect([r2.indexed, r2.skipped, r2.tornTail]).toEqual([30, 1, false]);
      const rows = s.traces.pageEvents('sess-x', { limit: 100 });
      expect(rows).toHaveLength(30);
      const last = rows[29]!;
      expect(JSON.parse(s.traces.readRecord(last))).toEqual(more[9]);
      const text = readFileSync(file);
      expect(text.subarray(last.offset, last.offset + last.length).toString()).toBe(JSON.stringify(more[9]));
    } finally {
      s.close();
      t.cleanup();
    }
  });

  it('links a tool output to a call in an earlier file, and after a restart (incremental)', () => {
    const t = tempDir();
    const dbFile = join(t.dir, 'f.db');
    try {
      const m = small(9); // meta + one full cycle
      const f1 = join(t.dir, 'sess-x_001.jsonl');
      const f2 = join(t.dir, 'sess-x_002.jsonl');
      writeTrace(f1, m.slice(0, 5)); // ... tool_call, token_usage
      const pos2 = writeTrace(f2, m.slice(5)); // request_end, approval, output, text

      let s = openStore(dbFile);
      s.traces.indexFile('sess-x', f1);
      s.close();
      s = openStore(dbFile);
      try {
        // restart: the incremental indexer has no memory of the call and finds it in the database
        m.slice(5).forEach((msg, k) => s.traces.indexRecord('sess-x', f2, pos2[k]!.offset, pos2[k]!.length, msg));
        const rows = s.traces.pageEvents('sess-x');
        expect(rows.map((r) => r.kind)).toEqual(m.map(kindOf));
        expect(rows.map((r) => r.fileNo)).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2]);
        const out = rows.find((r) => r.kind === 'tool_call_output')!;
        expect([out.durationMs, out.toolName]).toEqual([4 * STEP_MS, 'exec_command']);
        expect(rows.find((r) => r.kind === 'request_end')!.durationMs).toBe(3 * STEP_MS);

        const viaFile = strip(rows);
        s.traces.indexFile('sess-x', f2);
        expect(strip(s.traces.pageEvents('sess-x'))).toEqual(viaFile);
        // indexing the same record twice does not duplicate it
        s.traces.indexRecord('sess-x', f2, pos2[0]!.offset, pos2[0]!.length, m[5]!);
        expect(s.traces.countEvents('sess-x')).toBe(9);
      } finally {
        s.close();
      }
    } finally {
      t.cleanup();
    }
  });

  it('reports unreadable files and changed records with clear messages', () => {
    const t = tempDir();
    const s = openStore(join(t.dir, 'f.db'));
    try {
      expect(() => s.traces.indexFile('x', join(t.dir, 'missing.jsonl'))).toThrow(
        /Cannot index the trace .*missing\.jsonl: the file does not exist/,
      );
      const file = join(t.dir, 'sess-x_001.jsonl');
      writeTrace(file, small(3));
      s.traces.indexFile('sess-x', file);
      const row = s.traces.pageEvents('sess-x', { offset: 2 })[0]!;
      writeFileSync(file, 'short\n');
      expect(() => s.traces.readRecord(row)).toThrow(StoreError);
      expect(() => s.traces.readRecord(row)).toThrow(/changed since it was indexed .*Re-index/);
      expect(() => s.traces.readRecord({ ...row, file: join(t.dir, 'gone.jsonl') })).toThrow(/no longer exists/);

      const errors: StoreError[] = [];
      const s2 = openStore(join(t.dir, 'g.db'), { onIndexError: (e) => errors.push(e) });
      s2.traces.indexRecord('x', file, 0, 1, {
        timestamp: 'now',
        type: 'event_msg',
        payload: null,
      } as unknown as OmniMessage);
      s2.traces.flush();
      s2.db.exec('DROP TABLE trace_events');
      s2.traces.indexRecord('x', file, 5, 1, {
        timestamp: 'now',
        type: 'event_msg',
        payload: { type: 'abort' },
      } as OmniMessage);
      s2.traces.flush();
      s2.close();
      expect(errors).toHaveLength(1);
      expect(errors[0]!.message).toMatch(
        /Indexing a trace record of .* at byte 5 failed: .*re-index it to repair the index/,
      );
    } finally {
      s.close();
      t.cleanup();
    }
  });

  it('flushes queued records on its own (next tick)', async () => {
    const t = tempDir();
    const s = openStore(join(t.dir, 'f.db'));
    try {
      const m = small(3);
      m.forEach((msg, i) => s.traces.indexRecord('sess-x', join(t.dir, 'sess-x_001.jsonl'), i * 1000, 10, msg));
      const raw = () => (s.db.prepare('SELECT COUNT(*) AS n FROM trace_events').get() as { n: number }).n;
      expect(raw()).toBe(0);
      await new Promise((r) => setImmediate(r));
      expect(raw()).toBe(3);
    } finally {
      s.close();
      t.cleanup();
    }
  });
});

describe('trace index search', () => {
  it('finds text past the excerpt: the whole output is searched, case-insensitively (ASCII)', () => {
    const t = tempDir();
    const s = openStore(join(t.dir, 'f.db'));
    try {
      const file = join(t.dir, 'sess-y_001.jsonl');
      const m = makeTrace(9, 'sess-y', '/ws');
      const out = m.find((x) => (x.payload as { type?: string }).type === 'tool_call_output')!;
      // the word sits 3000 characters in, far past the indexed excerpt; a short output holds it too for contrast
      (out.payload as { output: string }).output = 'é'.repeat(3000) + ' Needle-Past-Excerpt';
      writeTrace(file, m);
      s.traces.indexFile('sess-y', file);
      const hits = s.traces.pageEvents('sess-y', { text: 'needle-past-EXCERPT' });
      expect(hits.map((r) => r.kind)).toEqual(['tool_call_output']);
      expect(s.traces.countEvents('sess-y', { text: 'needle-past-excerpt' })).toBe(1);
      expect(s.traces.countEvents('sess-y', { text: 'needle-not-there' })).toBe(0);
    } finally {
      s.close();
      t.cleanup();
    }
  });
});
