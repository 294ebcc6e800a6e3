// The model interface every provider implements (openai-compatible, anthropic). Types only.
import type { OmniMessage, StopReason, TokenCounts, ToolSchema } from '../../shared/omni/types.js';

export type Protocol = 'openai' | 'anthropic';

/** A model as resolved from config.yaml: everything a provider needs to call it. */
export interface ResolvedModel {
  /** provider name from config.yaml */
  provider: string;
  protocol: Protocol;
  baseUrl: string;
  apiKey?: string;
  /** model id as sent to the API */
  id: string;
  vision: boolean;
  contextWindow: number;
  /** optional thinking budget (anthropic `thinking.budget_tokens`, openai `reasoning_effort` mapping) */
  thinking?: { budgetTokens?: number; effort?: 'low' | 'medium' | 'high' };
  maxOutputTokens?: number;
}

export interface ModelRequest {
  system: string;
  /**
   * Complete model_msg history (text user/assistant, thinking, tool_call, tool_call_output, image_url,
   * inline_data), in order. Providers convert it to their wire form, replaying `fidelity` byte for byte.
   */
  messages: OmniMessage[];
  tools: ToolSchema[];
  signal?: AbortSignal;
  /** default 120000 */
  timeoutMs?: number;
}

export interface ModelResult {
  /** completed, or the failure class: auth | timeout | malformed | failed | aborted */
  stopReason: StopReason;
  errorMessage?: string;
  /** this request's usage (zeros when unknown) */
  usage: TokenCounts;
  /** from a Retry-After header, when the server sent one */
  retryAfterMs?: number;
  /** HTTP status when the failure had one */
  status?: number;
  /** the prompt did not fit the model's context window */
  overflow?: boolean;
}

/**
 * One streaming request. Yields partials (start → deltas → stop) followed at once by the complete message, for
 * text, thinking and each tool call. Never throws: every failure becomes the returned ModelResult.
 */
export interface ModelClient {
  readonly model: ResolvedModel;
  stream(req: ModelRequest): AsyncGenerator<OmniMessage, ModelResult, void>;
}
