// Model resolution (SPEC §8): "provider/id" → the ResolvedModel a provider client needs, and the list of
// configured models. Pure over a validated FloeConfig and an environment; must not read files or call APIs.
import type { ResolvedModel } from '../llm/types.js';
import type { FloeConfig } from './schema.js';

export interface ModelListing {
  /** "provider/id" */
  ref: string;
  provider: string;
  id: string;
  protocol: ResolvedModel['protocol'];
  vision: boolean;
  contextWindow: number;
  isDefault: boolean;
  isVisionModel: boolean;
}

/** A model reference that names nothing configured; `available` lists what is. */
export class ModelNotFoundError extends Error {
  override readonly name = 'ModelNotFoundError';
  readonly code = 'bad_request' as const;
  constructor(
    message: string,
    readonly ref: string,
    readonly available: string[],
  ) {
    super(message);
  }
}

/** Every configured model, in file order. */
export function listModels(config: FloeConfig): ModelListing[] {
  return config.providers.flatMap((p) =>
    p.models.map((m) => {
      const ref = `${p.name}/${m.id}`;
      return {
        ref,
        provider: p.name,
        id: m.id,
        protocol: p.protocol,
        vision: m.vision,
        contextWindow: m.context_window,
        isDefault: config.default_model === ref,
        isVisionModel: config.vision_model === ref,
      };
    }),
  );
}

/** Splits "provider/id" at the first "/" (model ids may contain "/" themselves). */
export function splitModelRef(ref: string): { provider: string; id: string } | undefined {
  const i = ref.indexOf('/');
  if (i <= 0 || i === ref.length - 1) return undefined;
  return { provider: ref.slice(0, i), id: ref.slice(i + 1) };
}

/**
 * Resolves "provider/id". The API key comes from `api_key`, or from the environment variable named by
 * `api_key_env`; when that variable is unset the key is left absent (the call then fails as `auth`).
 * Throws ModelNotFoundError (listing the configured models) for an unknown provider or model.
 */
export function resolveModel(config: FloeConfig, ref: string, env: NodeJS.ProcessEnv = process.env): ResolvedModel {
  const available = listModels(config).map((m) => m.ref);
  const hint = available.length
    ? `Configured models: ${available.join(', ')}.`
    : 'No models are configured: add a provider to config.yaml (see the comment at its top).';
  const parts = splitModelRef(ref);
  if (!parts) {
    throw new ModelNotFoundError(
      `Invalid model "${ref}": expected "<provider>/<model id>", e.g. "local/qwen3". ${hint}`,
      ref,
      available,
    );
  }
  const provider = config.providers.find((p) => p.name === parts.provider);
  if (!provider) {
    const names = config.providers.map((p) => p.name);
    throw new ModelNotFoundError(
      `Unknown provider "${parts.provider}" in model "${ref}"${names.length ? ` (providers: ${names.join(', ')})` : ''}. ${hint}`,
      ref,
      available,
    );
  }
  const model = provider.models.find((m) => m.id === parts.id);
  if (!model) {
    throw new ModelNotFoundError(
      `Unknown model "${parts.id}" for provider "${provider.name}" (its models: ${provider.models.map((m) => m.id).join(', ')}). ${hint}`,
      ref,
      available,
    );
  }
  const apiKey = provider.api_key ?? (provider.api_key_env ? env[provider.api_key_env] || undefined : undefined);
  const resolved: ResolvedModel = {
    provider: provider.name,
    protocol: provider.protocol,
    baseUrl: provider.base_url,
    id: model.id,
    vision: model.vision,
    contextWindow: model.context_window,
  };
  if (apiKey !== undefined) resolved.apiKey = apiKey;
  if (model.thinking_budget !== undefined) resolved.thinking = { budgetTokens: model.thinking_budget };
  if (model.max_output_tokens !== undefined) resolved.maxOutputTokens = model.max_output_tokens;
  return resolved;
}
