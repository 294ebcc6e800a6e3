// Tests for the trace reader: torn last line, bad lines, unknown fields, byte offsets, streaming 100 000 lines.
import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTrace, readTraceLines, type TraceLine } from '../../../main/trace/reader.js';

const dir = mkdtempSync(join(tmpdir(), 'floe-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const line = (o: object) => JSON.stringify(o) + '\n';
const meta = { timestamp: '2025-01-01T00:00:00.000Z', type: 'session_meta', payload: { session_id: 's' } };
const text = (t: string, extra: object = {}) => ({
  timestamp: '2025-01-01T00:00:01.000Z',
  type: 'model_msg',
  payload: { type: 'text', role: 'user', text: t, ...extra },
});

async function collect(file: string): Promise<TraceLine[]> {
  const out: TraceLine[] = [];
  for await (const l of readTraceLines(file)) out.push(l);
  return out;
}

describe('readTrace', () => {
  it('ignores and reports a torn last line', async () => {
    const file = join(dir, 'torn.jsonl');
    writeFileSync(file, line(meta) + line(text('a')) + '{"timestamp":"2025-01-01T00:0');
    const r = readTrace(file);
    expect(r.messages).toEqual([meta, text('a')]);
    expect(r.tornTail).toBe(true);
    expect(r.badLines).toEqual([]);
    const lines = await collect(file);
    expect(lines[2]).toMatchObject({ line: 3, torn: true });
    expect(lines[2].message).toBeUndefined();
  });

  it('keeps an unterminated last line that is a complete record', () => {
    const file = join(dir, 'nonl.jsonl');
    writeFileSync(file, line(meta) + JSON.stringify(text('b')));
    const r = readTrace(file);
    expect(r.messages).toEqual([meta, text('b')]);
    expect(r.tornTail).toBe(false);
  });

  it('keeps unknown fields, skips blank lines, reports bad lines with their numbers and gives byte offsets', () => {
    const file = join(dir, 'mixed.jsonl');
    const odd = { ...text('ü', { future_field: [1, 2] }), extra_top: true };
    const body = line(meta) + '\n' + 'not json\n' + line({ hello: 1 }) + line(odd);
    writeFileSync(file, body);
    const r = readTrace(file);
    expect(r.messages).toEqual([meta, odd]);
    expect(r.badLines.map((b) => b.line)).toEqual([3, 4]);
    expect(r.badLines[0].error).toMatch(/not valid JSON/);
    expect(r.badLines[1].error).toMatch(/not an OmniMessage/);
    const bytes = readFileSync(file);
    expect(r.offsets[0]).toBe(0);
    expect(JSON.parse(bytes.subarray(r.offsets[1], bytes.indexOf(0x0a, r.offsets[1])).toString())).toEqual(odd);
    expect(r.tornTail).toBe(false);
  });

  it('reads CRLF lines', () => {
    const file = join(dir, 'crlf.jsonl');
    writeFileSync(file, JSON.stringify(meta) + '\r\n' + JSON.stringify(text('c')) + '\r\n');
    expect(readTrace(file).messages).toEqual([meta, text('c')]);
  });
});

describe('readTraceLines', () => {
  it('streams 100 000 lines with exact offsets, lines spanning chunk boundaries', async () => {
    const file = join(dir, 'big.jsonl');
    const ws = createWriteStream(file);
    const expectedOffsets: number[] = [];
    let off = 0;
    for (let i = 0; i < 100_000; i++) {
      const l = line(text(i % 9973 === 0 ? 'w'.repeat(3_000_000 / 20) + i : `m${i}`));
      expectedOffsets.push(off);
      off += Buffer.byteLength(l);
      if (!ws.write(l)) await new Promise<void>((r) => ws.once('drain', () => r()));
    }
    await new Promise<void>((r) => ws.end(() => r()));
    let count = 0;
    let bad = 0;
    let lastText = '';
    for await (const l of readTraceLines(file)) {
      if (l.offset !== expectedOffsets[count]) throw new Error(`offset mismatch at line ${l.line}`);
      if (!l.message) bad++;
      else lastText = (l.message.payload as { text: string }).text;
      count++;
    }
    expect(count).toBe(100_000);
    expect(bad).toBe(0);
    expect(lastText).toBe('m99999');
  });

  it('reports blank and bad lines with numbers, and lengths without the newline', async () => {
    const file = join(dir, 'lines.jsonl');
    writeFileSync(file, line(meta) + '\n' + 'oops\n');
    const lines = await collect(file);
    expect(lines.map((l) => [l.line, l.offset, l.length, !!l.message, l.error !== undefined])).toEqual([
      [1, 0, JSON.stringify(meta).length, true, false],
      [2, JSON.stringify(meta).length + 1, 0, false, false],
      [3, JSON.stringify(meta).length + 2, 4, false, true],
    ]);
  });
});
