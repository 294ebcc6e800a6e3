// Zero-configuration discovery (first run): which providers this machine can use without editing config.yaml —
// an API key in the environment (OPENAI_API_KEY, ANTHROPIC_API_KEY, DEEPSEEK_API_KEY, OPENROUTER_API_KEY) or an
// Ollama server (OLLAMA_HOST, default 127.0.0.1:11434) — and their models, read from each provider's models
// endpoint. Keys are only read to call that endpoint; what is returned names the variable, never the key.
// Must not write config (config/adopt.ts does) nor decide when discovery runs (the hosts do).
import type { ResolvedModel } from './types.js';

type Protocol = ResolvedModel['protocol'];

interface KnownProvider {
  name: string;
  protocol: Protocol;
  keyEnv: string;
  /** variable that overrides the base URL (the SDKs' own convention), if any */
  baseEnv?: string;
  baseUrl: string;
  /** preferred default model ids, best first; otherwise the first model listed */
  prefer: string[];
}

export const KNOWN_PROVIDERS: readonly KnownProvider[] = [
  {
    name: 'openai',
    protocol: 'openai',
    keyEnv: 'OPENAI_API_KEY',
    baseEnv: 'OPENAI_BASE_URL',
    baseUrl: 'https://api.openai.com/v1',
    prefer: ['gpt-5', 'gpt-4.1', 'gpt-4o'],
  },
  {
    name: 'anthropic',
    protocol: 'anthropic',
    keyEnv: 'ANTHROPIC_API_KEY',
    baseEnv: 'ANTHROPIC_BASE_URL',
    baseUrl: 'https://api.anthropic.com',
    prefer: [],
  },
  {
    name: 'deepseek',
    protocol: 'openai',
    keyEnv: 'DEEPSEEK_API_KEY',
    baseUrl: 'https://api.deepseek.com/v1',
    prefer: ['deepseek-chat'],
  },
  {
    name: 'openrouter',
    protocol: 'openai',
    keyEnv: 'OPENROUTER_API_KEY',
    baseUrl: 'https://openrouter.ai/api/v1',
    prefer: [],
  },
];

/** At most this many models are offered per provider (OpenRouter lists hundreds). */
const MAX_MODELS = 40;

export interface DiscoveredModel {
  id: string;
  vision: boolean;
  contextWindow: number;
}

export interface Candidate {
  name: string;
  protocol: Protocol;
  baseUrl: string;
  /** the variable holding the key (written to config.yaml as api_key_env); absent for Ollama */
  apiKeyEnv?: string;
  /** what it was found by, for messages: "OPENAI_API_KEY" or "Ollama at http://127.0.0.1:11434" */
  source: string;
  prefer: string[];
}

export interface DetectedProvider extends Omit<Candidate, 'prefer'> {
  /** empty when the models endpoint could not be read (then `error` says why) */
  models: DiscoveredModel[];
  /** the model to use by default ("<provider>/<id>") */
  defaultModel?: string;
  error?: string;
}

/** The Ollama base URL from OLLAMA_HOST (host:port or a URL), default 127.0.0.1:11434, with /v1 appended. */
export function ollamaBaseUrl(env: NodeJS.ProcessEnv): string {
  const raw = (env.OLLAMA_HOST ?? '').trim() || '127.0.0.1:11434';
  const url = /^https?:\/\//.test(raw) ? raw : `http://${raw}`;
  return `${url.replace(/\/+$/, '')}/v1`;
}

/** The providers worth asking, from the environment alone (pure). Ollama is always a candidate (it is probed). */
export function candidates(env: NodeJS.ProcessEnv): Candidate[] {
  const out: Candidate[] = [];
  for (const k of KNOWN_PROVIDERS) {
    if (!env[k.keyEnv]?.trim()) continue;
    const base = (k.baseEnv && env[k.baseEnv]?.trim()) || k.baseUrl;
    const baseUrl = base.replace(/\/+$/, '');
    out.push({ name: k.name, protocol: k.protocol, baseUrl, apiKeyEnv: k.keyEnv, source: k.keyEnv, prefer: k.prefer });
  }
  const ollama = ollamaBaseUrl(env);
  const source = `Ollama at ${ollama.replace(/\/v1$/, '')}`;
  out.push({ name: 'ollama', protocol: 'openai', baseUrl: ollama, source, prefer: [] });
  return out;
}

