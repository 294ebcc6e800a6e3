// Splits JSON Lines trace files into records by byte offset. Works on Buffers, never on decoded strings, so
// offsets and lengths stay exact with multi-byte UTF-8. Reads in chunks (no whole-file load). Must not parse
// JSON or know about the index.
import { closeSync, openSync, readSync } from 'node:fs';

export interface LineSlice {
  /** byte offset of the line's first byte */
  offset: number;
  /** byte length, without the newline (and without a trailing CR) */
  length: number;
  bytes: Buffer;
  /** false for a last line with no newline (possibly torn) */
  terminated: boolean;
}

const NL = 0x0a;
const CR = 0x0d;

function slice(buf: Buffer, start: number, end: number, base: number, terminated: boolean): LineSlice {
  let stop = end;
  if (stop > start && buf[stop - 1] === CR) stop--;
  return { offset: base + start, length: stop - start, bytes: buf.subarray(start, stop), terminated };
}

/** Lines of an in-memory buffer; empty lines are skipped. Pure. */
export function* splitLines(buf: Buffer, baseOffset = 0): Generator<LineSlice> {
  let start = 0;
  for (;;) {
    const nl = buf.indexOf(NL, start);
    if (nl < 0) break;
    if (nl > start) {
      const s = slice(buf, start, nl, baseOffset, true);
      if (s.length > 0) yield s;
    }
    start = nl + 1;
  }
  if (start < buf.length) yield slice(buf, start, buf.length, baseOffset, false);
}

/** Lines of a file, read in chunks of `chunkSize` bytes. Empty lines are skipped. */
export function* readLines(file: string, chunkSize = 1 << 20): Generator<LineSlice> {
  const fd = openSync(file, 'r');
  try {
    let carry: Buffer = Buffer.alloc(0);
    let carryAt = 0; // file offset of carry[0]
    let pos = 0;
    const chunk = Buffer.allocUnsafe(chunkSize);
    for (;;) {
      const n = readSync(fd, chunk, 0, chunkSize, pos);
      if (n === 0) break;
      pos += n;
      const buf = carry.length ? Buffer.concat([carry, chunk.subarray(0, n)]) : chunk.subarray(0, n);
      const lastNl = buf.lastIndexOf(NL);
      if (lastNl < 0) {
        carry = Buffer.from(buf);
        continue;
      }
      // copy: the chunk buffer is reused by the next read
      yield* splitLines(Buffer.from(buf.subarray(0, lastNl + 1)), carryAt);
      carry = Buffer.from(buf.subarray(lastNl + 1));
      carryAt += lastNl + 1;
    }
    if (carry.length) yield* splitLines(carry, carryAt);
  } finally {
    closeSync(fd);
  }
}

/** Reads `length` bytes at `offset`; returns fewer when the file is shorter. */
export function readBytes(file: string, offset: number, length: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(length);
    let got = 0;
    while (got < length) {
      const n = readSync(fd, buf, got, length - got, offset + got);
      if (n === 0) break;
      got += n;
    }
    return buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}
