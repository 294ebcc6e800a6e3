// The slice of the host service (main/host createHost) that the Electron glue uses, declared locally so this
// folder does not depend on the host's internals. Types only; no behaviour.
import type { Envelope, EventName } from '../../shared/api.js';

export interface DesktopHost {
  /** Validates and runs one API method; never throws (errors come back as `{ok:false, error}`). */
  call(method: string, rawParams: unknown): Promise<Envelope<unknown>>;
  /** Every pushed event; returns unsubscribe. */
  onEvent(cb: (event: EventName, payload: unknown) => void): () => void;
  /** Deny pending approvals, abort runs, kill pty sessions, flush traces and the store. */
  dispose(): Promise<void>;
}

interface DesktopHostOptions {
  home: string;
  mode: 'desktop';
  pickFolder?: () => Promise<string | null>;
  /** better-sqlite3 binary built for Electron's ABI */
  nativeBinding?: string;
}

export type CreateDesktopHost = (opts: DesktopHostOptions) => DesktopHost;
