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
/** Any character that is neither plain text nor ESC (one scan, no backtracking: the common case of a flood). */
const NOT_TEXT = /[^\b\t\n\r\x1b\x20-\x7e\xa0-\uffff]/;
const SGR = /\x1b\[[0-9;:]*m/g;

/** Whether a chunk (that starts in the parser's ground state) is plain in the sense above. */
export function isPlain(chunk: string): boolean {
  if (NOT_TEXT.test(chunk)) return false;
  // text only: plain; with escapes, each must be a complete SGR sequence
  return !chunk.includes('\x1b') || PLAIN.test(chunk);
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
  return compactPlainChunks([run], keepLineFeeds);
}

/**
 * compactPlain of the run `chunks.join('')`, without joining what is cut away: the tail is found from the end, and
 * of the chunks before it only their SGR sequences are kept. Each chunk must itself be plain and start in the
 * ground state (so no SGR sequence spans two chunks); a CR LF may.
 */
export function compactPlainChunks(chunks: readonly string[], keepLineFeeds: number): string {
  let lf = 0;
  for (let c = chunks.length - 1; c >= 0; c--) {
    const chunk = chunks[c]!;
    let pos = chunk.length;
    while (pos > 0) {
      const i = chunk.lastIndexOf('\n', pos - 1);
      if (i < 0) break;
      lf++;
      pos = i;
      if (lf < keepLineFeeds + 1) continue;
      // the tail starts with the CR before this LF (in this chunk or at the end of the one before)
      let cutChunk = c;
      let cut = i - 1;
      if (i === 0) {
        cutChunk = c - 1;
        while (cutChunk >= 0 && !chunks[cutChunk]!.length) cutChunk--;
        if (cutChunk < 0) return chunks.join('');
        cut = chunks[cutChunk]!.length - 1;
      }
      const cr = chunks[cutChunk]!;
      if (cr.charCodeAt(cut) !== 13) continue;
      if (cutChunk === 0 && cut === 0) return chunks.join('');
      let colours = '';
      for (let k = 0; k < cutChunk; k++) colours += sgrOf(chunks[k]!);
      colours += sgrOf(cr.slice(0, cut));
      return colours + cr.slice(cut) + chunks.slice(cutChunk + 1).join('');
    }
  }
  return chunks.length === 1 ? chunks[0]! : chunks.join('');
}

const sgrOf = (s: string): string => (s.includes('\x1b') ? (s.match(SGR)?.join('') ?? '') : '');

/** The fewest line feeds a cut tail must hold for a screen of `rows` rows. */
export const minKeepLineFeeds = (rows: number): number => 2 * Math.max(1, rows) + 1;
