// Command starts take turns of the event loop (spawn-turns.ts): many sessions starting commands at once must not
// fork back to back in one turn; timers and I/O get to run between the forks.
import { describe, expect, it } from 'vitest';
import { startsWaiting, startTurn } from '../../../main/environment/commands/spawn-turns.js';

const turn = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('command start turns', () => {
  it('the first start of a turn goes at once; the rest one per turn, in order, with due timers between', async () => {
    const order: string[] = [];
    // a fork holds the thread for a few ms (busy-waited here, so the timer below is due by the next turn)
    const fork = () => {
      const end = performance.now() + 3;
      while (performance.now() < end);
    };
    // five sessions reach their start in the same turn, with a timer due meanwhile
    setTimeout(() => order.push('timer'), 1);
    const starts = Array.from({ length: 5 }, (_, i) =>
      startTurn().then(() => {
        fork();
        order.push(`start ${i}`);
      }),
    );
    await Promise.resolve();
    expect(order).toEqual(['start 0']);
    expect(startsWaiting()).toBe(4);
    await Promise.all(starts);
    expect(order.filter((x) => x.startsWith('start'))).toEqual(['start 0', 'start 1', 'start 2', 'start 3', 'start 4']);
    // the timer, due after the first fork, did not wait for all five
    expect(order.indexOf('timer')).toBeGreaterThan(0);
    expect(order.indexOf('timer')).toBeLessThan(order.length - 1);
  });

  it('one start per turn of the loop; a start after a quiet turn goes at once', async () => {
    const turnsSeen: number[] = [];
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await Promise.all(Array.from({ length: 4 }, () => startTurn().then(() => turnsSeen.push(turns))));
    counting = false;
    // four starts in four different turns
    expect(new Set(turnsSeen).size).toBe(4);
    await turn();
    await turn();
    expect(startsWaiting()).toBe(0);
    let went = false;
    void startTurn().then(() => (went = true));
    await Promise.resolve();
    expect(went).toBe(true);
  });
});
