// Calling the host service in process from integration tests: a call that must succeed, waiting for one event,
// and running a task to its end. Shared by the host, settings, rules, checkpoints and trace integration tests.
import type { HostService } from '../../main/host/index.js';

/** Calls `method`; a refusal throws with its code and message (the test fails there, saying why). */
export async function ok<T = any>(h: HostService, method: string, params: unknown = {}): Promise<T> {
  const r = await h.call(method, params);
  if (!r.ok) throw new Error(`${method}: ${r.error.code}: ${r.error.message}`);
  return r.value as T;
}

/** The payload of the first event `pred` accepts, within `ms`. */
export function until(h: HostService, pred: (event: string, p: any) => boolean, ms = 20_000): Promise<any> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => {
      off();
      reject(new Error('timed out waiting for an event'));
    }, ms);
    const off = h.onEvent((event, p) => {
      if (!pred(event, p)) return;
      clearTimeout(t);
      off();
      resolve(p);
    });
  });
}

/** Runs a task in `sessionId` and returns the status it ended with. */
export async function runToEnd(h: HostService, sessionId: string, prompt: string): Promise<string> {
  const done = until(h, (e, p) => e === 'session.status' && p.sessionId === sessionId && p.status !== 'running');
  await ok(h, 'sessions.run', { sessionId, prompt });
  return (await done).status;
}
