// The host's shared state, passed to every handler module: options, the store, the event hub, the live-session
// runtime, the approval broker and the terminal hub. Types only; no behaviour.
import type { Store } from '../store/index.js';
import type { ApprovalBroker } from './approvals.js';
import type { EventHub } from './events.js';
import type { HostOptions } from './options.js';
import type { Runtime } from './runtime.js';
import type { TerminalHub } from './terminals.js';

export interface HostContext {
  readonly opts: HostOptions;
  readonly home: string;
  readonly store: Store;
  readonly events: EventHub;
  readonly runtime: Runtime;
  readonly broker: ApprovalBroker;
  readonly terminals: TerminalHub;
}
