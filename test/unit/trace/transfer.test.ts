// Tests for trace export (exact bytes of all parts) and import validation (line-numbered errors).
import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportTrace, validateImportedTrace } from '../../../main/trace/transfer.js';

const dir = mkdtempSync(join(tmpdir(), 'floe-transfer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const meta = JSON.stringify({
  timestamp: '2025-01-01T00:00:00.000Z',
  type: 'session_meta',
  payload: { session_id: 'session-2025-01-01-00-00-00-abcdef01', provider: 'p', model_id: 'm' },
});
const msg = JSON.stringify({
  timestamp: '2025-01-01T00:00:01.000Z',
  type: 'model_msg',
  payload: { type: 'text', role: 'user', text: 'é' },
});

describe('exportTrace', () => {
  it('concatenates the parts byte for byte, even a multi-byte character split across parts', () => {
    const whole = Buffer.from(`${meta}\n${msg}\n`, 'utf8');
    const cut = whole.indexOf(Buffer.from('é')) + 1; // inside the 2-byte é
    const a = join(dir, 'p_001.jsonl');
    const b = join(dir, 'p_002.jsonl');
    writeFileSync(a, whole.subarray(0, cut));
    writeFileSync(b, whole.subarray(cut));
    const text = exportTrace([a, b]);
    expect(Buffer.from(text, 'utf8').equals(whole)).toBe(true);
    // decoding each part on its own would have mangled the é: the export must not do that
    expect(readFileSync(a, 'utf8') + readFileSync(b, 'utf8')).not.toBe(text);
    expect(exportTrace([])).toBe('');
  });
});

describe('validateImportedTrace', () => {
  it('accepts a trace starting with session_meta and returns its id and messages', () => {
    const text = `${meta}\n\n${msg}\r\n`;
    const r = validateImportedTrace(text);
    expect(r).toEqual({
      sessionId: 'session-2025-01-01-00-00-00-abcdef01',
      messages: [JSON.parse(meta), JSON.parse(msg)],
      text,
      warnings: [],
      starts: [0, meta.length + 2],
    });
  });
  it('leaves out a torn last line with a warning, keeping the intact text; keeps an unterminated complete one', () => {
    const r = validateImportedTrace(`${meta}\n${msg}\n{"timestamp":"2025`);
    expect(r).toEqual({
      sessionId: 'session-2025-01-01-00-00-00-abcdef01',
      messages: [JSON.parse(meta), JSON.parse(msg)],
      text: `${meta}\n${msg}\n`,
      warnings: [
        'line 3 is torn (the trace ends in the middle of a record, as after a crash); it was left out and the lines before it imported',
      ],
      starts: [0, meta.length + 1],
    });
    const whole = validateImportedTrace(`${meta}\n${msg}`);
    expect('text' in whole && [whole.text, whole.warnings]).toEqual([`${meta}\n${msg}`, []]);
    // a broken line that is not the last stays an error
    expect(validateImportedTrace(`${meta}\n{"timestamp":"2025\n${msg}\n`)).toMatchObject({
      error: expect.stringMatching(/^line 2: not valid JSON/),
    });
  });
  it('names the line of the first problem', () => {
    expect(validateImportedTrace(`${msg}\n`)).toEqual({
      error: 'line 1: the first record must be a session_meta message (found model_msg). This is not a session trace.',
    });
    const bad = validateImportedTrace(`${meta}\n${msg}\n{oops\n`);
    expect('error' in bad && bad.error).toMatch(/^line 3: not valid JSON \(/);
    const notOmni = validateImportedTrace(`${meta}\n{"timestamp":1,"type":"model_msg","payload":{}}\n`);
    expect('error' in notOmni && notOmni.error).toMatch(/^line 2: not an OmniMessage/);
    expect(validateImportedTrace('\n\n')).toEqual({
      error: 'line 1: the trace is empty; expected a session_meta record first.',
    });
    const unsafe = validateImportedTrace(meta.replace('session-2025-01-01-00-00-00-abcdef01', '../../x') + '\n');
    expect('error' in unsafe && unsafe.error).toMatch(/^line 1: session_meta\.payload\.session_id must be/);
    // a 5000-character id would name a file the file system refuses: a clear error, not ENAMETOOLONG (issue 26)
    const long = validateImportedTrace(meta.replace('session-2025-01-01-00-00-00-abcdef01', 'a'.repeat(5000)) + '\n');
    expect('error' in long && long.error).toBe(
      "line 1: session_meta.payload.session_id is 5000 characters long (at most 200: it names the trace's files). " +
        "Shorten it in the file, e.g. to Floe's form session-YYYY-MM-DD-HH-mm-ss-<8 hex>.",
    );
  });
});
