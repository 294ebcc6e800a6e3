// The pure parts of the session box (issue 19): the messages the server inside may send (anything else is dropped,
// never half-read), the `NSpid:` line that maps its pids to the host's, and the host-pid lookup on real processes.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseFromServer } from '../../../main/environment/sandbox/box.js';
import { hostPidOf } from '../../../main/environment/sandbox/host-pid.js';
import { parseNsPids } from '../../../main/os/procs.js';

describe('parseFromServer', () => {
  it('takes each well-formed message', () => {
    expect(parseFromServer('{"t":"ready","pid":2}')).toEqual({ t: 'ready', pid: 2 });
    expect(parseFromServer('{"t":"spawned","id":"c1","pid":7}')).toEqual({ t: 'spawned', id: 'c1', pid: 7 });
    expect(parseFromServer('{"t":"data","id":"c1","d":"hi\\r\\n"}')).toEqual({ t: 'data', id: 'c1', d: 'hi\r\n' });
    expect(parseFromServer('{"t":"exit","id":"c1","code":0,"signal":15}')).toEqual({
      t: 'exit',
      id: 'c1',
      code: 0,
      signal: 15,
    });
    expect(parseFromServer('{"t":"failed","id":"c2","message":"ENOENT"}')).toEqual({
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
      '{"t":"data","id":"c1","d":5}',
      '{"t":"exit","id":"c1","code":1.5,"signal":0}',
      '{"t":"ready"}',
    ])
      expect(parseFromServer(line), line).toBeUndefined();
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
