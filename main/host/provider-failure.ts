// Names the failure of a provider's "Test" (Settings) for a person: DNS failure, connection refused, bad key
// (401/403), wrong base URL or model (404), timeout, rate limit, server error (5xx) — each with what to check.
// Pure: takes the model client's result (stop reason, HTTP status, one-line message) and the provider's base URL.
// Must not make requests or read config.

export type ProviderFailureKind =
  'dns' | 'refused' | 'unreachable' | 'auth' | 'not-found' | 'timeout' | 'rate-limited' | 'server' | 'other';

export interface ProviderFailureInput {
  stopReason: string;
  status?: number;
  errorMessage?: string;
}

export interface ProviderFailure {
  kind: ProviderFailureKind;
  /** one line: the class first ("connection refused: …"), then the detail and what to check */
  message: string;
}

const hostOf = (baseUrl: string): string => {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
};

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

/** The message shown under the provider: the failure's class, what happened, and what to check. */
export function describeProviderFailure(r: ProviderFailureInput, baseUrl: string, provider: string): ProviderFailure {
  const kind = failureKind(r);
  const detail = r.errorMessage ?? 'no details';
  // the client's own hint ("— check the API key…") is replaced by ours
  const bare = detail.replace(/ — check .*$/, '');
  const host = hostOf(baseUrl);
  const status = r.status !== undefined ? ` (HTTP ${r.status})` : '';
  const text: Record<ProviderFailureKind, string> = {
    dns: `DNS lookup failed: the host name ${host} does not resolve — check the base URL of "${provider}"`,
    refused: `connection refused: nothing is listening at ${host} — is the server running, and is the port in the base URL right?`,
    unreachable: `cannot reach ${host}: ${detail}`,
    auth: `bad API key${status}: the server refused the key — check api_key / api_key_env of "${provider}". ${bare}`,
    'not-found': `not found${status}: ${baseUrl} has no such endpoint or model — check the base URL (OpenAI-style servers usually end in /v1) and the model id. ${bare}`,
    timeout: `timeout: ${host} accepted the request but did not answer in time. ${detail}`,
    'rate-limited': `rate limited${status}: try again later. ${detail}`,
    server: `server error${status}: the provider failed while answering — try again later or check its status. ${detail}`,
    other: detail,
  };
  return { kind, message: text[kind] };
}
