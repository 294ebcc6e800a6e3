// Which raw pty output the host's screen copy may skip without changing what it shows (pure, no xterm).
//
// The host keeps a headless terminal per command only to redraw panes (screen.ts); it does not need every line of a
// flood, only the final screen. A run of "plain" output — printable text, tab, backspace, CR, LF and complete SGR
// colour sequences, nothing that moves the cursor absolutely or changes a mode — can be cut down to:
//   1. the SGR sequences of the dropped part, in order (so the colour in force afterwards is the same), then
//   2. the run's tail starting at a CRLF that is followed by at least 2 × rows more line feeds.
// Why that is exact for the visible screen: the tail begins with CR LF, so the column is 0 either way; after at
// most rows − 1 line feeds the cursor is on the bottom line, and every further line feed scrolls a blank line in,
// so after 2 × rows line feeds every visible row was written from blank by the tail alone (also inside a scroll
// region, which is never taller than the screen). Only the host copy's scrollback loses the dropped lines.
// Output with bare LF line ends (no CR) or without enough line feeds is never cut.

/** Printable text, \b \t \n \r, and complete SGR sequences only. */
const PLAIN = /^(?:[\b\t\n\r\x20-\x7e\xa0-\uffff]|\x1b\[[0-9;:]*m)*$/;
const SGR = /\x1b\[[0-9;:]*m/g;

/** Whether a chunk (that starts in the parser's ground state) is plain in the sense above. */
export function isPlain(chunk: string): boolean {
  return PLAIN.test(chunk);
}

/** A complete escape sequence at the start of the string: CSI, OSC/DCS/APC/PM/SOS strings, or a short ESC one. */
const COMPLETE_ESC = /^\x1b(?:\[[0-?]*[ -/]*[@-~]|[\]P_^X][^\x07\x1b]*(?:\x07|\x1b\\)|(?![[\]P_^X])[ -/]*[0-~])/;

/** Longest carry kept for an unfinished sequence; past it the chunk is passed on as it is. */
const MAX_CARRY = 64 * 1024;

/**
 * Splits off an escape sequence left unfinished at the end of a chunk, so that every chunk the screen classifies
 * starts in the ground state: `[complete, carry]`, where carry is to be prepended to the next chunk.
 */
export function splitUnfinished(chunk: string): [string, string] {
  const esc = chunk.lastIndexOf('\x1b');
  if (esc < 0) return [chunk, ''];
  const rest = chunk.slice(esc);
  if (COMPLETE_ESC.test(rest)) return [chunk, ''];
  // an ESC inside a string sequence (OSC … ESC \) may be its terminator's first half: "\x1b" alone is unfinished
  // too; a string sequence opened earlier and still open is not detected here (it holds no further ESC).
  if (rest.length > MAX_CARRY) return [chunk, ''];
  return [chunk.slice(0, esc), rest];
}

/**
 * Cuts a plain run (see the header) down to what the screen must still parse, or returns it unchanged when it
 * cannot be cut exactly. `keepLineFeeds` is at least 2 × rows + 1; more keeps more scrollback on the host copy.
 */
export function compactPlain(run: string, keepLineFeeds: number): string {
  let lf = 0;
  let pos = run.length;
  while (pos > 0) {
    const i = run.lastIndexOf('\n', pos - 1);
    if (i < 0) return run;
    lf++;
    pos = i;
    if (lf >= keepLineFeeds + 1 && i > 0 && run.charCodeAt(i - 1) === 13) {
      const cut = i - 1; // the tail starts with this CR LF, followed by >= keepLineFeeds more LFs
      if (cut === 0) return run;
      const colours = run.slice(0, cut).match(SGR)?.join('') ?? '';
      return colours + run.slice(cut);
    }
  }
  return run;
}

/** The fewest line feeds a cut tail must hold for a screen of `rows` rows. */
export const minKeepLineFeeds = (rows: number): number => 2 * Math.max(1, rows) + 1;
