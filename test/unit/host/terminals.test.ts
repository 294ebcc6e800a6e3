// The terminal hub with a fake command registry: batching, flow control that never pauses the command (a pane that
// falls behind is dropped from the live stream and resynchronised with the host's screen), routing, late panes.
import xtermHeadless from '@xterm/headless';
import { afterEach, describe, expect, it } from 'vitest';
import { settle, tick, until, useFakeClock } from '../../helpers/fake-clock.js';
import { TERMINAL_BATCH_MS, TERMINAL_HIGH_WATERMARK, TERMINAL_LOW_WATERMARK } from '../../../shared/api.js';
import { EventHub } from '../../../main/host/events.js';
import type { CommandEvent, CommandSessionInfo } from '../../../main/environment/commands/registry.js';
import { TerminalHub, type HubRegistry } from '../../../main/host/terminals.js';

const { Terminal } = xtermHeadless;

class FakeRegistry implements HubRegistry {
  cb?: (e: CommandEvent) => void;
  calls: string[] = [];
  infos: CommandSessionInfo[] = [];
  onEvent(cb: (e: CommandEvent) => void) {
    this.cb = cb;
    return () => (this.cb = undefined);
  }
  list() {
    return this.infos;
  }
  write(id: string, data: string) {
    this.calls.push(`write ${id} ${data}`);
    return true;
  }
  resize(id: string, c: number, r: number) {
    this.calls.push(`resize ${id} ${c}x${r}`);
    return true;
  }
  kill(id: string) {
    this.calls.push(`kill ${id}`);
    return true;
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
    const now = Date.now();
    this.cb?.({
      kind: 'started',
      info: {
        id,
        cmd: 'yes',
        cwd: '/tmp',
        pid: 1,
        status: 'running',
        startedAt: now,
        lastUsedAt: now,
        cols: 40,
        rows: 6,
      },
    });
  }
}

// The hub's batching and resync run on timers: the tests drive a fake clock instead of sleeping on the real one.
useFakeClock();
const wait = tick;

/** The first row of a terminal that drew `data` (the serialised screens are escape sequences, not text). */
async function screenOf(data: string): Promise<string> {
  const t = new Terminal({ cols: 40, rows: 6, allowProposedApi: true });
  await settle(new Promise<void>((r) => t.write(data, r)));
  const text = t.buffer.active.getLine(0)!.translateToString(true);
  t.dispose();
  return text;
}
let offs: (() => void)[] = [];
afterEach(() => {
  offs.forEach((o) => o());
  offs = [];
});

