// Trace export and import (SPEC §9): a session's parts concatenated byte for byte, and validation of a trace
// text coming from elsewhere (another harness speaking the OmniMessage protocol, or a file the user picked).
// It must not write files or decide where an import is stored; it only reads and checks.
import { readFileSync } from 'node:fs';
import { looksLikeOmniMessage } from '../../shared/omni/guards.js';
import type { OmniMessage } from '../../shared/omni/types.js';
import { isSafeSegment, isSessionId, MAX_SEGMENT } from './paths.js';

/** The files' bytes concatenated exactly, decoded once as UTF-8. */
export function exportTrace(files: string[]): string {
  return Buffer.concat(files.map((f) => readFileSync(f))).toString('utf8');
}

export type ImportResult =
  | {
      sessionId: string;
      messages: OmniMessage[];
      /** the text to store: the input, without a torn last line */
      text: string;
      /** what was tolerated (a torn last line), one sentence each */
      warnings: string[];
      /** where each message's line begins in `text` (character index) */
      starts: number[];
    }
  | { error: string };

/**
 * Checks an imported trace: the first non-blank line must be a session_meta with a usable `session_id` and
 * `timestamp`, and every non-blank line must be an OmniMessage. Blank lines (and a trailing newline) are allowed.
 * A torn last line (no newline at its end, not a complete message: the writer crashed mid-record, SPEC §9) is
 * left out with a warning, and the intact lines before it are kept byte for byte. Errors name the line.
 */
export function validateImportedTrace(input: string): ImportResult {
  const warnings: string[] = [];
  let text = input;
  const tailStart = input.lastIndexOf('\n') + 1;
  const tail = input.slice(tailStart);
  if (tail.trim() !== '' && !isMessageLine(tail)) {
    const lineNo = input.slice(0, tailStart).split('\n').length;
    text = input.slice(0, tailStart);
    warnings.push(
      `line ${lineNo} is torn (the trace ends in the middle of a record, as after a crash); it was left out and the lines before it imported`,
    );
  }
  const lines = text.split('\n');
  const messages: OmniMessage[] = [];
  const starts: number[] = [];
  for (let i = 0, at = 0; i < lines.length; at += lines[i]!.length + 1, i++) {
    const raw = lines[i].endsWith('\r') ? lines[i].slice(0, -1) : lines[i];
    if (raw.trim() === '') continue;
    const where = `line ${i + 1}`;
    let v: unknown;
    try {
      v = JSON.parse(raw);
    } catch (e) {
      return {
        error: `${where}: not valid JSON (${(e as Error).message}). Each line of a trace must be one JSON object.`,
      };
    }
    if (!looksLikeOmniMessage(v)) {
      return {
        error: `${where}: not an OmniMessage (needs a string "timestamp", "type" session_meta|model_msg|event_msg and an object "payload").`,
      };
    }
    if (messages.length === 0) {
      if (v.type !== 'session_meta') {
        return {
          error: `${where}: the first record must be a session_meta message (found ${v.type}). This is not a session trace.`,
        };
      }
      const id = (v.payload as { session_id?: unknown }).session_id;
      if (typeof id === 'string' && id.length > MAX_SEGMENT) {
        return {
          error: `${where}: session_meta.payload.session_id is ${id.length} characters long (at most ${MAX_SEGMENT}: it names the trace's files). Shorten it in the file, e.g. to Floe's form session-YYYY-MM-DD-HH-mm-ss-<8 hex>.`,
        };
      }
      if (typeof id !== 'string' || !isSafeSegment(id)) {
        return {
          error: `${where}: session_meta.payload.session_id must be a non-empty string of letters, digits, "_", "-" and "." (got ${JSON.stringify(id)}).`,
        };
      }
      if (!isSessionId(id) && Number.isNaN(Date.parse(v.timestamp))) {
        return {
          error: `${where}: session_meta.timestamp ${JSON.stringify(v.timestamp)} is not a date-time; use ISO 8601 UTC, e.g. 2026-11-30T19:00:00.000Z.`,
        };
      }
    }
    messages.push(v);
    starts.push(at);
  }
  if (messages.length === 0) return { error: 'line 1: the trace is empty; expected a session_meta record first.' };
  return { sessionId: (messages[0].payload as { session_id: string }).session_id, messages, text, warnings, starts };
}

interface ImportedPart {
  /** the part's text, stored byte for byte as `<id>_<NNN>.jsonl` */
  text: string;
  messages: OmniMessage[];
}

export type ImportPartsResult = { sessionId: string; parts: ImportedPart[]; warnings: string[] } | { error: string };

const lineOf = (text: string, at: number): number => text.slice(0, at).split('\n').length;

/**
 * Checks the trace of one session given as one text or as several (its files, in part order) and cuts it into
 * parts: a new part begins at every session_meta after the first, as Floe and the seed harness start each part
 * after a compaction. Every session_meta must name the same session. Each text is checked as by
 * validateImportedTrace (a torn last line of any of them is left out with a warning); errors name the line, and
 * the file number when there are several. A file that is not the last and ends without a newline gets one.
 */
export function validateImportedParts(texts: readonly string[]): ImportPartsResult {
  const parts: ImportedPart[] = [];
  const warnings: string[] = [];
  let sessionId: string | undefined;
  for (const [i, input] of texts.entries()) {
    const where = texts.length > 1 ? `file ${i + 1} of ${texts.length}: ` : '';
    const checked = validateImportedTrace(input);
    if ('error' in checked) return { error: `${where}${checked.error}` };
    warnings.push(...checked.warnings.map((w) => `${where}${w}`));
    const { messages, starts, text } = checked;
    // cut before every later session_meta; the first piece starts at 0, so the pieces join to the text exactly
    let from = 0;
    let fromChar = 0;
    for (let k = 0; k < messages.length; k++) {
      const m = messages[k]!;
      if (m.type !== 'session_meta') continue;
      const id = (m.payload as { session_id?: unknown }).session_id;
      sessionId ??= String(id);
      if (id !== sessionId) {
        return {
          error:
            `${where}line ${lineOf(text, starts[k]!)}: a session_meta of another session (${JSON.stringify(id)}) in ` +
            `the trace of ${JSON.stringify(sessionId)}. Import each session's files on their own.`,
        };
      }
      if (k === 0) continue;
      parts.push({ text: text.slice(fromChar, starts[k]!), messages: messages.slice(from, k) });
      from = k;
      fromChar = starts[k]!;
    }
    // a file other than the last that ends without a newline gets one, or the export would join two records
    const rest = text.slice(fromChar);
    const eol = i < texts.length - 1 && !rest.endsWith('\n') ? '\n' : '';
    parts.push({ text: rest + eol, messages: messages.slice(from) });
  }
  return { sessionId: sessionId!, parts, warnings };
}

function isMessageLine(line: string): boolean {
  try {
    return looksLikeOmniMessage(JSON.parse(line.endsWith('\r') ? line.slice(0, -1) : line));
  } catch {
    return false;
  }
}
