// Public entry of the model layer: createModelClient dispatches on the model's protocol.
// Must not contain provider logic itself.
import { AnthropicClient } from './anthropic/client.js';
import { OpenAICompatibleClient } from './openai/client.js';
import type { ModelClient, ResolvedModel } from './types.js';

export function createModelClient(model: ResolvedModel): ModelClient {
  return model.protocol === 'anthropic' ? new AnthropicClient(model) : new OpenAICompatibleClient(model);
}

export { AnthropicClient, buildAnthropicBody } from './anthropic/client.js';
export { OpenAICompatibleClient, buildOpenAIBody } from './openai/client.js';
export { toOpenAIMessages, toOpenAITools } from './openai/convert.js';
export { toAnthropicMessages, toAnthropicTools } from './anthropic/convert.js';
export { OpenAIStreamReader, openaiUsage } from './openai/stream-reader.js';
export { AnthropicStreamReader } from './anthropic/stream-reader.js';
export { classifyFailure, httpErrorMessage, stopReasonForStatus } from './errors.js';
export { parseRetryAfter, retryAfterFromHeaders } from './retry-after.js';
export { DEFAULT_TIMEOUT_MS } from './run-stream.js';
export type * from './types.js';
