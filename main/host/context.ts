// The host's shared state, passed to every handler module: options, the store, the event hub, the live-session
// runtime, the approval broker and the terminal hub. Types and the options shape only; no behaviour.
import type { ModelClient, ResolvedModel } from '../llm/types.js';
import type { Store } from '../store/index.js';
import type { ApprovalBroker } from './approvals.js';
import type { EventHub } from './events.js';
import type { Runtime } from './runtime.js';
import type { TerminalHub } from './terminals.js';

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

export interface HostContext {
  readonly opts: HostOptions;
  readonly home: string;
  readonly store: Store;
  readonly events: EventHub;
  readonly runtime: Runtime;
  readonly broker: ApprovalBroker;
  readonly terminals: TerminalHub;
}
