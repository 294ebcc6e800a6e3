// Browser mode's launch token on the page side. The printed URL brings it in `?token=`; the page moves it into its
// own origin's localStorage (scoped to this scheme, host and port, so a page of another local server cannot read it)
// and takes it out of the address bar, the history and any screenshot. The WebSocket carries it in its query: the
// server never opens the API socket for a cookie (main/web/auth.ts). Pure apart from the storage and history given.

export const TOKEN_KEY = 'floe.launchToken';

export interface TokenPlace {
  href: string;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  replaceUrl: (url: string) => void;
}

/** The launch token of this page: taken from the address (then stored and removed from it) or from storage. */
export function pageToken(p: TokenPlace): string {
  const u = new URL(p.href);
  const given = u.searchParams.get('token');
  if (given) {
    try {
      p.storage?.setItem(TOKEN_KEY, given);
    } catch {
      // storage refused (private mode): the token lives in this page only
    }
    u.searchParams.delete('token');
    p.replaceUrl(`${u.pathname}${u.search}${u.hash}`);
    return given;
  }
  try {
    return p.storage?.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}
