// Anthropic provider on the official `@anthropic-ai/sdk`: builds the Messages request (thinking budget,
// max_tokens), streams raw events and hands them to AnthropicStreamReader.
// Must not retry (maxRetries 0: the engine retries) and must not throw out of stream().
import type Anthropic from '@anthropic-ai/sdk';
import type { OmniMessage } from '../../../shared/omni/types.js';
import { runStream } from '../run-stream.js';
import { registerSdkErrors } from '../sdk-errors.js';
import type { ModelClient, ModelRequest, ModelResult, ResolvedModel } from '../types.js';
import { toAnthropicMessages, toAnthropicTools } from './convert.js';
import { AnthropicStreamReader } from './stream-reader.js';

const DEFAULT_MAX_TOKENS = 8192;

/** The SDK appends `/v1/messages` itself: accept base URLs given with or without a trailing `/v1`. */
export function anthropicBaseUrl(url: string): string {
  return url.replace(/\/+$/, '').replace(/\/v1$/, '');
}

/** The request body we send (exported for tests). */
export function buildAnthropicBody(model: ResolvedModel, req: ModelRequest): Record<string, unknown> {
  let maxTokens = model.maxOutputTokens && model.maxOutputTokens > 0 ? model.maxOutputTokens : DEFAULT_MAX_TOKENS;
  const budget = model.thinking?.budgetTokens;
  const body: Record<string, unknown> = { model: model.id, messages: toAnthropicMessages(req.messages), stream: true };
  if (budget && budget > 0) {
    // max_tokens must exceed the thinking budget, with room left for the answer.
    if (maxTokens <= budget) maxTokens = budget + DEFAULT_MAX_TOKENS;
    body.thinking = { type: 'enabled', budget_tokens: budget };
  }
  body.max_tokens = maxTokens;
  if (req.system) body.system = req.system;
  if (req.tools.length) body.tools = toAnthropicTools(req.tools);
  return body;
}

/** The `@anthropic-ai/sdk` module, loaded on the first request of an Anthropic model (not at start: issue 21). */
let sdkModule: Promise<typeof import('@anthropic-ai/sdk')> | undefined;
export function loadAnthropicSdk(): Promise<typeof import('@anthropic-ai/sdk')> {
  sdkModule ??= import('@anthropic-ai/sdk').then((m) => (registerSdkErrors(m), m));
  return sdkModule;
}

export class AnthropicClient implements ModelClient {
  private sdk: Promise<Anthropic> | undefined;

  constructor(readonly model: ResolvedModel) {
    // its files are read while the session opens; its code runs at the first request
    void loadAnthropicSdk().catch(() => undefined);
  }

  private client(): Promise<Anthropic> {
    this.sdk ??= loadAnthropicSdk().then(
      ({ default: AnthropicSdk }) =>
        new AnthropicSdk({
          apiKey: this.model.apiKey || 'none',
          authToken: null,
          baseURL: anthropicBaseUrl(this.model.baseUrl),
          maxRetries: 0,
          logLevel: 'off',
        }),
    );
    return this.sdk;
  }

  stream(req: ModelRequest): AsyncGenerator<OmniMessage, ModelResult, void> {
    const body = buildAnthropicBody(this.model, req);
    return runStream<unknown>({
      req,
      provider: this.model.provider,
      baseUrl: this.model.baseUrl,
      reader: new AnthropicStreamReader(),
      open: async (signal, timeoutMs) =>
        (await (
          await this.client()
        ).messages.create(body as unknown as Anthropic.MessageCreateParamsStreaming, {
          signal,
          timeout: timeoutMs,
          maxRetries: 0,
        })) as AsyncIterable<unknown>,
    });
  }
}
