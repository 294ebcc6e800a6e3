// Trace reading (SPEC §9): JSON Lines → OmniMessages, tolerant of a torn last line (ignored, reported), of bad
// lines (skipped, reported with their line number) and of fields it does not know (kept as they are).
// Read-only: it must never modify or heal the file (that is the writer's job on its next open).
import { createReadStream, readFileSync } from 'node:fs';
import { looksLikeOmniMessage } from '../../shared/omni/guards.js';
import type { OmniMessage } from '../../shared/omni/types.js';

interface BadLine {
  /** 1-based line number */
  line: number;
  error: string;
}

export interface TraceContents {
  messages: OmniMessage[];
  /** byte offset of each message's line, parallel to `messages` */
  offsets: number[];
  /** the file ended in an unterminated line that is not a complete record (it was ignored) */
  tornTail: boolean;
  badLines: BadLine[];
}

export interface TraceLine {
  /** byte offset where the line starts */
  offset: number;
  /** 1-based line number */
  line: number;
  /** length in bytes, without the `\n` */
  length: number;
  message?: OmniMessage;
  /** why the line is not a message (absent for blank lines and for messages) */
  error?: string;
  /** the unterminated last line of the file */
  torn?: boolean;
}

type Parsed = { message: OmniMessage } | { error: string } | { blank: true };

/** Parses one line's text. Pure. */
export function parseTraceLine(text: string): Parsed {
  const t = text.endsWith('\r') ? text.slice(0, -1) : text;
  if (t.trim() === '') return { blank: true };
  let v: unknown;
  try {
    v = JSON.parse(t);
  } catch (e) {
    return { error: `not valid JSON (${(e as Error).message})` };
  }
  if (!looksLikeOmniMessage(v)) {
    return {
      error:
        'not an OmniMessage (needs a string "timestamp", "type" session_meta|model_msg|event_msg and an object "payload")',
    };
  }
  return { message: v };
}

/**
 * Reads a whole trace file at once. An unterminated last line that still parses as a complete message is kept
 * (the crash happened between the record and its newline); otherwise it is dropped and `tornTail` is true.
 */
export function readTrace(file: string): TraceContents {
  const buf = readFileSync(file);
  const out: TraceContents = { messages: [], offsets: [], tornTail: false, badLines: [] };
  let start = 0;
  let lineNo = 0;
  while (start < buf.length) {
    lineNo++;
    const nl = buf.indexOf(0x0a, start);
    const end = nl === -1 ? buf.length : nl;
    const p = parseTraceLine(buf.toString('utf8', start, end));
    if ('message' in p) {
      out.messages.push(p.message);
      out.offsets.push(start);
    } else if ('error' in p) {
      if (nl === -1) out.tornTail = true;
      else out.badLines.push({ line: lineNo, error: p.error });
    }
    if (nl === -1) break;
    start = nl + 1;
  }
  return out;
}

/**
 * Streams a trace line by line (constant memory apart from the longest line), with byte offsets, for large
 * files and for indexing. Yields every line, blank ones included, so line numbers match the file.
 */
export async function* readTraceLines(file: string): AsyncGenerator<TraceLine, void, void> {
  const stream = createReadStream(file, { highWaterMark: 1 << 20 });
  let pending: Buffer[] = [];
  let pendingLen = 0;
  let offset = 0;
  let lineNo = 0;
  const emit = (bytes: Buffer, torn: boolean): TraceLine => {
    lineNo++;
    const p = parseTraceLine(bytes.toString('utf8'));
    const l: TraceLine = { offset, line: lineNo, length: bytes.length };
    if ('message' in p) l.message = p.message;
    else if ('error' in p) l.error = p.error;
    if (torn) l.torn = true;
    offset += bytes.length + (torn ? 0 : 1);
    return l;
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let pos = 0;
      for (;;) {
        const nl = chunk.indexOf(0x0a, pos);
        if (nl === -1) {
          if (pos < chunk.length) {
            pending.push(chunk.subarray(pos));
            pendingLen += chunk.length - pos;
          }
          break;
        }
        let bytes = chunk.subarray(pos, nl);
        if (pendingLen) {
          bytes = Buffer.concat([...pending, bytes], pendingLen + bytes.length);
          pending = [];
          pendingLen = 0;
        }
        yield emit(bytes, false);
        pos = nl + 1;
      }
    }
    if (pendingLen) yield emit(Buffer.concat(pending, pendingLen), true);
  } finally {
    stream.destroy();
  }
}
