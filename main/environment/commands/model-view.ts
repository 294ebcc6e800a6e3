// The model view of one command session: feeds the raw pty stream to an @xterm/headless terminal and turns it
// into clean text for the model (no escape codes, `\n` line ends, carriage-return overwrites resolved, full-screen
// programs as their screen). `read()` returns only what appeared since the previous read. Lines are harvested as
// they scroll off the screen, so output longer than the terminal is complete. Text rules live in clean-text.ts.
// Must not spawn processes or know about tools.
import xtermHeadless from '@xterm/headless';
import type { IBuffer, IMarker, Terminal as HeadlessTerminal } from '@xterm/headless';
import {
  holdTrailingBlankLines,
  joinRows,
  renderComplete,
  renderLive,
  renderScreen,
  type ScreenRow,
} from './clean-text.js';
import { DEFAULT_SLICE_LIMITS, splitSlices, startsWithAltExit, type SliceLimits } from './slices.js';

const { Terminal } = xtermHeadless;

/** Clean text kept between reads at most (the head is kept; the Environment truncates far below this anyway). */
export const MODEL_TEXT_CAP = 1024 * 1024;

/** Characters of a skippable chunk that are still parsed (its last lines: enough to fill the screen). */
const SKIP_KEEP_CHARS = 4 * 1024;

/** Unparsed characters above which the producer should pause, and below which it may resume. */
export const VIEW_BACKLOG_HIGH = 2 * 1024 * 1024;
export const VIEW_BACKLOG_LOW = 256 * 1024;

export interface ModelViewOptions {
  cols: number;
  rows: number;
  /** told when the unparsed backlog crosses VIEW_BACKLOG_HIGH (true) and falls back below VIEW_BACKLOG_LOW (false) */
  onBacklog?: (high: boolean) => void;
  /** headless scrollback; must exceed the rows one slice can scroll */
  scrollback?: number;
  slices?: SliceLimits;
}

export class ModelView {
  private readonly term: HeadlessTerminal;
  private readonly limits: SliceLimits;
  private queue: string[] = [];
  private feeding: Promise<void> | undefined;
  private disposed = false;
  /** first not-yet-emitted line of the normal buffer */
  private marker: IMarker | undefined;
  /** absolute line to place the marker at once the normal buffer is active again */
  private deferredMark: number | undefined;
  /** text of the marker's line already emitted (no line break emitted after it yet) */
  private seen = '';
  /** clean text produced but not read yet */
  private pending = '';
  /** line breaks withheld by the previous read */
  private held = 0;
  private altDirty = false;
  private wasAlt = false;
  /** writes queued so far, and how many of them are parsed: read() waits only for what came before it */
  private written = 0;
  private parsed = 0;
  private progress: (() => void)[] = [];
  /** characters written but not parsed yet */
  private backlog = 0;
  private backlogHigh = false;
  private readonly onBacklog?: (high: boolean) => void;

  constructor(opts: ModelViewOptions) {
    this.limits = opts.slices ?? DEFAULT_SLICE_LIMITS;
    this.onBacklog = opts.onBacklog;
    this.term = new Terminal({
      cols: opts.cols,
      rows: opts.rows,
      scrollback: opts.scrollback ?? 10_000,
      allowProposedApi: true,
    });
    this.marker = this.term.registerMarker(0);
  }

  /** Queues raw pty output. */
  write(data: string): void {
    if (this.disposed || !data) return;
    this.queue.push(data);
    this.written++;
    this.backlog += data.length;
    if (!this.backlogHigh && this.backlog > VIEW_BACKLOG_HIGH) {
      this.backlogHigh = true;
      this.onBacklog?.(true);
    }
    if (!this.feeding)
      this.feeding = this.feed().finally(() => {
        this.feeding = undefined;
        this.notify();
      });
  }

  resize(cols: number, rows: number): void {
    if (this.disposed) return;
    this.term.resize(cols, rows);
  }

  /**
   * Resolves once everything written before this call has been parsed — not what keeps arriving after it, so a
   * command that floods its terminal (`yes`) cannot keep a reader waiting forever.
   */
  async settle(): Promise<void> {
    const target = this.written;
    while (this.parsed < target && this.feeding && !this.disposed) await new Promise<void>((r) => this.progress.push(r));
  }

  private notify(): void {
    for (const r of this.progress.splice(0)) r();
  }

  /** Clean text produced since the previous read. */
  async read(): Promise<string> {
    await this.settle();
    if (this.disposed) return '';
    const buf = this.term.buffer;
    if (buf.active.type === 'normal') {
      this.harvest();
      this.takeLive();
    } else {
      this.takeLive();
      if (this.altDirty) {
        this.append(renderScreen(this.screenLines(buf.alternate)));
        this.altDirty = false;
      }
    }
    const out = holdTrailingBlankLines(this.pending, this.held);
    this.pending = '';
    this.held = out.held;
    return out.text;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.queue = [];
    this.notify();
    this.marker?.dispose();
    this.term.dispose();
  }

