// The pane's frame budget (issue 21): at most a frame's parsing per frame, one frame's worth in xterm at a time,
// and a backlog beyond a few frames skipped for the host's screen. Time is given, never read (pure).
import { describe, expect, it } from 'vitest';
import { PaneFeed } from '../../../renderer/src/features/terminal/feed.js';

const cfg = { budgetMs: 8, maxBacklogFrames: 4, initialRate: 1000, minRate: 100, maxRate: 10_000 };

describe('PaneFeed', () => {
  it('hands xterm one frame budget at a time, and more only after it was parsed', () => {
    const feed = new PaneFeed(cfg);
    expect(feed.frameChars).toBe(8000);
    expect(feed.push('a'.repeat(5000))).toBe(0);
    expect(feed.push('b'.repeat(5000))).toBe(0);
    const first = feed.frame();
    expect(first).toEqual({ write: 'a'.repeat(5000) + 'b'.repeat(3000), skipped: 0 });
    expect(feed.backlog).toBe(2000);
    // not parsed yet: the next frame hands over nothing
    expect(feed.frame()).toEqual({ write: '', skipped: 0 });
    feed.parsed(8000, 8); // 1000 chars/ms: the rate stays
    expect(feed.rate).toBe(1000);
    expect(feed.frame()).toEqual({ write: 'b'.repeat(2000), skipped: 0 });
    expect(feed.wantsFrame).toBe(false);
  });

  it('follows the measured parse rate within its bounds; small samples do not count', () => {
    const feed = new PaneFeed(cfg);
    feed.push('x'.repeat(8000));
    feed.frame();
    feed.parsed(8000, 80); // 100 chars/ms: slower than thought
    expect(feed.rate).toBeCloseTo(1000 * 0.7 + 100 * 0.3);
    expect(feed.frameChars).toBe(Math.floor(feed.rate * 8));
    const before = feed.rate;
    feed.parsed(100, 1000); // a GC pause on a tiny write says nothing about parsing
    expect(feed.rate).toBe(before);
    for (let i = 0; i < 50; i++) feed.parsed(10_000, 10_000);
    expect(feed.rate).toBe(100); // floor: one slow stretch must not starve the pane
    for (let i = 0; i < 50; i++) feed.parsed(1_000_000, 1);
    expect(feed.rate).toBe(10_000);
  });

  it('skips a backlog it cannot parse within its frames, drops data until the host screen comes, then goes on', () => {
    const feed = new PaneFeed(cfg);
    feed.push('y'.repeat(8000 * 4)); // exactly four frames: still drawn
    expect(feed.frame().write).toHaveLength(8000);
    feed.parsed(8000, 8);
    feed.push('z'.repeat(8001)); // now more than four frames' worth is waiting
    expect(feed.frame()).toEqual({ write: '', skipped: 24000 + 8001 });
    expect(feed.skipping).toBe(true);
    expect(feed.backlog).toBe(0);
    expect(feed.push('late')).toBe(4); // dropped at once while the screen is on its way
    expect(feed.frame()).toEqual({ write: '', skipped: 0 });
    expect(feed.resynced()).toBe(0);
    expect(feed.skipping).toBe(false);
    expect(feed.push('live')).toBe(0);
    expect(feed.frame()).toEqual({ write: 'live', skipped: 0 });
  });

  it('what is queued when the host screen arrives is covered by it; data in xterm counts toward the backlog', () => {
    const feed = new PaneFeed(cfg);
    feed.push('q'.repeat(9000));
    feed.frame(); // 8000 in flight, 1000 queued
    expect(feed.resynced()).toBe(1000);
    expect(feed.backlog).toBe(0);
    feed.push('r'.repeat(8000 * 3 + 1)); // with the 8000 still in xterm: over four frames
    expect(feed.frame().skipped).toBe(8000 * 3 + 1);
  });

  it('never cuts between the halves of a surrogate pair', () => {
    const feed = new PaneFeed({ ...cfg, initialRate: 0.5, minRate: 0.1 }); // 4 characters per frame
    feed.push('abc\u{1F600}def');
    expect(feed.frame().write).toBe('abc');
    feed.parsed(3, 1);
    expect(feed.frame().write).toBe('\u{1F600}de');
  });

  it('small data with nothing waiting goes to xterm at once; anything else waits for a frame', () => {
    const f = new PaneFeed({ budgetMs: 1, initialRate: 10_000 });
    f.push('q');
    expect(f.atOnce()).toBe('q'); // an echo: at once, counted in flight
    f.push('r');
    expect(f.atOnce()).toBe(''); // the previous write is not parsed yet: order and budget are the frames' job
    f.parsed(1, 1);
    expect(f.atOnce()).toBe('r');
    f.parsed(1, 1);
    f.push('x'.repeat(1025));
    expect(f.atOnce()).toBe(''); // too big: a frame's budget at a time
    expect(f.frame().write).toHaveLength(1025);
    f.parsed(1025, 1);
    f.push('a');
    f.push('b');
    expect(f.atOnce()).toBe('ab');
    f.parsed(2, 1);
    // while skipping nothing is written
    const g = new PaneFeed({ budgetMs: 1, initialRate: 10, maxBacklogFrames: 1 });
    g.push('y'.repeat(100));
    expect(g.frame().skipped).toBe(100);
    g.push('z');
    expect(g.atOnce()).toBe('');
  });
});
