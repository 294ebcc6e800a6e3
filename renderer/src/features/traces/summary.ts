// Which record holds a compaction's summary, among the text records of the context that follows it: Floe marks its
// summary with sender "compaction"; another harness of the protocol may not, and then the last of them is the
// summary (the context is the user's messages, then the summary). Pure.
import type { OmniMessage } from '../../../../shared/omni/types.js';

/** Floe's first summary line, a header for the model; the UI shows the summary without it. */
const HEADER_RE = /^\[Summary of the conversation so far[^\n]*\]\n+/;

export function pickSummary(messages: readonly (OmniMessage | null)[]): string | null {
  const texts = messages
    .map((m) => (m?.payload ?? {}) as { type?: unknown; text?: unknown; sender?: unknown })
    .filter((p) => p.type === 'text' && typeof p.text === 'string');
  const chosen = texts.find((p) => p.sender === 'compaction') ?? texts[texts.length - 1];
  return chosen ? (chosen.text as string).replace(HEADER_RE, '') : null;
}
