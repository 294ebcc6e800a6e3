// How a compaction's summary sits in a compacted context (issue 10): a user text with sender "compaction" whose first
// line is a header for the model. Shared by the engine (which writes it) and the displays (which show the summary
// without the header). Pure.

export const SUMMARY_SENDER = 'compaction';
export const SUMMARY_HEADER = '[Summary of the conversation so far, written when the context was compacted]';

/** The summary's text without its header line (other harnesses' summaries come back unchanged). */
export function stripSummaryHeader(text: string): string {
  return text.startsWith(SUMMARY_HEADER) ? text.slice(SUMMARY_HEADER.length).replace(/^\n+/, '') : text;
}
