// Sending OTLP JSON to an OTLP/HTTP traces endpoint (a collector, Langfuse's `/api/public/otel`, Phoenix…): one POST
// of `application/json` per request body, to `<endpoint>/v1/traces` unless the endpoint already names that path.
// Failures come back as one sentence naming the endpoint and what to check; nothing is retried or thrown.

export interface OtlpEndpoint {
  /** the base URL (`…/v1/traces` is appended) or the full traces URL */
  endpoint: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** The URL the spans are posted to. */
export function tracesUrl(endpoint: string): string {
  const u = endpoint.replace(/\/+$/, '');
  return /\/v1\/traces$/.test(u) ? u : `${u}/v1/traces`;
}

/** Posts each body (one OTLP JSON request) in order; stops at the first failure. */
export async function pushOtlp(
  bodies: readonly string[],
  to: OtlpEndpoint,
): Promise<{ sent: number } | { error: string }> {
  const url = tracesUrl(to.endpoint);
  let sent = 0;
  for (const body of bodies) {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(to.headers ?? {}) },
        body,
        signal: AbortSignal.timeout(to.timeoutMs ?? 30_000),
      });
    } catch (e) {
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      const why = cause?.code ?? cause?.message ?? (e as Error).message;
      return { error: `could not reach ${url} (${why}); check otlp.endpoint in config.yaml and that the server runs` };
    }
    if (!res.ok) {
      const text = (await res.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 200);
      const hint = res.status === 401 || res.status === 403 ? '; check otlp.headers (the credentials)' : '';
      return { error: `${url} answered ${res.status} ${res.statusText}${text ? `: ${text}` : ''}${hint}` };
    }
    await res.arrayBuffer().catch(() => undefined);
    sent++;
  }
  return { sent };
}
