// Reading a box's output a few ms per turn of the event loop (main/environment/sandbox/read-turns.ts): past the
// budget the stream waits for the next turn; nothing is lost or reordered. Clock and scheduler are fakes here; a
// real pipe is read in the box's own tests (the flood through the box).
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readInTurns } from '../../../main/environment/sandbox/read-turns.js';

function setup(msPerChunk: number, budgetMs: number) {
  let clock = 0;
  const turns: (() => void)[] = [];
  const got: string[] = [];
  const stream = new PassThrough();
  readInTurns(
    stream,
    (c) => {
      got.push(c.toString());
      clock += msPerChunk; // handling a chunk takes this long
    },
    { budgetMs, now: () => clock, later: (fn) => turns.push(fn) },
  );
  return { stream, got, turns };
}

const tick = () => new Promise<void>((r) => setImmediate(r));

describe('readInTurns', () => {
  it('pauses the stream once a turn has spent its budget, and goes on in the next turn, in order', async () => {
    const { stream, got, turns } = setup(3, 8);
    for (let i = 0; i < 10; i++) stream.write(`c${i};`);
    await tick();
    // 3 chunks took 9 ms >= 8: the rest waits for the next turn
    expect(got).toEqual(['c0;', 'c1;', 'c2;']);
    expect(stream.isPaused()).toBe(true);
    expect(turns).toHaveLength(1);
    turns.shift()!(); // the loop's next check phase
    await tick();
    // the paused stream kept what it had read: it comes out in order, and every chunk does in the end
    while (turns.length) {
      turns.shift()!();
      await tick();
    }
    expect(got.join('')).toBe(Array.from({ length: 10 }, (_, i) => `c${i};`).join(''));
    expect(stream.isPaused()).toBe(false);
  });

  it('never pauses while the turn stays within its budget', async () => {
    const { stream, got, turns } = setup(1, 8);
    for (let i = 0; i < 5; i++) stream.write(`x${i}`);
    await tick();
    expect(got).toHaveLength(5);
    expect(stream.isPaused()).toBe(false);
    // one turn, one scheduled reset
    expect(turns).toHaveLength(1);
  });

  it('does not resume a stream that was destroyed while it waited', async () => {
    const { stream, turns } = setup(10, 8);
    stream.write('a');
    stream.write('b');
    await tick();
    expect(stream.isPaused()).toBe(true);
    stream.destroy();
    turns.shift()!();
    expect(stream.isPaused()).toBe(true);
  });
});
