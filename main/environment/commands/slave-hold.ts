// Keeps a command's output complete on Linux: node-pty can lose the last few KB a command prints right before it
// exits, because the master sees a hang-up once the last slave fd closes while data is still in flight. We hold
// our own fd on the slave side until the shell's end marker arrives (session.ts releases it then, with no timer);
// only for a shell that never prints the marker (replaced by `exec`, killed, its trap overridden) does the poll
// below decide: the command has exited and its output has gone quiet. Must not read or write terminal data.
import { closeSync, constants, openSync } from 'node:fs';
import type { PtyLike } from './pty-like.js';
import { pidExists } from '../../os/procs.js';

const POLL_MS = 20;
/** output silence after exit that counts as drained */
const QUIET_MS = 30;
/** give up waiting for silence after this long (a background child that keeps writing would hold it forever) */
const MAX_DRAIN_MS = 1000;

export interface SlaveHold {
  /** call on every data event */
  sawData(): void;
  /** lets go at once (idempotent) */
  release(): void;
}

/** Opens the pty's slave side (when the platform exposes its name) and releases it once the output has drained. */
/**
 * `onChildExit` is called once when the command's process is found gone: the caller must stop pausing the pty then,
 * or the output still buffered in the kernel is lost when node-pty closes the stream. It returns true when the pty
 * was paused until then.
 */
export function holdSlave(p: PtyLike, onChildExit?: () => boolean): SlaveHold {
  // a command in the session's long-lived sandbox: its server holds the slave inside and lets go when told
  if (p.releaseHold) {
    const release = p.releaseHold.bind(p);
    return { sawData: () => {}, release };
  }
  const name = (p as unknown as { ptsName?: unknown }).ptsName;
  let fd: number | undefined;
  if (typeof name === 'string' && name.startsWith('/dev/')) {
    try {
      fd = openSync(name, constants.O_RDWR | constants.O_NOCTTY);
    } catch {
      fd = undefined;
    }
  }
  let lastData = Date.now();
  let exitedAt: number | undefined;
  let checking = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const release = (): void => {
    if (timer) clearInterval(timer);
    timer = undefined;
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        // already closed
      }
      fd = undefined;
    }
  };
  if (fd !== undefined) {
    timer = setInterval(() => {
      const now = Date.now();
      if (exitedAt === undefined) {
        if (pidExists(p.pid)) return;
        exitedAt = now;
        // a pty the caller had paused only starts draining now: count the quiet time from here
        if (onChildExit?.()) lastData = now;
      }
      if (now - exitedAt >= MAX_DRAIN_MS) return release();
      if (now - lastData < QUIET_MS || checking) return;
      // Timers run before the loop polls for I/O: on a busy loop, data may be waiting right now. Look again after
      // this turn's poll phase, and let go only if nothing arrived meanwhile.
      checking = true;
      const seen = lastData;
      setImmediate(() => {
        checking = false;
        if (lastData === seen) release();
      });
    }, POLL_MS);
    timer.unref?.();
  }
  return {
    sawData: () => {
      lastData = Date.now();
    },
    release,
  };
}
