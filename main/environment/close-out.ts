// Pure text rules of the close-out contract (SPEC §4): truncation keeping the head, note layout, defaults.
// No I/O, no timers — the Environment (environment.ts) applies these while streaming.
import { INTERRUPTED_NOTES } from '../../shared/omni/notes.js';
import type { AbortedBy } from '../../shared/omni/types.js';

export const DEFAULT_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_OUTPUT = 16_000;

/**
 * The reason of an abort the process itself made (disposing of the session, a consumer that stopped reading, a
 * trace that cannot be written) rather than the person: calls it ends read `[interrupted: the host stopped]`.
 */
export class HostStop extends Error {
  override name = 'HostStop';
}

/** Who an abort signal's reason says stopped the work: the process itself (HostStop) or the person. */
export const abortedByOf = (signal: AbortSignal | undefined): Exclude<AbortedBy, 'approval'> =>
  signal?.reason instanceof HostStop ? 'host' : 'user';

/** The closing note of a call an abort ended, by who aborted it. */
export const abortNote = (by: Exclude<AbortedBy, 'approval'>): string => INTERRUPTED_NOTES[by];
const NO_OUTPUT = '[no output]';
export const timeoutNote = (ms: number): string => `[tool timeout: exceeded ${ms}ms]`;
export const truncatedNote = (n: number): string => `[output truncated: exceeded ${n} chars]`;
export const errorNote = (message: string): string => `[tool error] ${message}`;

/**
 * Streaming cutter: feed deltas, get back what may be emitted. Keeps at most `limit` characters (limit <= 0:
 * unlimited). Trailing newlines are held back so that the final layout can put exactly one `\n` before notes
 * while the emitted deltas still concatenate to exactly the final output.
 */
export class OutputCutter {
  private kept = 0;
  private heldNewlines = '';
  private text = '';
  truncated = false;

  constructor(private readonly limit: number) {}

  /** Returns the part of `delta` to emit now. */
  push(delta: string): string {
    if (!delta) return '';
    let piece = delta;
    if (this.limit > 0) {
      const room = this.limit - this.kept;
      if (room <= 0) {
        this.truncated = true;
        return '';
      }
      if (piece.length > room) {
        piece = piece.slice(0, room);
        this.truncated = true;
      }
    }
    this.kept += piece.length;
    const body = piece.replace(/\n+$/, '');
    const trailing = piece.slice(body.length);
    if (!body) {
      this.heldNewlines += trailing;
      return '';
    }
    const out = this.heldNewlines + body;
    this.heldNewlines = trailing;
    this.text += out;
    return out;
  }

  /** Text emitted so far (without held trailing newlines). */
  get emitted(): string {
    return this.text;
  }

  /**
   * Finish: given the notes, returns the tail to emit so that emitted + tail = final output.
   * Layout: text, then each note on its own line, exactly one `\n` between; `[no output]` when nothing at all.
   */
  finish(notes: string[]): { tail: string; output: string } {
    let tail: string;
    if (notes.length === 0) {
      tail = this.heldNewlines;
      if (!this.text && !tail) tail = NO_OUTPUT;
    } else {
      tail = (this.text || this.heldNewlines ? '\n' : '') + notes.join('\n');
      if (!this.text && this.heldNewlines) tail = notes.join('\n');
    }
    return { tail, output: this.text + tail };
  }
}
