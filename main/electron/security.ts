// Electron's security checklist as pure functions and small installers: the BrowserWindow options, the check that
// an IPC sender is our own page, the CSP response-header rewrite, navigation / window.open / <webview> denial and
// the permission policy (notifications for our page only, everything else refused). Must not create windows or
// talk to the host.
import type { BrowserWindowConstructorOptions, Session, WebContents } from 'electron';

/** The one window's options: isolated, sandboxed, no Node in the page, our preload; webSecurity left untouched. */
export function windowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 760,
    minHeight: 520,
    title: 'Floe',
    show: false,
    backgroundColor: '#1e1e1e',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      spellcheck: false,
    },
  };
}

/**
 * True when `url` is our renderer page: for a file:// page the same file (query and hash ignored); for the dev
 * server the same origin. Anything else — other files, other hosts, about:blank, garbage — is foreign.
 */
export function isOurPage(url: unknown, expected: string): boolean {
  if (typeof url !== 'string' || url === '') return false;
  let u: URL;
  let e: URL;
  try {
    u = new URL(url);
    e = new URL(expected);
  } catch {
    return false;
  }
  if (e.protocol === 'file:') {
    return u.protocol === 'file:' && u.host === e.host && safeDecode(u.pathname) === safeDecode(e.pathname);
  }
  if (e.protocol === 'http:' || e.protocol === 'https:') return u.origin === e.origin;
  return false;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Response headers with our CSP replacing any policy the response carried (header names compared case-insensitively). */
export function withCsp(headers: Record<string, string[] | string> | undefined, csp: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(headers ?? {})) {
    if (k.toLowerCase() === 'content-security-policy') continue;
    out[k] = Array.isArray(v) ? v : [v];
  }
  out['Content-Security-Policy'] = [csp];
  return out;
}

/** The parts of WebContents the hardening touches (a fake implements these in tests). */
export type HardenableContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/** Denies every navigation away from the loaded page, every window.open / target=_blank, and every <webview>. */
export function hardenContents(contents: HardenableContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

export type SecurableSession = {
  webRequest: Pick<Session['webRequest'], 'onHeadersReceived'>;
} & Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;

/** The one permission the app uses: web notifications, so "approval needed" reaches an unfocused window. */
const ALLOWED_PERMISSION = 'notifications';

/** Whether `permission` asked by a page at `url` is granted: notifications, and only for our own page. */
function permissionGranted(permission: string, url: unknown, expected: string): boolean {
  return permission === ALLOWED_PERMISSION && isOurPage(url, expected);
}

/** The URL of the page asking: the requesting URL Electron reports, else the asking contents' own URL. */
function askingUrl(contents: unknown, reported: unknown): unknown {
  if (typeof reported === 'string' && reported) return reported;
  try {
    return (contents as { getURL?: () => string } | null)?.getURL?.();
  } catch {
    return undefined;
  }
}

/**
 * Installs the CSP header on every response of the session and the permission policy: notifications are granted
 * to our page (`expected`, see isOurPage), every other permission request and check is refused.
 */
export function secureSession(ses: SecurableSession, csp: string, expected: string): void {
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withCsp(details.responseHeaders, csp) });
  });
  ses.setPermissionRequestHandler((contents, permission, callback, details) => {
    const reported = (details as { requestingUrl?: string } | undefined)?.requestingUrl;
    callback(permissionGranted(permission, askingUrl(contents, reported), expected));
  });
  ses.setPermissionCheckHandler((contents, permission, requestingOrigin, details) => {
    const reported = (details as { requestingUrl?: string } | undefined)?.requestingUrl;
    const url = reported || askingUrl(contents, undefined) || requestingOrigin;
    return permissionGranted(permission, url, expected);
  });
}
