// The trace index: one SQLite row per trace line (position in the file, kind, tool, duration, tokens, excerpt)
// so large traces page and filter without being parsed again. The JSONL file stays the source of truth:
// readRecord returns the raw line. Incremental indexing is batched (one transaction per tick).
// Must not write trace files, and must not throw into the trace writer (indexRecord reports via onError).
import type { OmniMessage, SessionMetaPayload, TokenCounts } from '../../shared/omni/types.js';
import { looksLikeOmniMessage } from '../../shared/omni/guards.js';
import type { Db } from './db.js';
import { StoreError, reasonOf } from './errors.js';
import { fileNoOfTraceFile } from '../trace/paths.js';
import { readBytes, readLines, type LineSlice } from './trace-lines.js';
import {
  EXCERPT_CHARS,
  describeRecord,
  linkRecord,
  newLinkState,
  searchTextOf,
  type EarlierLookup,
  type LinkState,
} from './trace-row.js';

export interface TraceRow {
  id: number;
  sessionId: string;
  file: string;
  /** the NNN of `<session>_<NNN>.jsonl` (0 when absent) */
  fileNo: number;
  /** byte offset of the line in the file */
  offset: number;
  /** byte length of the line, without its newline */
  length: number;
  timestamp: string;
  /** payload.type, or the message type (session_meta) */
  kind: string;
  status: string | null;
  toolName: string | null;
  toolCallId: string | null;
  durationMs: number | null;
  tokens: number | null;
  origin: string[] | null;
  excerpt: string;
}

interface EventFilter {
  /** only these kinds (payload.type / message type); empty or absent = all */
  kinds?: string[];
  /** exact tool name */
  toolName?: string;
  /** case-insensitive (ASCII) substring of the excerpt or the tool name */
  text?: string;
}

interface EventPage extends EventFilter {
  /**
   * only rows after this one (in file order): reading a large trace chunk by chunk this way costs the same for
   * every chunk, where `offset` makes SQLite walk all the rows it skips
   */
  after?: Pick<TraceRow, 'fileNo' | 'file' | 'offset'>;
  /** rows to skip (in file order); default 0 */
  offset?: number;
  /** rows to return; default 200, at most 5000 */
  limit?: number;
}

export interface IndexFileResult {
  sessionId: string;
  file: string;
  /** records indexed */
  indexed: number;
  /** lines that were not OmniMessages (torn tail included) */
  skipped: number;
  /** the last line had no newline and did not parse: a torn write */
  tornTail: boolean;
  /** the session_meta payload of the first line, when it is one */
  meta: SessionMetaPayload | null;
  firstTimestamp: string | null;
  lastTimestamp: string | null;
  /** text of the first user message */
  firstUserText: string | null;
  /** session totals of the last token_usage */
  sessionTokens: TokenCounts | null;
}

export interface TraceIndex {
  /** Queue one written record. Cheap; flushed in one transaction on the next tick. Never throws. */
  indexRecord(sessionId: string, file: string, offset: number, length: number, msg: OmniMessage): void;
  /** Write queued records now. */
  flush(): void;
  /** (Re)index a whole trace file: its old rows are replaced. A torn last line is skipped. */
  indexFile(sessionId: string, file: string): IndexFileResult;
  /**
   * The same in chunks (one transaction each), yielding between them, so the first page can be shown while a large
   * trace is still being indexed. `onProgress` sees the running result after each chunk.
   */
  indexFileInChunks(
    sessionId: string,
    file: string,
    o?: { firstChunkLines?: number; chunkLines?: number; onProgress?: (r: IndexFileResult) => void },
  ): Promise<IndexFileResult>;
  pageEvents(sessionId: string, page?: EventPage): TraceRow[];
  countEvents(sessionId: string, filter?: EventFilter): number;
  /** The raw JSON line of a row, read from its trace file. Throws StoreError when the file changed or vanished. */
  readRecord(row: Pick<TraceRow, 'file' | 'offset' | 'length'>): string;
  clearSession(sessionId: string): number;
  clearAll(): void;
  /** Flush and stop scheduling; further indexRecord calls are ignored. */
  close(): void;
}

