// Terminal flow control toward panes (pure): a pane that falls behind is dropped from the live stream and
// resynchronised once it caught up; nothing here ever pauses the command.
import { describe, expect, it } from 'vitest';
import {
  flowAcked,
  flowExited,
  flowListeners,
  flowResynced,
  flowRoom,
  flowSent,
  flowSkipped,
  newFlow,
  resyncDelay,
} from '../../../main/host/flow.js';

const W = { high: 100, low: 10 };

describe('terminal flow control (pure)', () => {
  it('stops live data once above the high watermark, and resyncs only after acks below the low one', () => {
    let r = flowSent(newFlow(), 60, 1, W);
    expect(r).toEqual({ state: { mode: 'live', unacked: 60 }, action: null });
    r = flowSent(r.state, 50, 1, W);
    expect(r).toEqual({ state: { mode: 'behind', unacked: 110 }, action: 'stop' });
    r = flowAcked(r.state, 100, W);
    expect(r).toEqual({ state: { mode: 'behind', unacked: 10 }, action: null }); // 10 is not below 10
    r = flowAcked(r.state, 1, W);
    expect(r).toEqual({ state: { mode: 'resyncing', unacked: 9 }, action: 'resync' });
    expect(flowAcked(r.state, 5, W).action).toBeNull(); // one resync at a time
    expect(flowResynced(r.state, 40)).toEqual({ mode: 'live', unacked: 49 }); // the screen copy is in flight too
  });

  it('room for live data reaches just past the high watermark; none while behind; unbounded without listeners', () => {
    expect(flowRoom({ mode: 'live', unacked: 0 }, 1, W)).toBe(101);
    expect(flowRoom({ mode: 'live', unacked: 95 }, 1, W)).toBe(6);
    expect(flowRoom({ mode: 'live', unacked: 500 }, 1, W)).toBe(1);
    expect(flowRoom({ mode: 'behind', unacked: 50 }, 1, W)).toBe(0);
    expect(flowRoom({ mode: 'live', unacked: 50 }, 0, W)).toBe(Number.POSITIVE_INFINITY);
    const sent = flowSent({ mode: 'live', unacked: 0 }, flowRoom(newFlow(), 1, W), 1, W);
    expect(sent.action).toBe('stop');
  });

  it('a pane that skipped its backlog is behind: redrawn at once when little else is in flight, else after acks', () => {
    // everything in flight skipped: resync now
    expect(flowSkipped({ mode: 'live', unacked: 60 }, 60, W)).toEqual({
      state: { mode: 'resyncing', unacked: 0 },
      action: 'resync',
    });
    // more still in flight (written to xterm, not parsed yet): behind until it is acknowledged below the low mark
    let r = flowSkipped({ mode: 'live', unacked: 90 }, 50, W);
    expect(r).toEqual({ state: { mode: 'behind', unacked: 40 }, action: 'stop' });
    r = flowAcked(r.state, 35, W);
    expect(r).toEqual({ state: { mode: 'resyncing', unacked: 5 }, action: 'resync' });
    // already behind or resyncing: a skip is only an ack (one resync at a time)
    expect(flowSkipped({ mode: 'resyncing', unacked: 30 }, 30, W)).toEqual({
      state: { mode: 'resyncing', unacked: 0 },
      action: null,
    });
    expect(flowSkipped({ mode: 'behind', unacked: 30 }, 25, W).action).toBe('resync');
  });

  it('resyncs of one pane are spaced by the minimum interval', () => {
    expect(resyncDelay(1000, undefined, 200)).toBe(0);
    expect(resyncDelay(1000, 900, 200)).toBe(100);
    expect(resyncDelay(1000, 700, 200)).toBe(0);
  });

  it('a live pane that keeps up never stops, however much passes', () => {
    let s = newFlow();
    for (let i = 0; i < 1000; i++) {
      const sent = flowSent(s, 90, 1, W);
      expect(sent.action).toBeNull();
      s = flowAcked(sent.state, 90, W).state;
    }
    expect(s).toEqual({ mode: 'live', unacked: 0 });
  });

  it('counts nothing while no client listens, and acks never go below zero', () => {
    expect(flowSent(newFlow(), 1_000_000, 0, W)).toEqual({ state: { mode: 'live', unacked: 0 }, action: null });
    expect(flowAcked({ mode: 'live', unacked: 5 }, 50, W).state.unacked).toBe(0);
  });

  it('an exit while behind sends the final screen at once; an exit while live changes nothing', () => {
    expect(flowExited({ mode: 'behind', unacked: 500 })).toEqual({
      state: { mode: 'resyncing', unacked: 500 },
      action: 'resync',
    });
    expect(flowExited({ mode: 'live', unacked: 5 })).toEqual({ state: { mode: 'live', unacked: 5 }, action: null });
  });

  it('a change of clients forgets the debt and redraws a pane that was behind', () => {
    expect(flowListeners({ mode: 'behind', unacked: 500 }, 1)).toEqual({
      state: { mode: 'resyncing', unacked: 0 },
      action: 'resync',
    });
    expect(flowListeners({ mode: 'live', unacked: 500 }, 2)).toEqual({
      state: { mode: 'live', unacked: 0 },
      action: null,
    });
    expect(flowListeners({ mode: 'behind', unacked: 500 }, 0)).toEqual({
      state: { mode: 'live', unacked: 0 },
      action: null,
    });
    expect(flowListeners({ mode: 'resyncing', unacked: 500 }, 0).state.mode).toBe('resyncing');
  });
});
