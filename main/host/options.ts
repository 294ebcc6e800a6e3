// What a host is created with (createHost): FLOE_HOME, desktop or browser mode, and the knobs tests and the
// desktop pass through. Its own file so the runtime and the host context both use it without importing each other.
import type { ModelClient, ResolvedModel } from '../llm/types.js';

export interface HostOptions {
  /** FLOE_HOME */
  home: string;
  mode: 'desktop' | 'web';
  modelClientFactory?: (m: ResolvedModel) => ModelClient;
  retrySchedule?: readonly number[];
  requestTimeoutMs?: number;
  /** native folder picker (desktop); absent in browser mode */
  pickFolder?: () => Promise<string | null>;
  /** better-sqlite3 binary for another runtime (Electron) */
  nativeBinding?: string;
}
