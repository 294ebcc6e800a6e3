import { describe, expect, it } from 'vitest';
import { flowAcked, flowNoListeners, flowSent, newFlow } from '../../../main/host/flow.js';

const W = { high: 100, low: 10 };

describe('terminal flow control (pure)', () => {
  it('pauses once above the high watermark and resumes only below the low one', () => {
    let s = newFlow();
    let r = flowSent(s, 60, 1, W);
    expect(r).toEqual({ state: { unacked: 60, paused: false }, action: null });
    r = flowSent(r.state, 50, 1, W);
    expect(r).toEqual({ state: { unacked: 110, paused: true }, action: 'pause' });
    r = flowSent(r.state, 5, 1, W);
    expect(r.action).toBeNull(); // already paused: no second pause
    s = r.state;
    r = flowAcked(s, 100, W);
    expect(r).toEqual({ state: { unacked: 15, paused: true }, action: null }); // 15 is not below 10
    r = flowAcked(r.state, 6, W);
    expect(r).toEqual({ state: { unacked: 9, paused: false }, action: 'resume' });
  });

  it('counts nothing while no client listens, and acks never go below zero', () => {
    expect(flowSent(newFlow(), 1_000_000, 0, W)).toEqual({ state: { unacked: 0, paused: false }, action: null });
    expect(flowAcked({ unacked: 5, paused: false }, 50, W).state.unacked).toBe(0);
  });

  it('the last listener leaving resumes a paused pty and forgets the debt', () => {
    expect(flowNoListeners({ unacked: 500, paused: true })).toEqual({ state: { unacked: 0, paused: false }, action: 'resume' });
    expect(flowNoListeners({ unacked: 5, paused: false }).action).toBeNull();
  });
});
