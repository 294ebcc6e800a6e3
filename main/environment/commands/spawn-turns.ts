// Turns of the event loop for starting commands. Starting a command forks: node-pty's forkpty runs synchronously
// and costs ~1–3 ms in a host process of a few hundred MB (more on a loaded machine). When many sessions start
// commands at the same moment (20 sessions whose model replies arrive together) those forks ran back to back in one
// turn of the loop and held it for tens of milliseconds, with every timer, WebSocket frame and pty read waiting.
// Here each start waits for its turn: one start per turn of the loop (a setImmediate apart), in arrival order, so
// timers and I/O run between forks. A start with nobody ahead of it goes at once. Must not fork anything itself.

const waiting: (() => void)[] = [];
/** a start went in this turn (or one is being released): later ones wait for the next turn */
let busy = false;

function nextTurn(): void {
  const go = waiting.shift();
  if (!go) {
    busy = false;
    return;
  }
  go();
  // scheduled from inside a setImmediate callback, so it runs in the next turn of the loop
  setImmediate(nextTurn);
}

/** Resolves when this caller may start its command: at once when no start went in this turn, else a turn later. */
export function startTurn(): Promise<void> {
  if (!busy) {
    busy = true;
    setImmediate(nextTurn);
    return Promise.resolve();
  }
  return new Promise<void>((resolve) => waiting.push(resolve));
}

/** Starts waiting for their turn (tests and diagnostics). */
export function startsWaiting(): number {
  return waiting.length;
}