/** The models endpoint of a provider: `<base>/models`, Anthropic's at `<base>/v1/models`. */
export function modelsUrl(c: Pick<Candidate, 'protocol' | 'baseUrl'>): string {
  if (c.protocol === 'anthropic') return `${c.baseUrl.replace(/\/v1$/, '')}/v1/models?limit=100`;
  return `${c.baseUrl}/models`;
}

const NOT_CHAT =
  /(embed|tts|whisper|dall-e|davinci|babbage|moderation|transcribe|audio|realtime|image|search|rerank|computer-use)/i;
const OPENAI_VISION = /^(gpt-4o|gpt-4\.1|gpt-5|o3|o4|chatgpt-4o)/;

/** Chat models from a models-endpoint answer (OpenAI-style or Anthropic's `{ data: [{ id }] }`), pure. */
export function parseModels(body: unknown, c: Pick<Candidate, 'name' | 'protocol'>): DiscoveredModel[] {
  const data = (body as { data?: unknown; models?: unknown })?.data ?? (body as { models?: unknown })?.models;
  if (!Array.isArray(data)) return [];
  const out: DiscoveredModel[] = [];
  const seen = new Set<string>();
  for (const item of data as Record<string, unknown>[]) {
    const id = typeof item?.id === 'string' ? item.id : typeof item?.name === 'string' ? item.name : '';
    if (!id || seen.has(id) || NOT_CHAT.test(id)) continue;
    seen.add(id);
    const modalities = (item.architecture as { input_modalities?: unknown } | undefined)?.input_modalities;
    const vision = Array.isArray(modalities)
      ? modalities.includes('image')
      : c.protocol === 'anthropic' || (c.name === 'openai' && OPENAI_VISION.test(id));
    const fallback = c.protocol === 'anthropic' ? 200_000 : 128_000;
    const ctx = typeof item.context_length === 'number' && item.context_length > 0 ? item.context_length : fallback;
    out.push({ id, vision, contextWindow: ctx });
  }
  return out;
}

/** The default model of a provider: the first preferred id it lists, else its first model (pure). */
export function chooseModel(models: DiscoveredModel[], prefer: string[]): string | undefined {
  for (const p of prefer) if (models.some((m) => m.id === p)) return p;
  return models[0]?.id;
}

/** Keeps at most `max` models, always including `keep`. */
function cap(models: DiscoveredModel[], keep: string | undefined, max = MAX_MODELS): DiscoveredModel[] {
  if (models.length <= max) return models;
  const head = models.slice(0, max);
  const kept = keep && !head.some((m) => m.id === keep) ? models.find((m) => m.id === keep) : undefined;
  return kept ? [...head.slice(0, max - 1), kept] : head;
}

function headers(c: Candidate, env: NodeJS.ProcessEnv): Record<string, string> {
  const key = c.apiKeyEnv ? env[c.apiKeyEnv]?.trim() : undefined;
  if (c.protocol === 'anthropic') return { 'x-api-key': key ?? '', 'anthropic-version': '2023-06-01' };
  return key ? { authorization: `Bearer ${key}` } : {};
}

function failure(e: unknown): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return 'no answer in time';
  return err?.cause?.code ?? err?.cause?.message ?? err?.message ?? String(e);
}

/** Reads one candidate's models. Never throws: a failure is returned as `error`. */
export async function discover(c: Candidate, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<DetectedProvider> {
  const { prefer, ...base } = c;
  const url = modelsUrl(c);
  try {
    const res = await fetch(url, { headers: headers(c, env), signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return { ...base, models: [], error: `${url} answered HTTP ${res.status}` };
    const all = parseModels(await res.json(), c);
    if (!all.length) return { ...base, models: [], error: `${url} lists no chat models` };
    const id = chooseModel(all, prefer);
    return { ...base, models: cap(all, id), defaultModel: `${c.name}/${id}` };
  } catch (e) {
    return { ...base, models: [], error: `${url}: ${failure(e)}` };
  }
}

/**
 * Every provider the environment offers, with its models (those whose endpoint failed carry `error`), in the
 * order of KNOWN_PROVIDERS then Ollama. An Ollama that does not answer is left out entirely (it is only a probe).
 */
export async function detectProviders(
  env: NodeJS.ProcessEnv = process.env,
  o: { timeoutMs?: number; ollamaTimeoutMs?: number } = {},
): Promise<DetectedProvider[]> {
  const found = await Promise.all(
    candidates(env).map((c) => discover(c, env, c.apiKeyEnv ? (o.timeoutMs ?? 10_000) : (o.ollamaTimeoutMs ?? 1_500))),
  );
  return found.filter((d) => d.apiKeyEnv || !d.error);
}
