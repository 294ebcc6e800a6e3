// The app's one Api instance (IPC when the preload exposed `window.floe`, else WebSocket to the page's host) and
// `call`, which unwraps envelopes: ok → the value, error → an ApiCallError carrying the host's message. Must not
// hold UI state.
import type { Api, ApiError, Method, Params, Result } from '../../../shared/api.js';
import { IpcApi, type FloeBridge } from './ipc-api.js';
import { WsApi } from './ws-api.js';
import { pageToken } from './page-token.js';
import { wsUrlFromPage } from './ws-frames.js';

export class ApiCallError extends Error {
  constructor(
    readonly method: string,
    readonly error: ApiError,
  ) {
    super(error.message);
    this.name = 'ApiCallError';
  }
}

let api: Api | null = null;

export function getApi(): Api {
  if (api) return api;
  const bridge = (globalThis as { floe?: FloeBridge }).floe;
  if (bridge && typeof bridge.call === 'function') api = new IpcApi(bridge);
  else {
    const token = pageToken({
      href: location.href,
      storage: typeof localStorage === 'undefined' ? null : localStorage,
      replaceUrl: (url) => history.replaceState(history.state, '', url),
    });
    api = new WsApi(wsUrlFromPage(location.href, token));
  }
  return api;
}

/** For tests: install a fake Api. */
export function setApi(a: Api): void {
  api = a;
}

export async function call<M extends Method>(method: M, params: Params<M>): Promise<Result<M>> {
  const r = await getApi().call(method, params);
  if (r.ok) return r.value;
  throw new ApiCallError(method, r.error);
}

/** A message for any error thrown by `call` or by the UI. */
export function messageOf(e: unknown): string {
  if (e instanceof ApiCallError) return e.message;
  if (e instanceof Error) return e.message;
  return String(e);
}

export const isDesktop = (): boolean => !!(globalThis as { floe?: unknown }).floe;
