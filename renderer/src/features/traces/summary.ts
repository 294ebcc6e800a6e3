// Which record holds a compaction's summary, among the text records of the context that follows it: Floe marks its
// summary with sender "compaction"; another harness of the protocol may not, and then the last of them is the
// summary (the context is the user's messages, then the summary). Pure.
import { SUMMARY_SENDER, stripSummaryHeader } from '../../../../shared/omni/summary.js';
import type { OmniMessage } from '../../../../shared/omni/types.js';

export function pickSummary(messages: readonly (OmniMessage | null)[]): string | null {
  const texts = messages
    .map((m) => (m?.payload ?? {}) as { type?: unknown; text?: unknown; sender?: unknown })
    .filter((p) => p.type === 'text' && typeof p.text === 'string');
  const chosen = texts.find((p) => p.sender === SUMMARY_SENDER) ?? texts[texts.length - 1];
  return chosen ? stripSummaryHeader(chosen.text as string) : null;
}
