// Recognises a provider's "the prompt does not fit the context window" error (issue 10): OpenAI's
// `context_length_exceeded` code, Anthropic's `request_too_large` / "prompt is too long", and the wordings of
// OpenAI-compatible servers (vLLM, llama.cpp, Ollama, LM Studio, DeepSeek, …). Pure; never throws.

/** Codes and types that mean overflow whatever the message says. */
const OVERFLOW_CODES = new Set([
  'context_length_exceeded',
  'request_too_large',
  'string_above_max_length',
  'model_context_window_exceeded',
]);

/** Wordings servers use in the message of a 400/413 for a prompt that is too long. */
const OVERFLOW_WORDINGS = [
  /context[_ ]length[_ ]exceeded/i,
  /maximum context length/i,
  /context (?:length|window|size) (?:of|is|exceeded|limit)/i,
  /exceeds? (?:the )?(?:model'?s? )?(?:maximum )?(?:context|token) (?:length|window|limit)/i,
  /prompt is too long/i,
  /input (?:is )?too long/i,
  /too many (?:input )?tokens/i,
  /reduce the length of the (?:messages|prompt|input)/i,
  /requested \d+ tokens.*(?:context|maximum)/i,
  /n_ctx|slot context|context shift is disabled/i,
];

export function isContextOverflow(e: { status?: number; type?: string; code?: string; message?: string }): boolean {
  if (e.code && OVERFLOW_CODES.has(e.code)) return true;
  if (e.type && OVERFLOW_CODES.has(e.type)) return true;
  if (e.status !== undefined && e.status !== 400 && e.status !== 413 && e.status !== 422) return false;
  return !!e.message && OVERFLOW_WORDINGS.some((re) => re.test(e.message!));
}
