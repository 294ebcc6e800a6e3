// Tests for TraceWriter on real temp files: one line per record, healing a torn last line, refusals, offsets,
// a 3 MB record amid concurrent appends (in-process and from another process), and a full disk.
import { describe, it, expect, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TraceWriter } from '../../../main/trace/writer.js';
import { readTrace } from '../../../main/trace/reader.js';
import { assistantText, modelMsg, sessionMeta, userText, withOrigin } from '../../../shared/omni/builders.js';
import type { OmniMessage } from '../../../shared/omni/types.js';

const dir = fs.mkdtempSync(join(tmpdir(), 'floe-writer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const tmp = () => join(dir, `t${++n}`, 'deep', 'trace.jsonl');

const meta = () =>
  sessionMeta({
    session_id: 'session-2025-01-01-00-00-00-00000000',
    provider: 'p',
    model_id: 'm',
    model_context_window: 1000,
    system_prompt: 'sys',
    agent_state: {},
    workspace: '/w',
  });

describe('TraceWriter basics', () => {
  it('creates folders, writes one JSON line per record and returns each record offset', () => {
    const file = tmp();
    const seen: [number, number][] = [];
    const w = TraceWriter.open(file, (offset, length) => seen.push([offset, length]));
    const msgs: OmniMessage[] = [meta(), userText('héllo\nworld'), assistantText('ok', 'completed')];
    const offsets = msgs.map((m) => w.append(m));
    w.close();
    const bytes = fs.readFileSync(file);
    const text = bytes.toString('utf8');
    expect(text.split('\n')).toHaveLength(4);
    expect(text.endsWith('\n')).toBe(true);
    expect(
      text
        .split('\n')
        .slice(0, 3)
        .map((l) => JSON.parse(l)),
    ).toEqual(msgs);
    const r = readTrace(file);
    expect(r.offsets).toEqual(offsets);
    expect(seen.map((s) => s[0])).toEqual(offsets);
    for (const [off, len] of seen) expect(bytes[off + len - 1]).toBe(0x0a);
    expect(seen.reduce((a, s) => a + s[1], 0)).toBe(bytes.length);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
  });

  it('appends to an existing trace without losing lines across reopenings', () => {
    const file = tmp();
    for (let round = 0; round < 5; round++) {
      const w = TraceWriter.open(file);
      for (let i = 0; i < 20; i++) w.append(userText(`r${round} i${i}`));
      w.close();
    }
    const r = readTrace(file);
    expect(r.messages).toHaveLength(100);
    expect((r.messages[57].payload as { text: string }).text).toBe('r2 i17');
    expect(r.badLines).toEqual([]);
    expect(r.tornTail).toBe(false);
  });

  it('refuses partials and origin-tagged messages with a clear error, writing nothing', () => {
    const file = tmp();
    const w = TraceWriter.open(file);
    expect(() => w.append(modelMsg({ type: 'partial_text', event_type: 'delta', text: 'x' }))).toThrow(
      /Refusing to write to trace file .*trace\.jsonl: streaming partial "partial_text"/,
    );
    expect(() => w.append(withOrigin(userText('child'), 'session-child'))).toThrow(/carrying "origin"/);
    w.close();
    expect(fs.readFileSync(file, 'utf8')).toBe('');
    expect(() => w.append(userText('late'))).toThrow(/writer is closed/);
  });

  it('reports open failures with the file and the cause', () => {
    const blocker = join(dir, 'blocker');
    fs.writeFileSync(blocker, 'x');
    expect(() => TraceWriter.open(join(blocker, 'sub', 'trace.jsonl'))).toThrow(/Cannot open trace file .*blocker/);
  });
});

describe('healing a torn last line', () => {
  it('appends a newline before the first new record when the last line is torn', () => {
    const file = tmp();
    const w0 = TraceWriter.open(file);
    w0.append(meta());
    w0.append(userText('first'));
    w0.close();
    const good = fs.readFileSync(file);
    fs.appendFileSync(file, '{"timestamp":"2025-01-01T00:00:00.000Z","type":"model_msg","payl');
    const torn = readTrace(file);
    expect(torn.tornTail).toBe(true);
    expect(torn.messages).toHaveLength(2);

    const w = TraceWriter.open(file);
    expect(w.healPending).toBe(true);
    const off = w.append(userText('after crash'));
    expect(w.healPending).toBe(false);
    w.append(userText('and more'));
    w.close();
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, good.length).equals(good)).toBe(true);
    expect(bytes[off - 1]).toBe(0x0a);
    const r = readTrace(file);
    expect(r.messages.map((m) => (m.payload as { text?: string }).text)).toEqual([
      undefined,
      'first',
      'after crash',
      'and more',
    ]);
    expect(r.offsets[2]).toBe(off);
    expect(r.badLines).toHaveLength(1);
    expect(r.badLines[0].line).toBe(3);
    expect(r.tornTail).toBe(false);
  });

  it('does not add a newline to a file that ends cleanly or is empty', () => {
    const file = tmp();
    fs.mkdirSync(join(file, '..'), { recursive: true });
    fs.writeFileSync(file, '');
    const w = TraceWriter.open(file);
    expect(w.healPending).toBe(false);
    expect(w.append(userText('a'))).toBe(0);
    w.close();
    const w2 = TraceWriter.open(file);
    expect(w2.healPending).toBe(false);
    w2.close();
  });
});

