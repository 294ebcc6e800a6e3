// A session's trace in the other export formats (`floe traces export --format`, `traces.exportAs`): the single-file
// HTML page, OTLP JSON and OTLP JSON Lines. Works on the exported text (all parts joined), read tolerantly as the
// reader does: lines that are not messages are skipped. No files.
import type { OmniMessage } from '../../shared/omni/types.js';
import { traceToHtml } from './html/page.js';
import { sessionToOtlp } from './otel/index.js';
import { parseTraceLine } from './reader.js';

export type ExportFormat = 'html' | 'otlp' | 'otlp-jsonl';

/** The messages of an exported trace text; lines that are not messages (a torn fragment) are skipped. */
export function messagesOfTrace(text: string): OmniMessage[] {
  const out: OmniMessage[] = [];
  for (const line of text.split('\n')) {
    const p = parseTraceLine(line);
    if ('message' in p) out.push(p.message);
  }
  return out;
}

export function exportAs(
  messages: readonly OmniMessage[],
  format: ExportFormat,
  o: { captureContent?: boolean; title?: string; sessionId: string },
): { text: string; fileName: string; mime: string } {
  if (format === 'html')
    return { text: traceToHtml(messages, { title: o.title }), fileName: `${o.sessionId}.html`, mime: 'text/html' };
  const text = sessionToOtlp(messages, format, { captureContent: o.captureContent });
  return format === 'otlp'
    ? { text, fileName: `${o.sessionId}.otlp.json`, mime: 'application/json' }
    : { text, fileName: `${o.sessionId}.otlp.jsonl`, mime: 'application/x-ndjson' };
}
