// Unit tests of the transcript's follow state (renderer/src/features/chat/follow.ts).
import { describe, expect, it } from 'vitest';
import { atBottom, initialFollow, onScroll, onUserUp } from '../../../renderer/src/features/chat/follow.js';

const m = (top: number, height = 2000, client = 500) => ({ top, height, client });

describe('transcript follow state', () => {
  it('counts a few pixels above the end as the bottom', () => {
    expect(atBottom(m(1500))).toBe(true);
    expect(atBottom(m(1460))).toBe(true);
    expect(atBottom(m(1400))).toBe(false);
  });

  it('stays stuck when content grows or the list corrects its scroll without the person', () => {
    let s = onScroll(initialFollow(), m(1500), false);
    s = onScroll(s, m(1200, 3000), false); // a correction upward, nobody touched anything
    expect(s.stuck).toBe(true);
  });

  it('unsticks when the person scrolls up, and sticks again back at the bottom', () => {
    let s = onScroll(initialFollow(), m(1500), false);
    s = onScroll(s, m(1000), true);
    expect(s.stuck).toBe(false);
    s = onScroll(s, m(1200), true);
    expect(s.stuck).toBe(false);
    s = onScroll(s, m(1500), true);
    expect(s.stuck).toBe(true);
  });

  it('once the person scrolled up, a scroll to the bottom they did not make does not resume following', () => {
    let s = onScroll(initialFollow(), m(1500), false);
    s = onUserUp(s);
    s = onScroll(s, m(900), true);
    expect(s.stuck).toBe(false);
    s = onScroll(s, m(1500), false); // the list's own correction lands at the end
    expect(s.stuck).toBe(false);
    s = onScroll(s, m(1500), true); // the person goes back down themselves
    expect(s.stuck).toBe(true);
  });

  it('right after a wheel up, a correction that lands at the end does not count as the person going down', () => {
    let s = onScroll(initialFollow(), m(1500), false);
    s = onUserUp(s);
    s = onScroll(s, m(1500), true, true); // within the input window, but their input was upward
    expect(s.stuck).toBe(false);
    s = onScroll(s, m(1500), true, false); // a downward input (wheel down, End, scrollbar) at the end
    expect(s.stuck).toBe(true);
  });

  it('a wheel up unsticks at once, and the first small step of a smooth scroll does not re-stick', () => {
    let s = onScroll(initialFollow(), m(1500), false);
    s = onUserUp(s);
    expect(s.stuck).toBe(false);
    s = onScroll(s, m(1480), false); // still within the slack, but moving up
    expect(s.stuck).toBe(false);
  });
});
