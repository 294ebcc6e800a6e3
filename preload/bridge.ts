// Builds the object the preload exposes as `window.floe`: `call(method, params)` for exactly the methods of
// shared/api.ts, one `on<Event>(cb) → unsubscribe` per event, and `platform`. Must never hand out ipcRenderer,
// the IPC event object, or any generic send/invoke.
import { EVENT_NAMES, METHOD_NAMES, type Envelope, type EventName } from '../shared/api.js';
import { listenerName } from '../shared/listener-names.js';

export const CALL_CHANNEL = 'floe:call';
export const EVENT_CHANNEL = 'floe:event';

/** The parts of ipcRenderer the bridge uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export type Unsubscribe = () => void;
export type FloeBridge = {
  call(method: string, params?: unknown): Promise<Envelope<unknown>>;
  platform: string;
} & Record<`on${string}`, (cb: (payload: unknown) => void) => Unsubscribe>;

const METHODS = new Set<string>(METHOD_NAMES);
const EVENTS = new Set<string>(EVENT_NAMES);

export function buildBridge(ipc: IpcRendererLike, platform: string): FloeBridge {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let attached = false;
  const attach = (): void => {
    if (attached) return;
    attached = true;
    // one IPC listener for all events; callbacks get the payload only, never the IPC event (it carries the sender)
    ipc.on(EVENT_CHANNEL, (_event, name, payload) => {
      if (typeof name !== 'string' || !EVENTS.has(name)) return;
      for (const cb of [...(listeners.get(name as EventName) ?? [])]) {
        try {
          cb(payload);
        } catch (e) {
          console.error(`Floe: a ${name} listener threw:`, e);
        }
      }
    });
  };

  const bridge: Record<string, unknown> = {
    call(method: string, params?: unknown): Promise<Envelope<unknown>> {
      if (typeof method !== 'string' || !METHODS.has(method)) {
        return Promise.resolve({
          ok: false,
          error: {
            code: 'bad_request',
            message: `Unknown method ${JSON.stringify(method)}; the desktop bridge only carries the methods of shared/api.ts.`,
          },
        });
      }
      return ipc.invoke(CALL_CHANNEL, method, params ?? {}).then(
        (r) => r as Envelope<unknown>,
        (e: unknown) => ({
          ok: false,
          error: {
            code: 'internal',
            message: `IPC call ${method} failed: ${e instanceof Error ? e.message : String(e)}`,
          },
        }),
      );
    },
    platform,
  };
  for (const name of EVENT_NAMES) {
    bridge[listenerName(name)] = (cb: (payload: unknown) => void): Unsubscribe => {
      if (typeof cb !== 'function') throw new TypeError(`${listenerName(name)} needs a callback function.`);
      attach();
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(cb);
      return () => {
        listeners.get(name)?.delete(cb);
      };
    };
  }
  return bridge as FloeBridge;
}
