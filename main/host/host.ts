// createHost: the application service behind both transports (Electron IPC and browser-mode WebSocket) — ONE
// handler table implementing every method of shared/api.ts, an event subscription, and an orderly dispose
// (deny pending approvals, abort runs, kill pty sessions, flush the store). Must not know about Electron or HTTP.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Envelope, EventName, Events, Method, Params, Result } from '../../shared/api.js';
import { dbPath } from '../config/home.js';
import { ensureDefaults } from '../config/load.js';
import { openStore } from '../store/index.js';
import { ApprovalBroker } from './approvals.js';
import { dispatch } from './call.js';
import type { HostContext } from './context.js';
import type { HostOptions } from './options.js';
import { EventHub } from './events.js';
import { previewOf } from './previews.js';
import { projectHandlers } from './projects.js';
import { checkpointHandlers } from './checkpoints.js';
import { composerHandlers } from './composer.js';
import { sessionContextHandlers } from './session-context.js';
import { ruleHandlers } from './rules.js';
import { forkHandlers } from './fork.js';
import { runHandlers } from './runs.js';
import { Runtime } from './runtime.js';
import { mustSession, sessionHandlers } from './sessions.js';
import { settingsHandlers } from './settings.js';
import type { HandlerTable } from './table.js';
import { acquireHostLock } from './lock.js';
import { TerminalHub } from './terminals.js';
import { traceHandlers } from './traces.js';
import { worktreeHandlers } from './worktrees.js';

export interface HostService {
  readonly handlers: HandlerTable;
  readonly home: string;
  readonly mode: 'desktop' | 'web';
  /** Validates params, runs the handler; never throws: errors come back as `{ok:false, error}`. */
  call(method: string, rawParams: unknown): Promise<Envelope<unknown>>;
  /** Typed variant of call for in-process callers (tests, CLI). */
  request<M extends Method>(method: M, params: Params<M>): Promise<Envelope<Result<M>>>;
  /** Every pushed event; returns unsubscribe. For in-process observers and a desktop window. */
  onEvent(cb: <E extends EventName>(event: E, payload: Events[E]) => void): () => void;
  /**
   * A client (a browser tab): its events and its calls. Terminal data reaches it only for the panes it shows (it
   * asked for their screen), so one tab's flood costs another tab nothing and flow control waits for the right one.
   */
  connect(cb: <E extends EventName>(event: E, payload: Events[E]) => void): HostClient;
  dispose(): Promise<void>;
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

interface HostClient {
  call(method: string, rawParams: unknown): Promise<Envelope<unknown>>;
  /** the client went: its listener and what it watched are dropped */
  close(): void;
}

export function createHost(opts: HostOptions): HostService {
  const home = resolve(opts.home);
  ensureDefaults(home);
  const releaseLock = acquireHostLock(home, opts.mode === 'web' ? 'floe web' : 'desktop');
  let store: ReturnType<typeof openStore>;
  try {
    store = openStore(dbPath(home), opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {});
  } catch (e) {
    releaseLock();
    throw e;
  }
  const events = new EventHub();
  const terminals = new TerminalHub(events);
  events.onCountChange = (n) => terminals.listenersChanged(n);
  events.onClientGone = (c) => terminals.clientGone(c);
  const broker = new ApprovalBroker(store, events);
  broker.clearStale();
  broker.clearSessionRules();
  // sessions whose rows say "running" read as failed unless a live process holds their claim (store/claims.ts);
  // a session another process (a CLI run) is running right now is left alone
  const runtime = new Runtime({ ...opts, home }, store, events, broker, terminals);
  const ctx: HostContext = { opts: { ...opts, home }, home, store, events, runtime, broker, terminals };
  const version = readVersion();

  const handlers: HandlerTable = {
    'app.info': () => ({ version, home, mode: opts.mode, platform: process.platform }),
    subscribe: () => ({ pendingApprovals: broker.list() }),
    ...projectHandlers(ctx),
    ...sessionHandlers(ctx),
    ...runHandlers(ctx),
    ...forkHandlers(ctx),
    ...composerHandlers(ctx),
    ...sessionContextHandlers(ctx),
    'approvals.list': ({ sessionId }) => broker.list(sessionId),
    'approvals.decide': ({ approvalId, decision, rule, reason }) => {
      broker.decide(approvalId, decision, rule, reason);
      return { decided: true };
    },
    'approvals.preview': ({ approvalId }) => previewOf(ctx, approvalId),
    ...ruleHandlers(ctx),
    ...checkpointHandlers(ctx),
    'commands.list': ({ sessionId }) => {
      mustSession(ctx, sessionId);
      return terminals.list(sessionId);
    },
    'commands.scrollback': async ({ sessionId, processId }, { client }) => ({
      data: await terminals.scrollback(sessionId, processId, client),
    }),
    'commands.unwatch': ({ sessionId, processId }, { client }) => {
      if (client) terminals.unwatch(sessionId, processId, client);
      return {};
    },
    'commands.write': ({ sessionId, processId, data }) => {
      terminals.write(sessionId, processId, data);
      return {};
    },
    'commands.resize': ({ sessionId, processId, cols, rows }) => {
      terminals.resize(sessionId, processId, cols, rows);
      return {};
    },
    'commands.kill': ({ sessionId, processId }) => {
      terminals.kill(sessionId, processId);
      return {};
    },
    'commands.ack': ({ sessionId, processId, chars, behind }, { client }) => {
      terminals.ack(sessionId, processId, chars, behind === true, client);
      return {};
    },
    ...traceHandlers(ctx),
    ...settingsHandlers(ctx),
    ...worktreeHandlers(ctx),
  };

  let disposed: Promise<void> | undefined;
  return {
    handlers,
    home,
    mode: opts.mode,
    call: (method, raw) =>
      disposed
        ? Promise.resolve({ ok: false, error: { code: 'unavailable', message: 'The host is shutting down.' } })
        : dispatch(handlers, method, raw),
    request: (method, params) => dispatch(handlers, method, params) as never,
    onEvent: (cb) => events.on(cb),
    connect(cb) {
      const client = {};
      const off = events.on(cb, client);
      return {
        call: (method, raw) =>
          disposed
            ? Promise.resolve({ ok: false, error: { code: 'unavailable', message: 'The host is shutting down.' } })
            : dispatch(handlers, method, raw, { client }),
        close: off,
      };
    },
    dispose() {
      disposed ??= (async () => {
        broker.dispose();
        await runtime.dispose();
        terminals.dispose();
        store.close();
        releaseLock();
      })();
      return disposed;
    },
  };
}
