// Names the failure of a provider's "Test" (Settings) for a person: DNS failure, connection refused, bad key
// (401/403), wrong base URL or model (404), timeout, rate limit, server error (5xx) — each with what to check.
// Pure: takes the model client's result (stop reason, HTTP status, one-line message) and the provider's base URL.
// Must not make requests or read config. The classes themselves are shared/failure-kind.ts (the chat uses them too).
import { failureKind, type ProviderFailureInput, type ProviderFailureKind } from '../../shared/failure-kind.js';

export { failureKind, type ProviderFailureInput };

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
