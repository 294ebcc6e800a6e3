// Pure: cuts raw pty output into slices small enough that feeding one slice to the headless terminal can never
// scroll more rows than its scrollback holds (so the model view reads every line before it is trimmed), and puts
// each "leave alternate screen" sequence in a slice of its own (so a full-screen program's last screen can be
// captured before it, and the normal screen re-anchored right after it).
// Must not parse escape sequences beyond those markers.

export interface SliceLimits {
  /** most line feeds in one slice */
  maxNewlines: number;
  /** most characters in one slice */
  maxChars: number;
}

// Each slice costs one asynchronous write into the headless terminal, so slices are large; the model view's
// scrollback (10000 rows) exceeds the most rows one slice can scroll: 4000 line feeds + 256 KiB / cols of wrapping.
export const DEFAULT_SLICE_LIMITS: SliceLimits = { maxNewlines: 4000, maxChars: 256 * 1024 };

/** Sequences that switch back from the alternate screen (DEC private modes 1049, 1047, 47). */
export const ALT_SCREEN_EXITS = ['\x1b[?1049l', '\x1b[?1047l', '\x1b[?47l'] as const;

/** True when `data` begins with a "leave alternate screen" sequence. */
export function startsWithAltExit(data: string): boolean {
  return ALT_SCREEN_EXITS.some((s) => data.startsWith(s));
}

function nextAltExit(data: string, from: number): number {
  let best = -1;
  for (const s of ALT_SCREEN_EXITS) {
    const i = data.indexOf(s, from);
    if (i >= 0 && (best < 0 || i < best)) best = i;
  }
  return best;
}

/** Splits `data` into consecutive slices (their concatenation is `data`). */
export function splitSlices(data: string, limits: SliceLimits = DEFAULT_SLICE_LIMITS): string[] {
  const out: string[] = [];
  const maxChars = Math.max(1, limits.maxChars);
  const maxNl = Math.max(1, limits.maxNewlines);
  let pos = 0;
  while (pos < data.length) {
    let end = Math.min(data.length, pos + maxChars);
    // never split a UTF-16 surrogate pair
    if (end < data.length && /[\uD800-\uDBFF]/.test(data[end - 1])) end--;
    let nl = 0;
    for (let i = pos; i < end; i++) {
      if (data.charCodeAt(i) === 10 && ++nl === maxNl) {
        end = i + 1;
        break;
      }
    }
    const exit = ALT_SCREEN_EXITS.find((seq) => data.startsWith(seq, pos));
    if (exit) {
      // the exit sequence is a slice of its own: the caller re-anchors before more output can scroll
      end = pos + exit.length;
    } else {
      // look for an exit sequence only inside this slice (searching the whole rest would be quadratic)
      // (the window reaches a sequence's length past the end, so one that starts inside the slice is found)
      const rel = nextAltExit(data.slice(pos + 1, end + 7), 0);
      if (rel >= 0 && pos + 1 + rel < end) end = pos + 1 + rel;
    }
    out.push(data.slice(pos, end));
    pos = end;
  }
  return out;
}
