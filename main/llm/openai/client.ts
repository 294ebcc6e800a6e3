// OpenAI-compatible provider (OpenAI, DeepSeek, Ollama, vLLM, llama.cpp …) on the official `openai` SDK:
// builds the Chat Completions request, streams it, and hands chunks to OpenAIStreamReader.
// Must not retry (maxRetries 0: the engine retries) and must not throw out of stream().
import OpenAI from 'openai';
import type { OmniMessage } from '../../../shared/omni/types.js';
import { runStream } from '../run-stream.js';
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

export class OpenAICompatibleClient implements ModelClient {
  private readonly sdk: OpenAI;

  constructor(readonly model: ResolvedModel) {
    this.sdk = new OpenAI({
      apiKey: model.apiKey || 'none',
      baseURL: model.baseUrl,
      organization: null,
      project: null,
      maxRetries: 0,
      logLevel: 'off',
    });
  }

  stream(req: ModelRequest): AsyncGenerator<OmniMessage, ModelResult, void> {
    const body = buildOpenAIBody(this.model, req);
    return runStream<unknown>({
      req,
      provider: this.model.provider,
      baseUrl: this.model.baseUrl,
      reader: new OpenAIStreamReader(),
      open: async (signal, timeoutMs) =>
        (await this.sdk.chat.completions.create(body as unknown as OpenAI.ChatCompletionCreateParamsStreaming, {
          signal,
          timeout: timeoutMs,
          maxRetries: 0,
        })) as AsyncIterable<unknown>,
    });
  }
}