function setup() {
  const events = new EventHub();
  const hub = new TerminalHub(events);
  events.onCountChange = (n) => hub.listenersChanged(n);
  events.onClientGone = (c) => hub.clientGone(c);
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

  it('output after a quiet spell (an echo) goes out at once; output that keeps coming waits for the batch', async () => {
    const { reg, got, listen } = setup();
    offs.push(listen());
    reg.start('proc-1');
    const data = () => got.filter((e) => e.event === 'terminal.data').map((e) => e.payload.data);
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'q' });
    expect(data()).toEqual(['q']); // no timer had to run
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'b' });
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'c' });
    expect(data()).toEqual(['q']);
    await wait(TERMINAL_BATCH_MS);
    expect(data()).toEqual(['q', 'bc']);
    await wait(TERMINAL_BATCH_MS * 2);
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'd' });
    expect(data()).toEqual(['q', 'bc', 'd']);
  });

  it('a pane that does not ack never pauses the command: live data stops, and after acks the screen is redrawn', async () => {
    const { reg, hub, got, listen } = setup();
    offs.push(listen());
    reg.start('proc-1');
    const line = (i: number) => `line ${i}\r\n`;
    let i = 0;
    while (i < 30_000)
      reg.cb!({ kind: 'data', id: 'proc-1', data: Array.from({ length: 100 }, () => line(i++)).join('') });
    await wait(30);
    expect(reg.calls).toEqual([]); // never paused
    const live = got.filter((e) => e.event === 'terminal.data').reduce((n, e) => n + e.payload.data.length, 0);
    expect(live).toBe(TERMINAL_HIGH_WATERMARK + 1); // in flight is bounded; the rest (~350 KB) was dropped
    expect(hub.flowOf('proc-1')?.mode).toBe('behind');
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'more while behind\r\n' });
    await wait(30);
    expect(got.filter((e) => e.event === 'terminal.data').reduce((n, e) => n + e.payload.data.length, 0)).toBe(live);
    hub.ack('root', 'proc-1', live - TERMINAL_LOW_WATERMARK); // exactly at the low watermark: still behind
    expect(hub.flowOf('proc-1')?.mode).toBe('behind');
    hub.ack('root', 'proc-1', 1);
    await until(() => got.some((e) => e.event === 'terminal.resync'));
    const rs = got.find((e) => e.event === 'terminal.resync')!.payload;
    expect(rs).toMatchObject({ sessionId: 'root', processId: 'proc-1' });
    expect(rs.data).toContain('more while behind');
    expect(rs.data).toContain('line 29999');
    expect(hub.flowOf('proc-1')).toEqual({ mode: 'live', unacked: TERMINAL_LOW_WATERMARK - 1 + rs.data.length });
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'after' });
    await wait(30);
    expect(got.at(-1)).toMatchObject({ event: 'terminal.data', payload: { data: 'after' } }); // live again
    expect(reg.calls).toEqual([]);
  });

  it('a pane that skipped its backlog (ack with behind) gets the current screen, then live data again', async () => {
    const { reg, hub, got, listen } = setup();
    offs.push(listen());
    reg.start('proc-1');
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'first\r\n'.repeat(100) });
    await wait(30);
    const sent = got.filter((e) => e.event === 'terminal.data').reduce((n, e) => n + e.payload.data.length, 0);
    expect(hub.flowOf('proc-1')).toEqual({ mode: 'live', unacked: sent });
    // the pane dropped all of it unparsed: nothing in flight any more, so it is redrawn right away
    hub.ack('root', 'proc-1', sent, true);
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'while redrawing\r\n' });
    await until(() => got.some((e) => e.event === 'terminal.resync'));
    const rs = got.find((e) => e.event === 'terminal.resync')!.payload;
    expect(rs.data).toContain('first');
    // nothing went out live between the skip and the screen copy (what came while the copy was made follows it)
    const at = got.findIndex((e) => e.event === 'terminal.resync');
    expect(got.slice(0, at).filter((e) => e.event === 'terminal.data')).toHaveLength(1);
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'after' });
    await wait(30);
    expect(got.at(-1)).toMatchObject({ event: 'terminal.data', payload: { data: 'after' } });
    expect((await settle(hub.screenText('proc-1')))?.join('\n')).toContain('while redrawing');
    // an exited, settled command: its final screen
    reg.cb!({ kind: 'exit', id: 'proc-1', exitCode: 0 });
    await until(() => got.some((e) => e.event === 'terminal.exit'));
    await wait(300); // the final screen settles (settleExited)
    const before = got.filter((e) => e.event === 'terminal.resync').length;
    hub.ack('root', 'proc-1', 0, true);
    await until(() => got.filter((e) => e.event === 'terminal.resync').length > before);
    expect(got.at(-1)!.payload.data).toContain('after');
    expect(reg.calls).toEqual([]);
  });

  it('a command that exits while its pane is behind sends the final screen without waiting for acks', async () => {
    const { reg, hub, got, listen } = setup();
    offs.push(listen());
    reg.start('proc-1');
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'x'.repeat(TERMINAL_HIGH_WATERMARK + 1) + '\r\nthe end' });
    await wait(30);
    expect(hub.flowOf('proc-1')?.mode).toBe('behind');
    reg.cb!({ kind: 'exit', id: 'proc-1', exitCode: 0 });
    await until(() => got.some((e) => e.event === 'terminal.resync'));
    expect(got.find((e) => e.event === 'terminal.resync')!.payload.data).toContain('the end');
    expect((await settle(hub.screenText('proc-1')))?.join('\n')).toContain('the end');
    expect(reg.calls).toEqual([]);
  });

  it('counts nothing without listeners, and a change of clients redraws a pane that was behind', async () => {
    const { reg, hub, got, listen } = setup();
    reg.start('proc-1');
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'x'.repeat(TERMINAL_HIGH_WATERMARK * 3) });
    await wait(30);
    expect(hub.flowOf('proc-1')).toEqual({ mode: 'live', unacked: 0 });
    const off = listen();
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'y'.repeat(TERMINAL_HIGH_WATERMARK + 1) });
    await wait(30);
    expect(hub.flowOf('proc-1')?.mode).toBe('behind');
    offs.push(listen()); // a second window connects
    await until(() => got.some((e) => e.event === 'terminal.resync'));
    expect(hub.flowOf('proc-1')?.mode).toBe('live');
    off();
    expect(reg.calls).toEqual([]);
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
    expect(hub.list('root')[0]).toMatchObject({
      id: 'proc-1',
      sessionId: 'root',
      status: 'running',
      cols: 80,
      rows: 24,
    });
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'world' });
    reg.cb!({ kind: 'exit', id: 'proc-1', exitCode: 0 });
    reg.cb!({ kind: 'removed', id: 'proc-1' });
    expect(await screenOf(await settle(hub.scrollback('root', 'proc-1')))).toBe('hello world');
    expect(hub.list('root')[0]).toMatchObject({ status: 'exited', exitCode: 0 });
    expect(() => hub.write('root', 'proc-1', 'x')).toThrow(/has exited/);
  });

  it('a late pane gets the screen so far; the batch still waiting goes out before the answer, so nothing repeats', async () => {
    const { reg, hub, got, listen } = setup();
    offs.push(listen());
    reg.start('proc-1');
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'sent ' });
    await wait(30); // the batch goes out
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'waiting' });
    const answer = hub.scrollback('root', 'proc-1');
    reg.cb!({ kind: 'data', id: 'proc-1', data: ' later' }); // arrives while the copy is being made
    const before = got.filter((g) => g.event === 'terminal.data').map((g) => g.payload.data as string);
    expect(before).toEqual(['sent ', 'waiting']); // flushed before the answer: covered by it
    expect(await screenOf(await settle(answer))).toBe('sent waiting');
    await wait(30);
    const after = got.filter((g) => g.event === 'terminal.data').map((g) => g.payload.data as string);
    expect(after.slice(before.length)).toEqual([' later']);
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

  /** A pane as the renderer draws one: live data written in order, a resync as a reset plus the screen. */
  async function paneRows(got: { event: string; payload: any }[]): Promise<string[]> {
    const t = new Terminal({ cols: 40, rows: 6, allowProposedApi: true });
    for (const e of got) {
      if (e.event === 'terminal.data') t.write(e.payload.data);
      if (e.event === 'terminal.resync') t.write('\x1bc' + e.payload.data);
    }
    await settle(new Promise<void>((r) => t.write('', r)));
    const b = t.buffer.active;
    const rows = Array.from({ length: 6 }, (_, y) => b.getLine(b.viewportY + y)!.translateToString(true));
    t.dispose();
    return rows;
  }

  it('the command exits while a resync copy is made: pane and final screen both end on the last output', async () => {
    const { reg, hub, got, listen } = setup();
    offs.push(listen());
    reg.start('proc-1');
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'x'.repeat(TERMINAL_HIGH_WATERMARK + 1) + '\r\nbehind' });
    await wait(30);
    expect(hub.flowOf('proc-1')?.mode).toBe('behind');
    hub.ack('root', 'proc-1', TERMINAL_HIGH_WATERMARK + 1); // caught up: the screen copy is being made now
    // the last output and the exit arrive while the copy is made
    reg.cb!({ kind: 'data', id: 'proc-1', data: '\r\nlast words' });
    reg.cb!({ kind: 'exit', id: 'proc-1', exitCode: 0 });
    await until(() => got.some((e) => e.event === 'terminal.resync'));
    await wait(50);
    const pane = await paneRows(got);
    expect(pane.join('\n')).toContain('last words');
    expect(await settle(hub.screenText('proc-1'))).toEqual(pane);
    // what a pane opened now would draw (the final screen) is the same
    const final = await settle(hub.scrollback('root', 'proc-1'));
    expect(await paneRows([{ event: 'terminal.resync', payload: { data: final } }])).toEqual(pane);
  });

  it('a resync while a late pane’s screen copy is being made still covers what arrived meanwhile', async () => {
    const { reg, hub, got, listen } = setup();
    offs.push(listen());
    reg.start('proc-1');
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'x'.repeat(TERMINAL_HIGH_WATERMARK + 1) + '\r\none' });
    await wait(30);
    expect(hub.flowOf('proc-1')?.mode).toBe('behind');
    const answer = hub.scrollback('root', 'proc-1'); // a pane opens: its copy is being made
    reg.cb!({ kind: 'data', id: 'proc-1', data: '\r\ntwo' }); // behind: not sent live
    hub.ack('root', 'proc-1', TERMINAL_HIGH_WATERMARK + 1); // caught up while that copy is still being made
    await settle(answer);
    await until(() => got.some((e) => e.event === 'terminal.resync'));
    await wait(30);
    reg.cb!({ kind: 'data', id: 'proc-1', data: '\r\nthree' });
    await wait(30);
    const pane = await paneRows(got);
    expect(pane.slice(-3)).toEqual(['one', 'two', 'three']);
    expect(await settle(hub.screenText('proc-1'))).toEqual(pane);
  });

  it('clients get live data only for the panes they show; others hear of a command once; acks count only from watchers', async () => {
    const { reg, hub, events } = setup();
    const a = {};
    const b = {};
    const gotA: { event: string; payload: any }[] = [];
    const gotB: { event: string; payload: any }[] = [];
    offs.push(events.on((event, payload) => gotA.push({ event, payload }), a));
    offs.push(events.on((event, payload) => gotB.push({ event, payload }), b));
    const chars = (got: typeof gotA, event = 'terminal.data') =>
      got.filter((e) => e.event === event).reduce((n, e) => n + e.payload.data.length, 0);
    reg.start('proc-1');
    expect(gotB.map((e) => e.event)).toEqual(['terminal.started']); // every client hears of a new command
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'first\r\n' });
    await wait(30);
    // nobody watches yet: each client gets the first output once (its pane may open on it)
    expect(chars(gotA)).toBe(7);
    expect(chars(gotB)).toBe(7);
    await settle(hub.scrollback('root', 'proc-1', a)); // A's pane opens: A watches
    for (let i = 0; i < 10; i++) reg.cb!({ kind: 'data', id: 'proc-1', data: `more ${i}\r\n` });
    await wait(30);
    expect(chars(gotA)).toBe(7 + 10 * 8);
    expect(chars(gotB)).toBe(7); // B was told already, and shows no pane of it
    // B's acks are not A's: flow control waits for the watcher only
    const before = hub.flowOf('proc-1')!.unacked;
    expect(before).toBe(80);
    hub.ack('root', 'proc-1', 80, false, b);
    expect(hub.flowOf('proc-1')!.unacked).toBe(80);
    hub.ack('root', 'proc-1', 80, false, a);
    expect(hub.flowOf('proc-1')!.unacked).toBe(0);
    // a flood leaves A behind; its resync goes to A alone
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'y'.repeat(TERMINAL_HIGH_WATERMARK + 10) });
    await wait(30);
    expect(hub.flowOf('proc-1')?.mode).toBe('behind');
    hub.ack('root', 'proc-1', TERMINAL_HIGH_WATERMARK + 1, false, a);
    await until(() => gotA.some((e) => e.event === 'terminal.resync'));
    expect(gotB.some((e) => e.event === 'terminal.resync')).toBe(false);
    // A's pane closes: no more live data for A
    const seenA = chars(gotA);
    hub.unwatch('root', 'proc-1', a);
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'after\r\n' });
    await wait(30);
    expect(chars(gotA)).toBe(seenA);
    // a client that goes stops being a watcher
    await settle(hub.scrollback('root', 'proc-1', b));
    offs.pop()!(); // B disconnects
    reg.cb!({ kind: 'data', id: 'proc-1', data: 'late\r\n' });
    await wait(30);
    expect(chars(gotB)).toBe(7);
    expect(hub.flowOf('proc-1')).toEqual({ mode: 'live', unacked: 0 }); // nobody to wait for
  });
});