export interface TraceIndexOptions {
  /** Where indexing errors of indexRecord go (default: console.warn). */
  onError?: (err: StoreError) => void;
  /**
   * Queue length that forces a synchronous flush (a memory bound: records normally arrive across ticks and are
   * flushed on the next one).
   */
  batchSize?: number;
}

interface DbRow {
  id: number;
  session_id: string;
  file: string;
  file_no: number;
  byte_offset: number;
  byte_length: number;
  timestamp: string;
  kind: string;
  status: string | null;
  tool_name: string | null;
  tool_call_id: string | null;
  duration_ms: number | null;
  tokens: number | null;
  origin: string | null;
  excerpt: string;
}

type InsertParams = Omit<DbRow, 'id'>;

function parseOrigin(text: string | null): string[] | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.map(String) : null;
  } catch {
    return null;
  }
}

const toRow = (r: DbRow): TraceRow => ({
  id: r.id,
  sessionId: r.session_id,
  file: r.file,
  fileNo: r.file_no,
  offset: r.byte_offset,
  length: r.byte_length,
  timestamp: r.timestamp,
  kind: r.kind,
  status: r.status,
  toolName: r.tool_name,
  toolCallId: r.tool_call_id,
  durationMs: r.duration_ms,
  tokens: r.tokens,
  origin: parseOrigin(r.origin),
  excerpt: r.excerpt,
});

const MAX_LIMIT = 5000;
/** SQL function: the whole record at (file, offset, length) contains the text (ASCII case-insensitive, like LIKE). */
const FULL_TEXT_HAS = 'floe_full_text_has';
/** An excerpt this long (SQLite counts code points; the cut counts UTF-16 units) may have been cut. */
const CUT_EXCERPT = Math.floor(EXCERPT_CHARS / 2);

const asciiLower = (s: string): string => s.replace(/[A-Z]+/g, (c) => c.toLowerCase());

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(sessionId: string, f: EventFilter): { sql: string; args: unknown[] } {
  const parts = ['session_id = ?'];
  const args: unknown[] = [sessionId];
  const kinds = (f.kinds ?? []).filter((k) => typeof k === 'string');
  if (kinds.length) {
    parts.push(`kind IN (${kinds.map(() => '?').join(', ')})`);
    args.push(...kinds);
  }
  if (f.toolName) {
    parts.push('tool_name = ?');
    args.push(f.toolName);
  }
  if (f.text) {
    const pat = `%${escapeLike(f.text)}%`;
    // an excerpt that may have been cut is searched again in the whole record (read from the file)
    parts.push(
      `(excerpt LIKE ? ESCAPE '\\' OR tool_name LIKE ? ESCAPE '\\' OR ` +
        `(length(excerpt) >= ${CUT_EXCERPT} AND ${FULL_TEXT_HAS}(file, byte_offset, byte_length, ?)))`,
    );
    args.push(pat, pat, f.text);
  }
  return { sql: parts.join(' AND '), args };
}

const ORDER = 'ORDER BY file_no, file, byte_offset';

