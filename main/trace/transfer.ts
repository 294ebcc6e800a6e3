// Trace export and import (SPEC §9): a session's parts concatenated byte for byte, and validation of a trace
// text coming from elsewhere (another harness speaking the OmniMessage protocol, or a file the user picked).
// It must not write files or decide where an import is stored; it only reads and checks.
import { readFileSync } from 'node:fs';
import { looksLikeOmniMessage } from '../../shared/omni/guards.js';
import type { OmniMessage } from '../../shared/omni/types.js';
import { isSafeSegment, isSessionId } from './paths.js';

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
  for (let i = 0; i < lines.length; i++) {
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
  }
  if (messages.length === 0) return { error: 'line 1: the trace is empty; expected a session_meta record first.' };
  return { sessionId: (messages[0].payload as { session_id: string }).session_id, messages, text, warnings };
}

function isMessageLine(line: string): boolean {
  try {
    return looksLikeOmniMessage(JSON.parse(line.endsWith('\r') ? line.slice(0, -1) : line));
  } catch {
    return false;
  }
}
