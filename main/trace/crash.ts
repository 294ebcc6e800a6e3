// Crash records: when a session's claim is found left by a process that died mid-task, the next process to run
// the session closes what the dead one left open — a `request_begin` without its `request_end` gets one with
// status `aborted` — and appends a `host_died` event (pid and kind of the dead process), distinct from a user's
// `abort`. Written through the TraceWriter, so a torn last line is healed first.
import { eventMsg } from '../../shared/omni/builders.js';
import type { OmniMessage } from '../../shared/omni/types.js';
import { findTraceFiles } from './paths.js';
import { readTrace } from './reader.js';
import { TraceWriter, type AppendListener } from './writer.js';

export interface DeadHolder {
  pid: number;
  kind: string;
  /** when it claimed the session (ISO) */
  at?: string;
}

/** True when the last `request_begin` of `messages` has no `request_end` after it. */
function requestOpen(messages: OmniMessage[]): boolean {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.type !== 'event_msg') continue;
    const t = (m.payload as { type?: string }).type;
    if (t === 'request_end') return false;
    if (t === 'request_begin') return true;
  }
  return false;
}

/**
 * Appends the crash records to the session's last trace part. Returns false when the session has no trace.
 * `listener` sees each appended record (to index it).
 */
export function recordHostDied(
  home: string,
  sessionId: string,
  dead: DeadHolder,
  listener?: (file: string) => AppendListener,
): boolean {
  const files = findTraceFiles(home, sessionId);
  const file = files[files.length - 1];
  if (!file) return false;
  const messages = readTrace(file).messages;
  const w = TraceWriter.open(file, listener?.(file));
  try {
    const what = `${dead.kind} (pid ${dead.pid})`;
    if (requestOpen(messages)) {
      w.append(
        eventMsg({
          type: 'request_end',
          status: 'aborted',
          error_message: `the process running the session died: ${what}`,
        }),
      );
    }
    w.append(eventMsg({ type: 'host_died', pid: dead.pid, kind: dead.kind, ...(dead.at ? { since: dead.at } : {}) }));
  } finally {
    w.close();
  }
  return true;
}
