// The pure parts of the session box (issue 19): the messages the server inside may send and their framing
// (output as raw bytes after a header; anything malformed is dropped, never half-read), the `NSpid:` line that
// maps its pids to the host's, and the host-pid lookup on real processes.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BoxStream, dataHeader, parseHeader, type FromServer } from '../../../main/environment/sandbox/box-stream.js';
import { hostPidOf } from '../../../main/environment/sandbox/host-pid.js';
import { parseNsPids } from '../../../main/os/procs.js';

describe('parseHeader', () => {
  it('takes each well-formed header', () => {
    expect(parseHeader('{"t":"ready","pid":2}')).toEqual({ t: 'ready', pid: 2 });
    expect(parseHeader('{"t":"spawned","id":"c1","pid":7}')).toEqual({ t: 'spawned', id: 'c1', pid: 7 });
    expect(parseHeader('{"t":"data","id":"c1","n":4}')).toEqual({ t: 'data', id: 'c1', n: 4 });
    expect(parseHeader('{"t":"exit","id":"c1","code":0,"signal":15}')).toEqual({
      t: 'exit',
      id: 'c1',
      code: 0,
      signal: 15,
    });
    expect(parseHeader('{"t":"failed","id":"c2","message":"ENOENT"}')).toEqual({
      t: 'failed',
      id: 'c2',
      message: 'ENOENT',
    });
  });

  it('drops malformed lines and wrong field types', () => {
    for (const line of [
      '',
      'not json',
      '[]',
      'null',
      '{"t":"nope","id":"c1"}',
      '{"t":"spawned","id":"c1","pid":"7"}',
      '{"t":"spawned","id":1,"pid":7}',
      '{"t":"data","id":"c1","d":"text"}',
      '{"t":"data","id":"c1","n":-1}',
      '{"t":"data","id":"c1","n":2.5}',
      '{"t":"exit","id":"c1","code":1.5,"signal":0}',
      '{"t":"ready"}',
    ])
      expect(parseHeader(line), line).toBeUndefined();
  });
});

/** What the server writes for output `d` of command `id` (the same framing as pty-server.mjs). */
const frame = (id: string, d: string) => Buffer.from(dataHeader(id, Buffer.byteLength(d)) + d);

function collect(chunks: Buffer[]): FromServer[] {
  const got: FromServer[] = [];
  const s = new BoxStream((m) => got.push(m));
  for (const c of chunks) s.push(c);
  return got;
}

/** `all` cut into pieces at the given byte offsets. */
const cutAt = (all: Buffer, at: number[]) =>
  [0, ...at, all.length].slice(1).map((end, i, ends) => all.subarray(i ? ends[i - 1] : 0, end));

describe('BoxStream', () => {
  const output = 'colour \x1b[31mred\x1b[0m\r\n{"t":"exit","id":"c1","code":0,"signal":0}\n日本語 é 🎉\n';
  const all = Buffer.concat([
    Buffer.from('{"t":"ready","pid":3}\n{"t":"spawned","id":"c1","pid":9}\n'),
    frame('c1', output),
    frame('c2', 'x'),
    Buffer.from('{"t":"exit","id":"c1","code":0,"signal":0}\n'),
  ]);
  const want: FromServer[] = [
    { t: 'ready', pid: 3 },
    { t: 'spawned', id: 'c1', pid: 9 },
    { t: 'data', id: 'c1', d: output },
    { t: 'data', id: 'c2', d: 'x' },
    { t: 'exit', id: 'c1', code: 0, signal: 0 },
  ];

  it('reads headers and raw output, whose newlines and JSON-looking lines are data, not messages', () => {
    expect(collect([all])).toEqual(want);
  });

  it('gives the same messages however the pipe splits the stream (inside headers and multibyte characters)', () => {
    // byte by byte: every header and every character of the output is cut somewhere
    expect(
      collect(
        cutAt(
          all,
          Array.from({ length: all.length - 1 }, (_, i) => i + 1),
        ),
      ),
    ).toEqual(want);
    const emoji = all.indexOf(Buffer.from('🎉'));
    for (const at of [1, 10, 30, emoji + 1, emoji + 2, emoji + 3])
      expect(collect(cutAt(all, [at])), `cut at ${at}`).toEqual(want);
  });

  it("one command's output that comes in one read is handed on as one message; other messages keep their place", () => {
    const read = Buffer.concat([
      frame('c1', 'a'),
      frame('c1', 'b'),
      frame('c2', 'x'),
      frame('c1', 'c'),
      frame('c1', 'd'),
      Buffer.from('{"t":"exit","id":"c1","code":0,"signal":0}\n'),
      frame('c2', 'y'),
    ]);
    expect(collect([read])).toEqual([
      { t: 'data', id: 'c1', d: 'ab' },
      { t: 'data', id: 'c2', d: 'x' },
      { t: 'data', id: 'c1', d: 'cd' },
      { t: 'exit', id: 'c1', code: 0, signal: 0 },
      { t: 'data', id: 'c2', d: 'y' },
    ]);
  });

  it('drops a malformed header line and reads on from the next one', () => {
    const got = collect([Buffer.from('garbage\n{"t":"ready","pid":1}\n'), frame('c1', 'ok')]);
    expect(got).toEqual([
      { t: 'ready', pid: 1 },
      { t: 'data', id: 'c1', d: 'ok' },
    ]);
  });
});

describe('parseNsPids', () => {
  it('reads the pids of every namespace, outermost first', () => {
    expect(parseNsPids('Name:\tbash\nNSpid:\t41234\t17\nNSpgid:\t41234\t17\n')).toEqual([41234, 17]);
    expect(parseNsPids('NSpid:\t900\n')).toEqual([900]);
    expect(parseNsPids('Name:\tbash\n')).toEqual([]);
  });
});

describe('hostPidOf', () => {
  it('looks only at processes inside a PID namespace (a plain child is not one), and finds no unknown pid', async () => {
    const c = spawn('sleep', ['5'], { stdio: 'ignore' });
    try {
      await new Promise((r) => c.once('spawn', r));
      expect(hostPidOf(process.pid, c.pid!, 1)).toBeUndefined();
      expect(hostPidOf(process.pid, 999_999_999, 1)).toBeUndefined();
    } finally {
      c.kill('SIGKILL');
    }
  });
});
