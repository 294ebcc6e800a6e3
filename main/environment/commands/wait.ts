// Waiting on a command for a tool call: resolves on exit, at the end of the window, or on abort — whichever comes
// first — and leaves no timer or listener behind. Must not kill, read or remove the session.
import type { CommandSession } from './session.js';

export type WaitOutcome = 'exited' | 'timeout' | 'aborted';

export function waitForCommand(session: CommandSession, ms: number, signal?: AbortSignal): Promise<WaitOutcome> {
  if (session.status === 'exited') return Promise.resolve('exited');
  if (signal?.aborted) return Promise.resolve('aborted');
  return new Promise<WaitOutcome>((resolve) => {
    let done = false;
    const finish = (o: WaitOutcome): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(o);
    };
    const onAbort = (): void => finish('aborted');
    const timer = setTimeout(() => finish('timeout'), Math.max(0, ms));
    signal?.addEventListener('abort', onAbort, { once: true });
    void session.exited.then(() => finish('exited'));
  });
}
