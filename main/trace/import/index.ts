// Traces of other formats turned into Floe's (OmniMessage JSON Lines) before the ordinary import checks: OTLP JSON
// (Floe's own OpenTelemetry export or another GenAI instrumentation's), Claude Code session files and Codex rollout
// files. A text already in the OmniMessage protocol passes through untouched, byte for byte. Pure: no files.
import type { OmniMessage } from '../../../shared/omni/types.js';
import { claudeCodeToMessages, looksLikeClaudeCode } from './claude-code.js';
import { codexToMessages, looksLikeCodex } from './codex.js';
import { otlpToMessages } from './otlp.js';

export type TraceFormat = 'floe' | 'otlp' | 'claude-code' | 'codex';

/** The JSON values of the first `max` non-blank lines (a line that does not parse is null). */
function firstValues(text: string, max: number): unknown[] {
  const out: unknown[] = [];
  for (const line of text.split('\n')) {
    if (out.length >= max) break;
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line));
    } catch {
      out.push(null);
    }
  }
  return out;
}

const isOtlp = (v: unknown): boolean =>
  !!v && typeof v === 'object' && Array.isArray((v as { resourceSpans?: unknown }).resourceSpans);

/** Which format a trace text is in (`floe` when nothing else matches: its checks then say what is wrong). */
export function detectTraceFormat(text: string): TraceFormat {
  if (text.trimStart().startsWith('{')) {
    try {
      if (isOtlp(JSON.parse(text))) return 'otlp'; // one (often pretty-printed) OTLP JSON document
    } catch {
      /* JSON Lines */
    }
  }
  const values = firstValues(text, 20);
  if (isOtlp(values[0])) return 'otlp';
  if (looksLikeCodex(values)) return 'codex';
  if (looksLikeClaudeCode(values)) return 'claude-code';
  return 'floe';
}

const jsonl = (messages: readonly OmniMessage[]): string => messages.map((m) => JSON.stringify(m) + '\n').join('');

/**
 * The text as Floe's trace format: unchanged when it is already, converted otherwise. Errors name the format and
 * the line.
 */
export function toFloeTrace(text: string): { format: TraceFormat; text: string } | { error: string } {
  const format = detectTraceFormat(text);
  if (format === 'floe') return { format, text };
  let r: { messages: OmniMessage[] } | { error: string };
  if (format === 'otlp') r = otlpToMessages(text);
  else {
    const lines = text
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => {
        try {
          return JSON.parse(l) as unknown;
        } catch {
          return null; // a torn or foreign line: skipped, as Floe's reader skips them
        }
      });
    r = format === 'codex' ? codexToMessages(lines) : claudeCodeToMessages(lines);
  }
  const name = { otlp: 'OTLP JSON', codex: 'Codex rollout', 'claude-code': 'Claude Code session' }[format];
  if ('error' in r) return { error: `${name}: ${r.error}` };
  return { format, text: jsonl(r.messages) };
}
