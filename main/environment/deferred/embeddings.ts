// An embeddings endpoint of the configured provider, for semantic ranking of deferred tools (semantic.ts). Speaks
// the two wire formats in use: OpenAI-compatible `POST <base>/embeddings {model, input: [..]}` → `{data:
// [{embedding, index}]}` (OpenAI, vLLM, llama.cpp, LM Studio, Ollama's /v1) and Ollama's own `POST
// <host>/api/embed {model, input: [..]}` → `{embeddings: [[..]]}`. Failures throw one line naming the endpoint and
// the cause; deciding what to do then is the caller's job. No caching here (embedding-cache.ts).

export type EmbeddingsWire = 'openai' | 'ollama';

export interface EmbeddingsEndpoint {
  /** OpenAI-compatible: the API base (…/v1); Ollama: the server (http://host:11434) */
  baseUrl: string;
  model: string;
  wire: EmbeddingsWire;
  apiKey?: string;
  /** default DEFAULT_EMBED_TIMEOUT_MS */
  timeoutMs?: number;
}

/** `background`: nobody waits for the answer now (a warm-up), so it need not keep the process alive */
export type EmbedFn = (texts: readonly string[], opts?: { background?: boolean }) => Promise<number[][]>;

const DEFAULT_EMBED_TIMEOUT_MS = 15_000;

const isVector = (v: unknown): v is number[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number');

/** The embedding function of an endpoint: one request per call, vectors in the order of `texts`. */
export function embeddingsClient(ep: EmbeddingsEndpoint): EmbedFn {
  const base = ep.baseUrl.replace(/\/+$/, '');
  const url = ep.wire === 'ollama' ? `${base}/api/embed` : `${base}/embeddings`;
  return async (texts) => {
    if (texts.length === 0) return [];
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (ep.apiKey) headers.authorization = `Bearer ${ep.apiKey}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: ep.model, input: texts }),
        signal: AbortSignal.timeout(ep.timeoutMs ?? DEFAULT_EMBED_TIMEOUT_MS),
      });
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new Error(`embeddings endpoint ${url} unreachable: ${why}`, { cause: err });
    }
    if (!res.ok) {
      const body = (await res.text().catch(() => '')).slice(0, 200).replace(/\s+/g, ' ');
      throw new Error(`embeddings endpoint ${url} answered HTTP ${res.status}${body ? `: ${body}` : ''}`);
    }
    const json = (await res.json().catch(() => undefined)) as
      { data?: { embedding?: unknown; index?: number }[]; embeddings?: unknown[] } | undefined;
    let vectors: unknown[] | undefined;
    if (ep.wire === 'ollama') vectors = json?.embeddings;
    else if (Array.isArray(json?.data)) {
      vectors = [...json.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((d) => d.embedding);
    }
    if (!vectors || vectors.length !== texts.length || !vectors.every(isVector)) {
      throw new Error(`embeddings endpoint ${url} answered without ${texts.length} embedding vector(s)`);
    }
    return vectors as number[][];
  };
}
