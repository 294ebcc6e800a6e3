// Binds the host's handler table to Electron IPC: one `ipcMain.handle('floe:call')` whose sender must be our own
// page (anything else gets `forbidden`), and host events pushed to the window with `webContents.send('floe:event')`.
// Must not implement API behaviour (main/host does) nor trust anything the renderer sends.
import type { Envelope, EventName } from '../../shared/api.js';
import type { DesktopHost } from './host-shape.js';
import { isOurPage } from './security.js';

const CALL_CHANNEL = 'floe:call';
const EVENT_CHANNEL = 'floe:event';

/** What the handler reads from Electron's IpcMainInvokeEvent. */
export interface InvokeEventLike {
  readonly senderFrame?: { readonly url: string } | null;
}

function frameUrl(event: InvokeEventLike): string | undefined {
  try {
    return event.senderFrame?.url;
  } catch {
    return undefined; // the frame navigated away or was destroyed
  }
}

/** The `floe:call` handler: sender checked against `expectedUrl()`, then the host's call; never throws. */
export function makeCallHandler(host: DesktopHost, expectedUrl: () => string) {
  return async (event: InvokeEventLike, method: unknown, params: unknown): Promise<Envelope<unknown>> => {
    const url = frameUrl(event);
    if (!isOurPage(url, expectedUrl())) {
      return {
        ok: false,
        error: {
          code: 'forbidden',
          message: `IPC from ${url ? JSON.stringify(url) : 'an unknown frame'} refused: only the Floe window may call the host.`,
        },
      };
    }
    if (typeof method !== 'string')
      return { ok: false, error: { code: 'bad_request', message: 'The method name must be a string.' } };
    try {
      return await host.call(method, params);
    } catch (e) {
      return {
        ok: false,
        error: { code: 'internal', message: `${method} failed: ${e instanceof Error ? e.message : String(e)}` },
      };
    }
  };
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: any[]) => unknown): void;
  removeHandler(channel: string): void;
}

/** Registers the call handler; returns the function that removes it. */
export function bindIpc(ipcMain: IpcMainLike, host: DesktopHost, expectedUrl: () => string): () => void {
  const handler = makeCallHandler(host, expectedUrl);
  ipcMain.handle(CALL_CHANNEL, (event: InvokeEventLike, method: unknown, params: unknown) =>
    handler(event, method, params),
  );
  return () => ipcMain.removeHandler(CALL_CHANNEL);
}

export interface EventTarget {
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
}

/** Forwards every host event to the current window (if any, and not destroyed); returns unsubscribe. */
export function forwardEvents(host: DesktopHost, target: () => EventTarget | null | undefined): () => void {
  return host.onEvent((name: EventName, payload: unknown) => {
    const wc = target();
    if (!wc || wc.isDestroyed()) return;
    try {
      wc.send(EVENT_CHANNEL, name, payload);
    } catch (e) {
      console.error(
        `Floe: could not deliver the ${name} event to the window: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
  });
}
