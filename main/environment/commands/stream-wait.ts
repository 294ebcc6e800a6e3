// Waiting on a command while streaming its output to the tool call (issue 9 item 4): yields the clean text of
// completed lines as they arrive, coalesced to at most one delta per STREAM_INTERVAL_MS unless STREAM_CHUNK_CHARS
// of output piled up sooner, until the command exits, the window ends or the call is aborted. A line still open is
// held back (a progress bar is not streamed half-drawn) unless output stops for IDLE_LINE_MS (a prompt waiting for
// input). The final read is the caller's, so the deltas and that read concatenate to the whole text. A new
// command's window opens when the command itself starts (waitCommandStart: the shell's start marker, after the login
// profile or snapshot loaded), so a slow profile does not eat the window. Once the call has streamed as much as it
// keeps (its maxOutputLength), reading stops until the wait ends: the rest of a flood is cut anyway, and every read
// made the model view render all of it (~17 MB in a 500 ms window of `yes`).
// Must not kill, remove or read the session's final text.
import type { CommandSession } from './session.js';

/** How a wait on a command ended. */
export type WaitOutcome = 'exited' | 'timeout' | 'aborted';

const STREAM_INTERVAL_MS = 100;
const STREAM_CHUNK_CHARS = 8 * 1024;
/** a line left open this long without more output (a prompt) is streamed as it stands */
const IDLE_LINE_MS = 500;

type Event = WaitOutcome | 'data';

/** Resolves on exit, at `deadline`, on abort, or (with `untilChars`) once that much output was taken. */
function next(
  session: CommandSession,
  deadline: number,
  signal: AbortSignal | undefined,
  untilChars: number,
): Promise<Event> {
  if (session.status === 'exited') return Promise.resolve('exited');
  if (signal?.aborted) return Promise.resolve('aborted');
  if (session.charsSeen >= untilChars) return Promise.resolve('data');
  return new Promise<Event>((resolve) => {
    let done = false;
    const finish = (e: Event): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      off();
      signal?.removeEventListener('abort', onAbort);
      resolve(e);
    };
    const onAbort = (): void => finish('aborted');
    const timer = setTimeout(() => finish('timeout'), Math.max(0, deadline - Date.now()));
    const off = session.onProgress(() => {
      if (session.status === 'exited') finish('exited');
      else if (session.charsSeen >= untilChars) finish('data');
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** How long a new command's shell may take to load the profile before its window opens anyway. */
export const START_WAIT_MS = 10_000;

/**
 * Resolves once the command itself has started (its start marker), has exited, the call was aborted, or `maxMs`
 * passed (a profile that hangs in a `bash -lc` shell).
 */
export function waitCommandStart(session: CommandSession, maxMs: number, signal?: AbortSignal): Promise<void> {
  const begun = (): boolean => session.commandStartedAt !== undefined || session.status === 'exited';
  if (begun() || signal?.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const finish = (): void => {
      clearTimeout(timer);
      off();
      signal?.removeEventListener('abort', finish);
      resolve();
    };
    const timer = setTimeout(finish, maxMs);
    const off = session.onProgress(() => {
      if (begun()) finish();
    });
    signal?.addEventListener('abort', finish, { once: true });
  });
}

/**
 * Waits up to `ms` for the command to exit, yielding complete lines on the way; returns how the wait ended. Output
 * taken after `since` characters counts as new (default: from now on; a new command passes 0, so what it printed
 * while its window was not open yet is streamed too). Once `keep` characters were yielded it only waits.
 */
export async function* waitStreaming(
  session: CommandSession,
  ms: number,
  signal?: AbortSignal,
  since = session.charsSeen,
  keep = Number.POSITIVE_INFINITY,
): AsyncGenerator<string, WaitOutcome, void> {
  const end = Date.now() + Math.max(0, ms);
  let streamed = 0;
  /** counts what was streamed; once the call has what it keeps, the rest of the wait only waits */
  const enough = async (text: string): Promise<WaitOutcome | undefined> => {
    streamed += text.length;
    if (streamed < keep) return undefined;
    const e = await next(session, end, signal, Number.POSITIVE_INFINITY);
    return e === 'data' ? 'timeout' : e;
  };
  /** output arrived that only a full read shows (a line still open, such as a prompt) */
  let open = false;
  let from: number | undefined = since;
  for (;;) {
    const after = from ?? session.charsSeen;
    from = undefined;
    const first = await next(session, open ? Math.min(end, Date.now() + IDLE_LINE_MS) : end, signal, after + 1);
    if (first === 'timeout' && Date.now() < end) {
      // quiet for a while with a line still open: a prompt waiting for input, shown as it stands
      open = false;
      const text = await session.readClean();
      if (text) yield text;
      const done = await enough(text);
      if (done) return done;
      continue;
    }
    if (first !== 'data') return first;
    // output arrived: gather more for a moment, then hand over what is complete
    const beat = Math.min(end, Date.now() + STREAM_INTERVAL_MS);
    const second = await next(session, beat, signal, session.charsSeen + STREAM_CHUNK_CHARS);
    if (second === 'exited' || second === 'aborted') return second;
    const text = await session.readCompleteLines();
    if (text) yield text;
    const done = await enough(text);
    if (done) return done;
    open = true;
    if (Date.now() >= end) return 'timeout';
  }
}
