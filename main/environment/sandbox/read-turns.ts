// Reading a flood without holding the host's event loop. libuv reads a ready pipe up to 32 times (64 KiB each) in
// one go, and Node hands every read to the 'data' listener at once, so a command printing at pipe speed kept the
// host busy for 30-240 ms at a time with a box's output (screen copy, model view, pages): a keystroke typed into
// another command, a timer, a page's request all waited behind it (bench/ui-flood: host loop delay, echo). Here
// a stream's reads in one turn of the loop may take `budgetMs` of handling; past it the stream is paused (Node then
// stops reading the pipe after the read in hand) and resumed in the loop's next check phase, after every other
// ready handle had its turn. Nothing is dropped or reordered: the paused stream keeps what it read. Pure of
// processes; the clock and the scheduler are injectable for tests.
import type { Readable } from 'node:stream';

export interface TurnOptions {
  /** ms of handling one turn of the loop may spend on this stream's reads before the stream waits a turn */
  budgetMs?: number;
  now?: () => number;
  /** runs `fn` once the loop has served its other handles (setImmediate) */
  later?: (fn: () => void) => void;
}

/**
 * 8 ms, half a frame: a keystroke's echo crosses the host twice (the key in, the echo out), so its waits behind a
 * flood stay within a frame. Without the bound one turn could take 32 reads of 64 KiB (2 MiB of output).
 */
const READ_TURN_BUDGET_MS = 8;

/** Calls `onChunk` with each chunk `stream` reads, at most about `budgetMs` of it per turn of the event loop. */
export function readInTurns(stream: Readable, onChunk: (chunk: Buffer) => void, o: TurnOptions = {}): void {
  const budget = o.budgetMs ?? READ_TURN_BUDGET_MS;
  const now = o.now ?? (() => performance.now());
  const later = o.later ?? ((fn: () => void) => void setImmediate(fn));
  let turnStart: number | null = null;
  let waiting = false;
  const nextTurn = () => {
    turnStart = null;
    if (!waiting) return;
    waiting = false;
    if (!stream.destroyed) stream.resume();
  };
  stream.on('data', (chunk: Buffer) => {
    if (turnStart === null) {
      turnStart = now();
      later(nextTurn);
    }
    onChunk(chunk);
    if (!waiting && now() - turnStart >= budget) {
      waiting = true;
      stream.pause();
    }
  });
}
