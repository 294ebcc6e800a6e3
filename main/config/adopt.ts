// First run: writes providers found by discovery (main/llm/discover.ts) into config.yaml — each with its base URL,
// protocol, models and `api_key_env` naming the variable that holds the key, never the key itself — and sets
// default_model when none is set. Only providers with at least one model and a name not yet configured are added.
// Must not discover anything itself.
import { loadConfig } from './load.js';
import type { FloeConfig } from './schema.js';
import { addProvider, setModelChoice } from './write.js';

/** What adoption needs of a discovered provider (structurally DetectedProvider). */
export interface Adoptable {
  name: string;
  protocol: 'openai' | 'anthropic';
  baseUrl: string;
  apiKeyEnv?: string;
  models: { id: string; vision: boolean; contextWindow: number }[];
  defaultModel?: string;
}

export interface Adopted {
  config: FloeConfig;
  /** names of the providers added */
  added: string[];
  /** default_model after adoption (null when none could be set) */
  defaultModel: string | null;
}

/**
 * Adds `found` (those named in `only`, if given) to config.yaml; when no default_model is set, the first added
 * provider's default becomes it.
 */
export function adoptProviders(home: string, found: Adoptable[], only?: string[]): Adopted {
  let config = loadConfig(home);
  const added: string[] = [];
  for (const p of found) {
    if (only && !only.includes(p.name)) continue;
    if (!p.models.length || config.providers.some((q) => q.name === p.name)) continue;
    config = addProvider(home, {
      name: p.name,
      protocol: p.protocol,
      base_url: p.baseUrl,
      ...(p.apiKeyEnv ? { api_key_env: p.apiKeyEnv } : {}),
      models: p.models.map((m) => ({ id: m.id, vision: m.vision, context_window: m.contextWindow })),
    });
    added.push(p.name);
  }
  if (!config.default_model) {
    const first = found.find((p) => added.includes(p.name) && p.defaultModel);
    if (first?.defaultModel) config = setModelChoice(home, 'default_model', first.defaultModel);
  }
  return { config, added, defaultModel: config.default_model ?? null };
}
