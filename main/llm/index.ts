// Public entry of the model layer: createModelClient dispatches on the model's protocol.
// Must not contain provider logic itself.
import { AnthropicClient } from './anthropic/client.js';
import { OpenAICompatibleClient } from './openai/client.js';
import type { ModelClient, ResolvedModel } from './types.js';

export function createModelClient(model: ResolvedModel): ModelClient {
  return model.protocol === 'anthropic' ? new AnthropicClient(model) : new OpenAICompatibleClient(model);
}

export { toOpenAITools } from './openai/convert.js';
export type * from './types.js';