export function createTraceIndex(db: Db, opts: TraceIndexOptions = {}): TraceIndex {
  const onError = opts.onError ?? ((e: StoreError) => console.warn(e.message));
  const batchSize = opts.batchSize ?? 50_000;

  db.function(FULL_TEXT_HAS, { varargs: false }, (file, offset, length, needle) => {
    try {
      const line = readBytes(String(file), Number(offset), Number(length)).toString('utf8');
      const msg: unknown = JSON.parse(line);
      if (!looksLikeOmniMessage(msg)) return 0;
      return asciiLower(searchTextOf(msg)).includes(asciiLower(String(needle))) ? 1 : 0;
    } catch {
      return 0; // a file changed or gone: only the excerpt is searched
    }
  });

  // positional parameters: binding by name costs a property lookup per column and row (bulk imports feel it)
  const insertStmt = db.prepare<unknown[]>(`INSERT OR IGNORE INTO trace_events
    (session_id, file, file_no, byte_offset, byte_length, timestamp, kind, status, tool_name, tool_call_id,
     duration_ms, tokens, origin, excerpt)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insert = {
    run: (r: InsertParams) =>
      insertStmt.run(
        r.session_id,
        r.file,
        r.file_no,
        r.byte_offset,
        r.byte_length,
        r.timestamp,
        r.kind,
        r.status,
        r.tool_name,
        r.tool_call_id,
        r.duration_ms,
        r.tokens,
        r.origin,
        r.excerpt,
      ),
  };
  const earlierCall = db.prepare<unknown[], { timestamp: string; tool_name: string | null }>(`
    SELECT timestamp, tool_name FROM trace_events
    WHERE session_id = ? AND tool_call_id = ? AND kind = 'tool_call' AND (file_no, file, byte_offset) < (?, ?, ?)
    ORDER BY file_no DESC, file DESC, byte_offset DESC LIMIT 1`);
  const earlierBegin = db.prepare<unknown[], { timestamp: string }>(`
    SELECT timestamp FROM trace_events
    WHERE session_id = ? AND kind = 'request_begin' AND (file_no, file, byte_offset) < (?, ?, ?)
    ORDER BY file_no DESC, file DESC, byte_offset DESC LIMIT 1`);
  const deleteFile = db.prepare('DELETE FROM trace_events WHERE session_id = ? AND file = ?');
  const deleteSession = db.prepare('DELETE FROM trace_events WHERE session_id = ?');
  const deleteAll = db.prepare('DELETE FROM trace_events');

  type Stmt = ReturnType<typeof db.prepare<unknown[]>>;
  const statements = new Map<string, Stmt>();
  const cached = (sql: string): Stmt => {
    let st = statements.get(sql);
    if (!st) {
      st = db.prepare<unknown[]>(sql);
      statements.set(sql, st);
    }
    return st;
  };

  /** A written record waiting for the next flush: all the describing and linking happens there, off the writer. */
  interface Queued {
    sessionId: string;
    file: string;
    offset: number;
    length: number;
    msg: OmniMessage;
  }

  /** Incremental link state per session (records seen through indexRecord in this process). */
  const live = new Map<string, LinkState>();
  let queue: Queued[] = [];
  let scheduled: ReturnType<typeof setImmediate> | null = null;
  let closed = false;
  let flushing = false;

  // Each queued record is described, linked and inserted in turn inside one transaction, so a lookup of an
  // earlier record (a tool_call of the same batch) finds it.
  const insertQueued = db.transaction((items: Queued[]) => {
    for (const q of items) {
      let state = live.get(q.sessionId);
      if (!state) live.set(q.sessionId, (state = newLinkState()));
      try {
        insert.run(paramsOf(state, q.sessionId, q.file, fileNoOfTraceFile(q.file), q.offset, q.length, q.msg));
      } catch (err) {
        onError(
          new StoreError(
            `Indexing a trace record of ${q.file} at byte ${q.offset} failed: ${reasonOf(err)}. ` +
              `The trace file is intact; re-index it to repair the index.`,
            { cause: err },
          ),
        );
      }
    }
  });

  function flush(): void {
    if (scheduled) {
      clearImmediate(scheduled);
      scheduled = null;
    }
    if (!queue.length || flushing) return;
    const items = queue;
    queue = [];
    flushing = true;
    try {
      insertQueued(items);
    } catch (err) {
      onError(
        new StoreError(
          `Indexing ${items.length} trace record(s) of ${items[0]!.file} failed: ${reasonOf(err)}. ` +
            `The trace file is intact; re-index it to repair the index.`,
          { cause: err },
        ),
      );
    } finally {
      flushing = false;
    }
  }

  function lookupFor(sessionId: string, file: string, fileNo: number, offset: number): EarlierLookup {
    return {
      toolCall(id) {
        flush();
        const r = earlierCall.get(sessionId, id, fileNo, file, offset);
        return r ? { timestamp: r.timestamp, toolName: r.tool_name } : undefined;
      },
      requestBegin() {
        flush();
        return earlierBegin.get(sessionId, fileNo, file, offset);
      },
    };
  }

  function paramsOf(
    state: LinkState,
    sessionId: string,
    file: string,
    fileNo: number,
    offset: number,
    length: number,
    msg: OmniMessage,
  ): InsertParams {
    const f = describeRecord(msg);
    const link = linkRecord(state, f, lookupFor(sessionId, file, fileNo, offset));
    return {
      session_id: sessionId,
      file,
      file_no: fileNo,
      byte_offset: offset,
      byte_length: length,
      timestamp: f.timestamp,
      kind: f.kind,
      status: f.status,
      tool_name: link.toolName,
      tool_call_id: f.toolCallId,
      duration_ms: link.durationMs,
      tokens: f.tokens,
      origin: f.origin,
      excerpt: f.excerpt,
    };
  }

  /** The writer's listener: only queues (no parsing, no SQL), so appending stays as fast as the file write. */
  function indexRecord(sessionId: string, file: string, offset: number, length: number, msg: OmniMessage): void {
    if (closed) return;
    queue.push({ sessionId, file, offset, length, msg });
    if (queue.length >= batchSize) flush();
    else if (!scheduled) scheduled = setImmediate(flush);
  }

  /** One file being indexed: its lines, link state and running result, advanced a chunk at a time. */
  interface FileJob {
    lines: Generator<LineSlice>;
    fileNo: number;
    state: LinkState;
    first: boolean;
    done: boolean;
    res: IndexFileResult;
  }

  function startJob(sessionId: string, file: string): FileJob {
    return {
      lines: readLines(file),
      fileNo: fileNoOfTraceFile(file),
      state: newLinkState(),
      first: true,
      done: false,
      res: {
        sessionId,
        file,
        indexed: 0,
        skipped: 0,
        tornTail: false,
        meta: null,
        firstTimestamp: null,
        lastTimestamp: null,
        firstUserText: null,
        sessionTokens: null,
      },
    };
  }

  /** Indexes up to `max` more lines of the job (call inside a transaction). */
  function advance(job: FileJob, max: number): void {
    const { res } = job;
    for (let n = 0; n < max; n++) {
      const next = job.lines.next();
      if (next.done) {
        job.done = true;
        return;
      }
      const line = next.value;
      let msg: unknown;
      try {
        msg = JSON.parse(line.bytes.toString('utf8'));
      } catch {
        msg = undefined;
      }
      if (!looksLikeOmniMessage(msg)) {
        res.skipped++;
        if (!line.terminated) res.tornTail = true;
        job.first = false;
        continue;
      }
      if (job.first && msg.type === 'session_meta') res.meta = msg.payload as SessionMetaPayload;
      job.first = false;
      insert.run(paramsOf(job.state, res.sessionId, res.file, job.fileNo, line.offset, line.length, msg));
      res.indexed++;
      res.firstTimestamp ??= msg.timestamp;
      res.lastTimestamp = msg.timestamp;
      const p = msg.payload as unknown as Record<string, unknown>;
      if (res.firstUserText === null && p.type === 'text' && p.role === 'user' && typeof p.text === 'string') {
        res.firstUserText = p.text;
      }
      if (p.type === 'token_usage' && p.session && typeof p.session === 'object') {
        res.sessionTokens = p.session as TokenCounts;
      }
    }
  }

  const indexFileTx = db.transaction((sessionId: string, file: string): IndexFileResult => {
    deleteFile.run(sessionId, file);
    const job = startJob(sessionId, file);
    while (!job.done) advance(job, Number.MAX_SAFE_INTEGER);
    return job.res;
  });
  const firstChunkTx = db.transaction((job: FileJob, max: number) => {
    deleteFile.run(job.res.sessionId, job.res.file);
    advance(job, max);
  });
  const chunkTx = db.transaction((job: FileJob, max: number) => advance(job, max));

  const wrapIndexError = (file: string, err: unknown): StoreError => {
    if (err instanceof StoreError) return err;
    const code = (err as { code?: string }).code;
    const what = code === 'ENOENT' ? 'the file does not exist' : reasonOf(err);
    return new StoreError(`Cannot index the trace ${file}: ${what}. Check the path and try again.`, { cause: err });
  };

  return {
    indexRecord,
    flush,
    indexFile(sessionId, file) {
      flush();
      live.delete(sessionId);
      try {
        return indexFileTx(sessionId, file);
      } catch (err) {
        throw wrapIndexError(file, err);
      }
    },
    async indexFileInChunks(sessionId, file, o = {}) {
      flush();
      live.delete(sessionId);
      const chunk = o.chunkLines ?? 2000;
      const job = startJob(sessionId, file);
      try {
        firstChunkTx(job, o.firstChunkLines ?? 500);
        o.onProgress?.(job.res);
        while (!job.done) {
          await new Promise<void>((r) => setImmediate(r)); // let pages be read (and the UI draw) between chunks
          chunkTx(job, chunk);
          o.onProgress?.(job.res);
        }
        return job.res;
      } catch (err) {
        throw wrapIndexError(file, err);
      }
    },
    pageEvents(sessionId, page = {}) {
      flush();
      const where = whereOf(sessionId, page);
      let { sql } = where;
      const { args } = where;
      if (page.after) {
        sql += ' AND (file_no, file, byte_offset) > (?, ?, ?)';
        args.push(page.after.fileNo, page.after.file, page.after.offset);
      }
      const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(page.limit ?? 200)));
      const offset = Math.max(0, Math.floor(page.offset ?? 0));
      const st = cached(`SELECT * FROM trace_events WHERE ${sql} ${ORDER} LIMIT ? OFFSET ?`);
      return (st.all(...args, limit, offset) as DbRow[]).map(toRow);
    },
    countEvents(sessionId, filter = {}) {
      flush();
      const { sql, args } = whereOf(sessionId, filter);
      const st = cached(`SELECT COUNT(*) AS n FROM trace_events WHERE ${sql}`);
      return (st.get(...args) as { n: number }).n;
    },
    readRecord(row) {
      let bytes: Buffer;
      try {
        bytes = readBytes(row.file, row.offset, row.length);
      } catch (err) {
        const code = (err as { code?: string }).code;
        const what = code === 'ENOENT' ? 'the file no longer exists' : reasonOf(err);
        throw new StoreError(
          `Cannot read the trace record at byte ${row.offset} of ${row.file}: ${what}. Re-index the traces.`,
          { cause: err },
        );
      }
      const text = bytes.toString('utf8');
      let ok = bytes.length === row.length;
      if (ok) {
        try {
          JSON.parse(text);
        } catch {
          ok = false;
        }
      }
      if (!ok) {
        throw new StoreError(
          `The trace file ${row.file} changed since it was indexed (no complete record at byte ${row.offset}). ` +
            `Re-index the traces.`,
        );
      }
      return text;
    },
    clearSession(sessionId) {
      flush();
      live.delete(sessionId);
      return deleteSession.run(sessionId).changes;
    },
    clearAll() {
      flush();
      live.clear();
      deleteAll.run();
    },
    close() {
      flush();
      closed = true;
      live.clear();
    },
  };
}
