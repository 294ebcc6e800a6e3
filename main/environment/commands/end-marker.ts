// Pure: the in-band end marker of a command (DESIGN "Terminals"). The shell that runs a command prints, from an
// EXIT trap, an OSC sequence carrying a per-command nonce and the exit status to the terminal; everything the
// command wrote before it has then been read, so no timer decides when output is complete. The scanner removes the
// marker from the stream (also when it arrives split across chunks) before anyone else sees the data.
// The nonce is no secret from the command (it runs in the same shell: `trap -p EXIT` shows it), so a marker only
// ends a command once the shell itself is gone (CommandSession checks); a forged one is dropped and scanning goes on.
// A start marker (same OSC and nonce, `s` for the status) is printed just before the command itself runs, after the
// login profile or the snapshot was loaded: a command's wait window is counted from it, not from the spawn.
// Must not spawn processes or touch the terminal.
import { randomBytes } from 'node:crypto';

/** OSC number of the marker (private; terminals ignore unknown OSC numbers). */
const OSC = '7717';

export function newNonce(): string {
  return randomBytes(8).toString('hex');
}

/** The marker as the shell prints it for `code`. */
export function endMarker(nonce: string, code: number): string {
  return `\x1b]${OSC};${nonce};${code}\x07`;
}

/** The start marker's status field. */
const START = 's';

/** The start marker as the shell prints it. */
export function startMarker(nonce: string): string {
  return `\x1b]${OSC};${nonce};${START}\x07`;
}

/** The shell command that prints the start marker to the controlling terminal (as the end marker's trap does). */
export function startMarkerLine(nonce: string): string {
  return `printf "\\033]${OSC};${nonce};${START}\\007" 2>/dev/null >/dev/tty`;
}

/**
 * The shell line that arms the marker: an EXIT trap that writes it to the controlling terminal (not stdout, which
 * the command may have redirected). `$?` at the start of an EXIT trap is the status the shell exits with.
 */
export function endMarkerTrap(nonce: string): string {
  return `trap 'printf "\\033]${OSC};${nonce};%d\\007" "$?" 2>/dev/null >/dev/tty' EXIT`;
}

export interface ScanResult {
  /** the data with the marker removed (may be empty) */
  text: string;
  /** the exit status the marker carried, when it was completed by this chunk */
  exitCode?: number;
  /** the start marker was completed by this chunk */
  started?: true;
}

/** Longest status the marker can carry (0–255): three digits. */
const MAX_DIGITS = 3;

export class EndMarkerScanner {
  private readonly head: string;
  private held = '';
  /** true once the marker has been seen; later data passes through untouched */
  found = false;
  /** true once the start marker has been seen (it counts once) */
  started = false;

  constructor(nonce: string) {
    this.head = `\x1b]${OSC};${nonce};`;
  }

  push(chunk: string): ScanResult {
    let s = this.held + chunk;
    this.held = '';
    if (this.found || !s) return { text: s };
    const at = s.indexOf(this.head);
    if (at >= 0) {
      const from = at + this.head.length;
      if (!this.started && s[from] === START) {
        if (from + 1 === s.length) {
          // the start marker's BEL is still on its way
          this.held = s.slice(at);
          return { text: s.slice(0, at) };
        }
        if (s.charCodeAt(from + 1) === 7) {
          this.started = true;
          const rest = this.push(s.slice(from + 2));
          return { ...rest, text: s.slice(0, at) + rest.text, started: true };
        }
      }
      let i = from;
      while (i < s.length && i - (at + this.head.length) < MAX_DIGITS && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57)
        i++;
      const digits = i - (at + this.head.length);
      if (i === s.length && digits <= MAX_DIGITS) {
        // the rest of the marker is still on its way
        this.held = s.slice(at);
        return { text: s.slice(0, at) };
      }
      if (digits > 0 && s.charCodeAt(i) === 7) {
        this.found = true;
        const exitCode = Number(s.slice(at + this.head.length, i));
        return { text: s.slice(0, at) + s.slice(i + 1), exitCode };
      }
      // not our marker after all (malformed): pass it on as data
      return { text: s };
    }
    // hold back a tail that may be the start of the marker (the head holds a single ESC, at its start)
    const esc = s.lastIndexOf('\x1b');
    if (esc >= 0 && s.length - esc < this.head.length && this.head.startsWith(s.slice(esc))) {
      this.held = s.slice(esc);
      s = s.slice(0, esc);
    }
    return { text: s };
  }

  /** Looks for the marker again (the one seen was printed by the command itself, not by the shell's trap). */
  rearm(): void {
    this.found = false;
  }

  /** Whatever is held back (the stream ended before the marker completed). */
  flush(): string {
    const s = this.held;
    this.held = '';
    return s;
  }
}
