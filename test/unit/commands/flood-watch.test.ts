import { describe, expect, it } from 'vitest';
import { FloodWatch } from '../../../main/environment/commands/flood-priority.js';

describe('FloodWatch', () => {
  it('says once, when a 250 ms window holds more than 1 MB of output', () => {
    let t = 0;
    const w = new FloodWatch(() => t);
    expect(w.push(600_000)).toBe(false);
    t = 200;
    expect(w.push(400_000)).toBe(false); // exactly 1 MB: not more
    expect(w.push(1)).toBe(true);
    expect(w.push(5_000_000)).toBe(false); // told already
  });

  it('a steady stream below the rate never floods', () => {
    let t = 0;
    const w = new FloodWatch(() => t);
    // 3 MB/s for 10 s, in 64 KiB pieces: at most ~0.77 MB in any window
    for (let sent = 0; sent < 30_000_000; sent += 65_536) {
      expect(w.push(65_536)).toBe(false);
      t += (65_536 / 3_000_000) * 1000;
    }
  });

  it('a window starts afresh after 250 ms, so bursts spread over time do not add up', () => {
    let t = 0;
    const w = new FloodWatch(() => t);
    for (let i = 0; i < 10; i++) {
      expect(w.push(900_000)).toBe(false);
      t += 251;
    }
  });
});
