// The class of a failed model request — DNS, refused, unreachable, auth, not found, timeout, rate limited, server
// error — from the client's result (stop reason, HTTP status, one-line message). Used by Settings' "Test"
// (main/host/provider-failure.ts) and by the chat's request lines, so both name a failure the same way.
// Pure; must not import either side.

export type ProviderFailureKind =
  'dns' | 'refused' | 'unreachable' | 'auth' | 'not-found' | 'timeout' | 'rate-limited' | 'server' | 'other';

export interface ProviderFailureInput {
  stopReason: string;
  status?: number;
  errorMessage?: string;
}

/** Which class of failure the result is; the HTTP status wins over text, network error codes over stop reasons. */
export function failureKind(r: ProviderFailureInput): ProviderFailureKind {
  const s = r.status;
  if (s === 401 || s === 403) return 'auth';
  if (s === 404) return 'not-found';
  if (s === 408) return 'timeout';
  if (s === 429) return 'rate-limited';
  if (s !== undefined && s >= 500) return 'server';
  const text = r.errorMessage ?? '';
  if (/\b(ENOTFOUND|EAI_AGAIN|EAI_NONAME)\b/.test(text)) return 'dns';
  if (/\bECONNREFUSED\b/.test(text)) return 'refused';
  if (
    /\b(EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL|ECONNRESET|UND_ERR_SOCKET)\b/.test(text) ||
    /^unreachable:/.test(text)
  ) {
    return 'unreachable';
  }
  if (r.stopReason === 'timeout' && /^timeout:/.test(text)) return 'timeout';
  if (r.stopReason === 'auth') return 'auth';
  return 'other';
}

/** The HTTP status a request_end error message names ("… HTTP 401 …"), if any. */
export function statusInMessage(message: string | undefined): number | undefined {
  const m = /\bHTTP (\d{3})\b/.exec(message ?? '');
  return m ? Number(m[1]) : undefined;
}

/** A few words for a failed request's line in the chat: what kind of failure the latest attempt was. */
export function failureLabel(stopReason: string, errorMessage: string | undefined): string {
  const kind = failureKind({ stopReason, status: statusInMessage(errorMessage), errorMessage });
  const labels: Record<ProviderFailureKind, string> = {
    dns: 'DNS lookup failed',
    refused: 'connection refused',
    unreachable: 'unreachable',
    auth: 'bad API key',
    'not-found': 'not found',
    timeout: 'timeout',
    'rate-limited': 'rate limited',
    server: 'server error',
    other: stopReason,
  };
  return labels[kind];
}