describe('concurrency', () => {
  it('keeps a 3 MB record intact amid concurrent small appends from async callers', async () => {
    const file = tmp();
    const w = TraceWriter.open(file);
    const big = 'x'.repeat(3 * 1024 * 1024 - 10) + 'ünïcode✓';
    const tick = () => new Promise<void>((r) => setImmediate(r));
    const small = async (k: number) => {
      for (let i = 0; i < 50; i++) {
        await tick();
        w.append(userText(`c${k}-${i}`));
      }
    };
    const second = TraceWriter.open(file); // a second writer on the same file, as after a reopen
    await Promise.all([
      small(0),
      small(1),
      (async () => {
        await tick();
        await tick();
        second.append(assistantText(big));
      })(),
      small(2),
    ]);
    w.close();
    second.close();
    const r = readTrace(file);
    expect(r.badLines).toEqual([]);
    expect(r.messages).toHaveLength(151);
    const texts = r.messages.map((m) => (m.payload as { text: string }).text);
    expect(texts.filter((t) => t === big)).toHaveLength(1);
    for (let k = 0; k < 3; k++) expect(texts.filter((t) => t.startsWith(`c${k}-`))).toHaveLength(50);
  });

  it('keeps records whole while another process appends to the same file', async () => {
    const file = tmp();
    const w = TraceWriter.open(file);
    w.append(meta());
    const script = `
      const fs = require('fs');
      const fd = fs.openSync(process.argv[1], 'a');
      process.stdout.write('go\\n');
      for (let i = 0; i < 3000; i++) {
        fs.writeSync(fd, JSON.stringify({ timestamp: 't', type: 'event_msg', payload: { type: 'request_begin', i } }) + '\\n');
      }
      fs.closeSync(fd);`;
    const child = spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.once('data', () => resolve());
        child.once('error', reject);
      });
      const big = 'y'.repeat(3 * 1024 * 1024);
      for (let i = 0; i < 20; i++) w.append(i === 5 ? assistantText(big) : userText(`p${i}`));
      const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
      expect(code).toBe(0);
    } finally {
      child.kill('SIGKILL');
      w.close();
    }
    const r = readTrace(file);
    expect(r.badLines).toEqual([]);
    expect(r.tornTail).toBe(false);
    expect(r.messages).toHaveLength(1 + 20 + 3000);
    expect(r.messages.filter((m) => (m.payload as { text?: string }).text?.length === 3 * 1024 * 1024)).toHaveLength(1);
  });
});

describe('a full disk', () => {
  it('throws an error naming the file and ENOSPC, and earlier lines stay intact (injected fs)', () => {
    const file = tmp();
    let failNext = false;
    const w = TraceWriter.open(file, {
      fs: {
        writeSync: (fd, buf, off, len) => {
          if (failNext) {
            fs.writeSync(fd, buf, off, Math.floor(len / 2)); // part of the record reaches the disk
            throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
          }
          return fs.writeSync(fd, buf, off, len);
        },
      },
    });
    w.append(meta());
    w.append(userText('kept'));
    const before = fs.readFileSync(file);
    failNext = true;
    let err: Error | undefined;
    try {
      w.append(assistantText('z'.repeat(10000)));
    } catch (e) {
      err = e as Error;
    }
    expect(err?.message).toBe(
      `Cannot append to trace file ${file}: no space left on device (ENOSPC). Free some disk space, then continue; earlier records are intact.`,
    );
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    failNext = false;
    w.append(userText('after space was freed'));
    w.close();
    const r = readTrace(file);
    expect(r.badLines).toEqual([]);
    expect(r.messages.map((m) => (m.payload as { text?: string }).text)).toEqual([
      undefined,
      'kept',
      'after space was freed',
    ]);
  });

  // Linux has /dev/full (every write fails with ENOSPC); elsewhere this case is reported as skipped, saying what
  // stays unexercised: the real kernel ENOSPC path (the case above covers the same handling with an injected one).
  const haveDevFull = fs.existsSync('/dev/full');
  if (!haveDevFull)
    console.warn('[writer] no /dev/full here: the real-device ENOSPC case is skipped (injected ENOSPC still runs)');
  it.skipIf(!haveDevFull)('reports ENOSPC from a real device (/dev/full through a symlink)', () => {
    const link = join(dir, 'full.jsonl');
    fs.symlinkSync('/dev/full', link);
    const w = TraceWriter.open(link);
    try {
      expect(() => w.append(userText('x'))).toThrow(
        `Cannot append to trace file ${link}: no space left on device (ENOSPC).`,
      );
    } finally {
      w.close();
    }
  });
});
