// Pure text rules of the model view (SPEC §5 "clean text"): how screen rows become logical lines, how a line the
// model has partly seen continues, and how trailing blank lines are held back between reads.
// Must not touch a terminal, a pty or the clock; the headless-terminal glue lives in model-view.ts.

/** One physical row of a terminal buffer. */
export interface ScreenRow {
  /** the row's text, untrimmed (every cell, blanks as spaces) */
  text: string;
  /** true when this row continues the previous row (soft wrap) */
  wrapped: boolean;
}

/** A logical line: one or more physical rows joined, trailing whitespace removed. */
export interface LogicalLine {
  /** index of its first row in the input array */
  start: number;
  text: string;
}

/**
 * Joins soft-wrapped rows into logical lines and trims trailing whitespace of each line. A first row marked
 * `wrapped` (its start lies before the slice) simply starts a line.
 */
export function joinRows(rows: readonly ScreenRow[]): LogicalLine[] {
  const out: LogicalLine[] = [];
  let cur: { start: number; parts: string[] } | undefined;
  rows.forEach((row, i) => {
    if (cur && row.wrapped) {
      cur.parts.push(row.text);
      return;
    }
    if (cur) out.push({ start: cur.start, text: cur.parts.join('').trimEnd() });
    cur = { start: i, parts: [row.text] };
  });
  if (cur) out.push({ start: cur.start, text: cur.parts.join('').trimEnd() });
  return out;
}

/**
 * What to emit for a line of which `seen` was already emitted (without a line break after it). If the line still
 * starts with what was seen, only the new tail; if it was overwritten (carriage return, erase), the new content on
 * a fresh line; if it is now empty, nothing.
 */
export function continueLine(seen: string, current: string): string {
  if (current.startsWith(seen)) return current.slice(seen.length);
  if (current === '') return '';
  return `\n${current}`;
}

/**
 * Renders lines read from the live part of a buffer (the first of which was partly seen as `seen`). Returns the
 * text to emit; the caller then treats the last line as "seen".
 */
export function renderLive(seen: string, lines: readonly string[]): string {
  if (lines.length === 0) return '';
  let text = continueLine(seen, lines[0]);
  for (let i = 1; i < lines.length; i++) text += `\n${lines[i]}`;
  return text;
}

/**
 * Renders complete lines (each followed by a line break in the stream) of which the first was partly seen.
 */
export function renderComplete(seen: string, lines: readonly string[]): string {
  if (lines.length === 0) return '';
  let text = `${continueLine(seen, lines[0])}\n`;
  for (let i = 1; i < lines.length; i++) text += `${lines[i]}\n`;
  return text;
}

/** Result of `holdTrailingBlankLines`. */
export interface HeldText {
  text: string;
  /** line breaks withheld; prepend them to the next read if it brings content */
  held: number;
}

/**
 * Applies "trailing empty lines removed, but a final `\n` kept when the program printed one" to one read, while
 * remembering the withheld line breaks so blank lines between two reads are not lost. `carried` are line breaks
 * withheld by the previous read.
 */
export function holdTrailingBlankLines(text: string, carried: number): HeldText {
  if (text === '') return { text: '', held: carried };
  let end = text.length;
  while (end > 0 && text[end - 1] === '\n') end--;
  const body = text.slice(0, end);
  const trailing = text.length - end;
  if (body === '') return { text: '', held: carried + trailing };
  const lead = '\n'.repeat(carried);
  if (trailing === 0) return { text: lead + body, held: 0 };
  return { text: `${lead}${body}\n`, held: trailing - 1 };
}

/** A full-screen snapshot: lines trimmed, trailing empty lines removed, a final `\n`; empty screen → ''. */
export function renderScreen(lines: readonly string[]): string {
  const trimmed = lines.map((l) => l.trimEnd());
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === '') end--;
  if (end === 0) return '';
  return `${trimmed.slice(0, end).join('\n')}\n`;
}
