// Public face of the OpenTelemetry export: a session's messages as OTLP JSON or OTLP JSON Lines, and the push of
// them to an OTLP/HTTP endpoint. Re-exports and one composing function.
import type { OmniMessage } from '../../../shared/omni/types.js';
import { encodeOtlpJson, encodeOtlpJsonLines } from './encode.js';
import { traceToSpans } from './spans.js';

export * from './encode.js';
export * from './spans.js';
export * from './push.js';
export type OtlpFormat = 'otlp' | 'otlp-jsonl';

/** The session's trace as OTLP JSON (`otlp`) or JSON Lines of requests, one per task (`otlp-jsonl`). */
export function sessionToOtlp(
  messages: readonly OmniMessage[],
  format: OtlpFormat,
  o: { captureContent?: boolean; version?: string } = {},
): string {
  const spans = traceToSpans(messages, { captureContent: o.captureContent });
  return format === 'otlp' ? encodeOtlpJson(spans, o) : encodeOtlpJsonLines(spans, o);
}
