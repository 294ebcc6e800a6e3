// The terminal hub with a fake command registry: batching, ack flow control, no stall without listeners,
// routing and late scrollback.
import { afterEach, describe, expect, it } from 'vitest';
import { TERMINAL_HIGH_WATERMARK, TERMINAL_LOW_WATERMARK } from '../../../shared/api.js';
import { EventHub } from '../../../main/host/events.js';
import { TerminalHub, type CommandEventLike, type CommandInfoLike, type CommandRegistryLike } from '../../../main/host/terminals.js';

class FakeRegistry implements CommandRegistryLike {
  cb?: (e: CommandEventLike) => void;
  calls: string[] = [];
  infos: CommandInfoLike[] = [];
  onEvent(cb: (e: CommandEventLike) => void) {
    this.cb = cb;
    return () => (this.cb = undefined);
  }
  list() {
    return this.infos;
  }
  write(id: string, data: string) {
    this.calls.push(`write ${id} ${data}`);
  }
  resize(id: string, c: number, r: number) {
    this.calls.push(`resize ${id} ${c}x${r}`);
  }
  kill(id: string) {
    this.calls.push(`kill ${id}`);
  }
  scrollback() {
    return '';
  }
  pause(id: string) {
    this.calls.push(`pause ${id}`);
  }
  resume(id: string) {
    this.calls.push(`resume ${id}`);
  }
  start(id: string) {
    this.cb?.({ kind: 'started', info: { id, cmd: 'yes', cwd: '/tmp', status: 'running', startedAt: Date.now(), cols: 120, rows: 40 } });
  }
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
let offs: (() => void)[] = [];
afterEach(() => {
  offs.forEach((o) => o());
  offs = [];
});

function setup() {
  const events = new EventHub();
  const hub = new TerminalHub(events);
  events.onCountChange = (n) => hub.listenersChanged(n);
  const reg = new FakeRegistry();
  hub.attach('root', 'root', reg);
  const got: { event: string; payload: any }[] = [];
  return { events, hub, reg, got, listen: () => events.on((event, payload) => got.push({ event, payload })) };
}

describe('TerminalHub', () => {
  it('batches data into few events, in order, then reports exit after the data', async () => {
    const { reg, got, listen } = setup();
    offs.push(listen());
    reg.start('proc-1');
    for (let i = 0; i < 50; i++) reg.cb!({ kind: 'data', id: 'proc-1', data: `${i},` });
    reg.cb!({ kind: 'exit', id: 'proc-1', exitCode: 3 });
    const data = got.filter((e) => e.event === 'terminal.data');
    expect(data.length).toBeLessThan(5);
    expect(data.map((e) => e.payload.data).join('')).toBe(Array.from({ length: 50 }, (_, i) => `${i},`).join(''));
    expect(got.map((e) => e.event)).toEqual(['terminal.started', ...data.map(() => 'terminal.data'), 'terminal.exit']);
    expect(got.at(-1)!.payload).toEqual({ sessionId: 'root', processId: 'proc-1', exitCode: 3 });
  });

  it('pauses above the high watermark and resumes after acks below the low one', async () => {
    const { reg, hub, listen } = setup();
    offs.push(listen());
    reg.start('proc-1');
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'x'.repeat(TERMINAL_HIGH_WATERMARK + 1) });
    await wait(30);
    expect(reg.calls).toEqual(['pause proc-1']);
    hub.ack('root', 'proc-1', TERMINAL_HIGH_WATERMARK + 1 - TERMINAL_LOW_WATERMARK);
    expect(reg.calls).toEqual(['pause proc-1']); // exactly at the low watermark: still paused
    hub.ack('root', 'proc-1', 1);
    expect(reg.calls).toEqual(['pause proc-1', 'resume proc-1']);
  });

  it('never pauses without listeners, and resumes when the last listener leaves', async () => {
    const { reg, listen } = setup();
    reg.start('proc-1');
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'x'.repeat(TERMINAL_HIGH_WATERMARK * 3) });
    await wait(30);
    expect(reg.calls).toEqual([]);
    const off = listen();
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'y'.repeat(TERMINAL_HIGH_WATERMARK + 1) });
    await wait(30);
    expect(reg.calls).toEqual(['pause proc-1']);
    off();
    expect(reg.calls).toEqual(['pause proc-1', 'resume proc-1']);
  });

  it('routes input to the owning registry, refuses other sessions, keeps scrollback after exit', async () => {
    const { reg, hub, listen } = setup();
    offs.push(listen());
    reg.start('proc-1');
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'hello ' });
    hub.write('root', 'proc-1', 'abc\n');
    hub.resize('root', 'proc-1', 80, 24);
    expect(reg.calls).toEqual(['write proc-1 abc\n', 'resize proc-1 80x24']);
    expect(() => hub.write('other', 'proc-1', 'x')).toThrow(/has no command proc-1/);
    expect(hub.list('root')[0]).toMatchObject({ id: 'proc-1', sessionId: 'root', status: 'running', cols: 80, rows: 24 });
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'world' });
    reg.cb!({ kind: 'exit', id: 'proc-1', exitCode: 0 });
    reg.cb!({ kind: 'removed', id: 'proc-1' });
    expect(hub.scrollback('root', 'proc-1')).toBe('hello world');
    expect(hub.list('root')[0]).toMatchObject({ status: 'exited', exitCode: 0 });
    expect(() => hub.write('root', 'proc-1', 'x')).toThrow(/has exited/);
  });

  it('scrollback holds what was sent; the batch still waiting arrives as the next event, so nothing repeats', async () => {
    const { reg, hub, got, listen } = setup();
    offs.push(listen());
    reg.start('proc-1');
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'sent ' });
    await new Promise((r) => setTimeout(r, 30)); // the batch goes out
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'waiting' });
    const replay = hub.scrollback('root', 'proc-1');
    expect(replay).toBe('sent ');
    await new Promise((r) => setTimeout(r, 30));
    const data = got.filter((g) => g.event === 'terminal.data').map((g) => (g.payload as { data: string }).data);
    expect(replay + data.at(-1)).toBe('sent waiting');
  });

  it('commands of a subagent are tagged with the child id and reachable through the root', () => {
    const { hub, got, listen } = setup();
    offs.push(listen());
    const child = new FakeRegistry();
    hub.attach('root', 'child-1', child);
    child.start('proc-9');
    expect(got[0]!.payload).toMatchObject({ id: 'proc-9', sessionId: 'child-1' });
    hub.kill('root', 'proc-9');
    hub.kill('child-1', 'proc-9');
    expect(child.calls).toEqual(['kill proc-9', 'kill proc-9']);
  });
});
