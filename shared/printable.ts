// Text from outside (a prompt's first line, an attachment's file name, a rule pattern) shown where control
// characters would act instead of show: a terminal (they could move the cursor, set the title, write the
// clipboard), a window title, a list row. Each C0/C1 control character, DEL and each bidirectional override or
// isolate becomes a visible escape (`\x1b`, `\u202e`); everything else is kept. Pure.

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const escapeOf = (c: string): string => {
  const n = c.charCodeAt(0);
  return n <= 0xff ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u${n.toString(16).padStart(4, '0')}`;
};

/** The text with every control character shown as an escape. */
export function printable(text: string): string {
  return text.replace(CONTROL, escapeOf);
}

/** Longest session title. */
export const TITLE_CHARS = 80;

/** A session's title from its first prompt: the first non-empty line, printable, at most TITLE_CHARS characters. */
export function titleOf(prompt: string | null): string {
  if (!prompt) return '';
  const line = printable((prompt.split('\n').find((l) => l.trim()) ?? '').trim());
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line;
}