  private async feed(): Promise<void> {
    while (this.queue.length && !this.disposed) {
      let chunk = this.queue.join('');
      const upto = this.written;
      this.queue = [];
      const skipped = this.skippable(chunk);
      if (skipped > 0) {
        chunk = chunk.slice(skipped);
        this.backlog -= skipped;
      }
      for (const slice of splitSlices(chunk, this.limits)) {
        if (this.disposed) return;
        if (this.term.buffer.active.type === 'alternate' && this.altDirty && startsWithAltExit(slice)) {
          // the full-screen program is leaving: keep its last screen (the alternate buffer is cleared on exit)
          this.append(renderScreen(this.screenLines(this.term.buffer.alternate)));
          this.altDirty = false;
        }
        await new Promise<void>((resolve) => this.term.write(slice, resolve));
        if (this.disposed) return;
        this.afterSlice();
        this.backlog -= slice.length;
        if (this.backlogHigh && this.backlog < VIEW_BACKLOG_LOW) {
          this.backlogHigh = false;
          this.onBacklog?.(false);
        }
      }
      this.parsed = upto;
      this.notify();
    }
  }

  /**
   * While the text for the next read is already full, the model can see none of what keeps arriving, so a chunk
   * without escape sequences (plain text cannot change modes or move the cursor except by line feeds) is parsed
   * only from the start of its last few lines: the screen and cursor end up the same, the parse cost is saved.
   * Returns how many leading characters may be skipped.
   */
  private skippable(chunk: string): number {
    if (this.pending.length < MODEL_TEXT_CAP || this.term.buffer.active.type !== 'normal') return 0;
    if (chunk.length <= SKIP_KEEP_CHARS || chunk.indexOf('\x1b') !== -1) return 0;
    const lineStart = chunk.indexOf('\n', chunk.length - SKIP_KEEP_CHARS);
    return lineStart < 0 ? 0 : lineStart + 1;
  }

  private afterSlice(): void {
    const alt = this.term.buffer.active.type === 'alternate';
    if (alt) {
      // entering: what the normal screen shows so far precedes the full-screen program's output
      if (!this.wasAlt) this.takeLive();
      this.altDirty = true;
    } else {
      if (this.wasAlt && this.deferredMark !== undefined) {
        this.placeMarker(this.deferredMark);
        this.deferredMark = undefined;
      }
      this.harvest();
    }
    this.wasAlt = alt;
  }

  private markLine(): number {
    if (this.deferredMark !== undefined) return this.deferredMark;
    const line = this.marker && !this.marker.isDisposed ? this.marker.line : -1;
    if (line < 0) {
      // the marked line was erased (e.g. `clear` wiped the scrollback): start over from the top
      this.seen = '';
      return 0;
    }
    return line;
  }

  private placeMarker(line: number): void {
    const buf = this.term.buffer.normal;
    if (this.term.buffer.active.type !== 'normal') {
      this.deferredMark = line;
      return;
    }
    this.marker?.dispose();
    this.marker = this.term.registerMarker(line - (buf.baseY + buf.cursorY));
  }

  private rows(buf: IBuffer, from: number, to: number): ScreenRow[] {
    const out: ScreenRow[] = [];
    let line = from < to ? buf.getLine(from) : undefined;
    for (let i = from; i < to; i++) {
      const next = buf.getLine(i + 1);
      // a row's trailing blanks matter only when the next row continues it (soft wrap); trimming the rest keeps
      // a flood of short lines cheap (xterm then reads only up to the last non-blank cell)
      const continues = !!next?.isWrapped;
      out.push({ text: line ? line.translateToString(!continues) : '', wrapped: line ? line.isWrapped : false });
      line = next;
    }
    return out;
  }

  private screenLines(buf: IBuffer): string[] {
    const start = buf.baseY;
    return joinRows(this.rows(buf, start, start + this.term.rows)).map((l) => l.text);
  }

  /** Emits the complete lines of the normal buffer that have scrolled above the screen. */
  private harvest(): void {
    const buf = this.term.buffer.normal;
    const from = this.markLine();
    if (from >= buf.baseY) return;
    if (this.pending.length >= MODEL_TEXT_CAP) {
      // nothing more fits before the next read: skip the scrolled-off rows without rendering them
      this.seen = '';
      this.placeMarker(buf.baseY);
      return;
    }
    // include the first on-screen row to know whether the last scrolled-off line continues on screen
    const lines = joinRows(this.rows(buf, from, buf.baseY + 1));
    const complete = lines.slice(0, -1);
    if (complete.length === 0) return;
    this.append(renderComplete(this.seen, complete.map((l) => l.text)));
    this.seen = '';
    this.placeMarker(from + lines[lines.length - 1].start);
  }

  /** Emits what the normal buffer shows from the marker to the cursor (or the last non-blank row below it). */
  private takeLive(): void {
    const buf = this.term.buffer.normal;
    const from = this.markLine();
    let last = buf.baseY + buf.cursorY;
    for (let i = buf.length - 1; i > last; i--) {
      if (buf.getLine(i)?.translateToString(true)) {
        last = i;
        break;
      }
    }
    if (last < from) return;
    const lines = joinRows(this.rows(buf, from, last + 1));
    if (lines.length === 0) return;
    this.append(renderLive(this.seen, lines.map((l) => l.text)));
    const tail = lines[lines.length - 1];
    this.seen = tail.text;
    this.placeMarker(from + tail.start);
  }

  private append(text: string): void {
    if (!text) return;
    const room = MODEL_TEXT_CAP - this.pending.length;
    if (room <= 0) return;
    this.pending += text.length > room ? text.slice(0, room) : text;
  }
}
