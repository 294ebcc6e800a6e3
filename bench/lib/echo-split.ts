// Where a keystroke's echo spends its time (bench/ui-flood.ts): the host notes when a key reaches it (the
// commands.write call) and when its echo leaves it for the page (the terminal.data event handed to that page's
// client); the page measures keydown → echo parsed. Pairing them per key splits each echo into the time inside
// the host, its sandbox box and the shell, and the time outside it (the page, the WebSocket both ways, and the
// host's loop before it dispatches the call). Pure.

/**
 * Per key, the host part (echo out − key in) and the outside part (page latency − host part). Each key is paired
 * with the first echo at or after it that no earlier key took; keys without one are left out. The page's latencies
 * are per key in the same order; when their count differs from the keys' the outside parts are not computed.
 */
export function splitEcho(
  keysIn: readonly number[],
  echoesOut: readonly number[],
  pageLatencies: readonly number[],
): { host: number[]; outside: number[] } {
  const host: number[] = [];
  const outside: number[] = [];
  let e = 0;
  keysIn.forEach((k, i) => {
    while (e < echoesOut.length && echoesOut[e]! < k) e++;
    if (e >= echoesOut.length) return;
    const part = echoesOut[e]! - k;
    e++;
    host.push(part);
    if (pageLatencies.length === keysIn.length) outside.push(Math.max(0, pageLatencies[i]! - part));
  });
  return { host, outside };
}
