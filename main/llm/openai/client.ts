// OpenAI-compatible provider (OpenAI, DeepSeek, Ollama, vLLM, llama.cpp …) on the official `openai` SDK:
// builds the Chat Completions request, streams it, and hands chunks to OpenAIStreamReader.
// Must not retry (maxRetries 0: the engine retries) and must not throw out of stream().
import type OpenAI from 'openai';
import type { OmniMessage } from '../../../shared/omni/types.js';
import { runStream } from '../run-stream.js';
import { registerSdkErrors } from '../sdk-errors.js';
import type { ModelClient, ModelRequest, ModelResult, ResolvedModel } from '../types.js';
import { toOpenAIMessages, toOpenAITools } from './convert.js';
import { OpenAIStreamReader } from './stream-reader.js';

/** The request body we send (exported for tests and request logging). */
export function buildOpenAIBody(model: ResolvedModel, req: ModelRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: model.id,
    messages: toOpenAIMessages(req.system, req.messages),
    stream: true,
    stream_options: { include_usage: true },
  };
  if (req.tools.length) body.tools = toOpenAITools(req.tools);
  if (model.maxOutputTokens) body.max_tokens = model.maxOutputTokens;
  if (model.thinking?.effort) body.reasoning_effort = model.thinking.effort;
  return body;
}

/** The `openai` module, loaded on the first request of an OpenAI-compatible model (not at start: issue 21). */
let sdkModule: Promise<typeof import('openai')> | undefined;
export function loadOpenAISdk(): Promise<typeof import('openai')> {
  sdkModule ??= import('openai').then((m) => (registerSdkErrors(m), m));
  return sdkModule;
}

export class OpenAICompatibleClient implements ModelClient {
  private sdk: Promise<OpenAI> | undefined;

  constructor(readonly model: ResolvedModel) {
    // its files are read while the session opens; its code runs at the first request
    void loadOpenAISdk().catch(() => undefined);
  }

  private client(): Promise<OpenAI> {
    this.sdk ??= loadOpenAISdk().then(
      ({ default: OpenAISdk }) =>
        new OpenAISdk({
          apiKey: this.model.apiKey || 'none',
          baseURL: this.model.baseUrl,
          organization: null,
          project: null,
          maxRetries: 0,
          logLevel: 'off',
        }),
    );
    return this.sdk;
  }

  stream(req: ModelRequest): AsyncGenerator<OmniMessage, ModelResult, void> {
    const body = buildOpenAIBody(this.model, req);
    return runStream<unknown>({
      req,
      provider: this.model.provider,
      baseUrl: this.model.baseUrl,
      reader: new OpenAIStreamReader(),
      open: async (signal, timeoutMs) =>
        (await (
          await this.client()
        ).chat.completions.create(body as unknown as OpenAI.ChatCompletionCreateParamsStreaming, {
          signal,
          timeout: timeoutMs,
          maxRetries: 0,
        })) as AsyncIterable<unknown>,
    });
  }
}
