// What a command session needs of its pseudo-terminal: node-pty's IPty, or a command in the session's long-lived
// sandbox (RemotePty in sandbox/box.ts), whose host pid may only be known after a round trip (`pidKnown`) and
// whose slave side is held by the server inside (`releaseHold`). Types only.
import type { IPty } from 'node-pty';

export type PtyLike = Pick<IPty, 'pid' | 'onData' | 'onExit' | 'write' | 'resize' | 'pause' | 'resume'> & {
  /** resolves with the host pid once known (0: the command was gone before the host could see it) */
  pidKnown?: Promise<number>;
  /** lets go of the slave side held inside (the host saw the end marker) */
  releaseHold?: () => void;
};
