// The model view of one command session: turns the raw pty stream into clean text for the model. Ordinary output
// goes through a streaming renderer (line-screen.ts: text kept exactly, tabs and long lines included, `\r`
// overwrites resolved, escape codes removed), synchronously as it arrives. A full-screen (alternate-screen)
// program is fed to an @xterm/headless terminal instead and shown as its screen. `read()` returns only what
// appeared since the previous read; `readComplete()` only whole lines (for streaming). Text rules live in
// clean-text.ts. Must not spawn processes or know about tools.
import type { IBuffer, Terminal as HeadlessTerminal } from '@xterm/headless';
import { holdTrailingBlankLines, joinRows, renderScreen, type ScreenRow } from './clean-text.js';
import { LineScreen } from './line-screen.js';
import { ALT_SCREEN_EXITS, DEFAULT_SLICE_LIMITS, splitSlices, type SliceLimits } from './slices.js';
import { MODEL_TEXT_CAP } from './text-cap.js';

/** @xterm/headless, loaded when a command first goes full-screen (not at every start: issue 21). */
let headless: Promise<typeof HeadlessTerminal> | undefined;
const loadTerminal = (): Promise<typeof HeadlessTerminal> =>
  (headless ??= import('@xterm/headless').then((m) => m.default.Terminal));

/** Unparsed characters above which the producer should pause, and below which it may resume. */
const VIEW_BACKLOG_HIGH = 2 * 1024 * 1024;
const VIEW_BACKLOG_LOW = 256 * 1024;

export interface ModelViewOptions {
  cols: number;
  rows: number;
  /** told when the unparsed backlog crosses VIEW_BACKLOG_HIGH (true) and falls back below VIEW_BACKLOG_LOW (false) */
  onBacklog?: (high: boolean) => void;
  slices?: SliceLimits;
  /** render writes past the cap from their last lines only (default true; false renders every line, for tests) */
  skipUnseen?: boolean;
  /** clean text kept between reads at most (default MODEL_TEXT_CAP; text-cap.ts) */
  textCap?: number;
}

/**
 * Writes gathered while the text for the next read is full, before they are rendered. The model can see none of
 * that text, so a batch is rendered only from its last lines (skipBatch).
 */
const BATCH_CHARS = 64 * 1024;
/**
 * What may change more than the line it is written on: any escape sequence except colours, in-line erases and
 * moves (CSI m K X P @ G C D `), OSC strings and their terminator; VT and FF.
 */
const RISKY = /\x1b(?!\[[0-9;:]*[mKXP@GCD`]|\][^\x07\x1b]*(?:\x07|\x1b\\)|\\)|[\x0b\x0c]/;

/** Index of the first "leave alternate screen" sequence at or after `from`, -1 if none. */
function nextAltExit(data: string, from: number): number {
  let best = -1;
  for (const s of ALT_SCREEN_EXITS) {
    const i = data.indexOf(s, from);
    if (i >= 0 && (best < 0 || i < best)) best = i;
  }
  return best;
}

/** Length of a tail of `data` that may be the start of a "leave alternate screen" sequence. */
function heldExitPrefix(data: string): number {
  const esc = data.lastIndexOf('\x1b');
  if (esc < 0 || data.length - esc >= 8) return 0;
  const tail = data.slice(esc);
  return ALT_SCREEN_EXITS.some((s) => s.startsWith(tail) && s !== tail) ? tail.length : 0;
}

export class ModelView {
  private cols: number;
  private rows: number;
  private readonly limits: SliceLimits;
  private readonly screen: LineScreen;
  /** the full-screen program's terminal, made on first use */
  private alt: HeadlessTerminal | undefined;
  /** what starts the full-screen run just entered, not yet written to `alt` */
  private altStart = '';
  private inAlt = false;
  private altDirty = false;
  private batch: string[] = [];
  private batchChars = 0;
  private readonly skipUnseen: boolean;
  private readonly textCap: number;
  /** lines skipped unseen so far, at least (counting stops at two screens per batch; observable for tests) */
  skippedLines = 0;
  /** the start of a possible alt-exit sequence, waiting for its end */
  private altHeld = '';
  private queue: string[] = [];
  /** true while feed() is working through the queue (set and cleared synchronously inside it) */
  private feeding = false;
  private disposed = false;
  /** clean text produced but not read yet */
  private pending = '';
  /** line breaks withheld by the previous read */
  private held = 0;
  /** writes queued so far, and how many of them are parsed: read() waits only for what came before it */
  private written = 0;
  private parsed = 0;
  private progress: (() => void)[] = [];
  /** characters queued but not parsed yet */
  private backlog = 0;
  private backlogHigh = false;
  private readonly onBacklog?: (high: boolean) => void;

  constructor(opts: ModelViewOptions) {
    this.cols = opts.cols;
    this.rows = opts.rows;
    this.limits = opts.slices ?? DEFAULT_SLICE_LIMITS;
    this.onBacklog = opts.onBacklog;
    this.skipUnseen = opts.skipUnseen ?? true;
    this.textCap = opts.textCap ?? MODEL_TEXT_CAP;
    this.screen = new LineScreen({
      rows: opts.rows,
      emit: (t) => this.append(t),
      lineCap: this.textCap,
      full: () => this.pending.length >= this.textCap,
    });
  }

  /** Takes raw pty output: parsed at once on the normal screen, queued for the terminal emulator otherwise. */
  write(data: string): void {
    if (this.disposed || !data) return;
    if (this.skipUnseen && !this.inAlt && !this.feeding && this.pending.length >= this.textCap) {
      this.batch.push(data);
      this.batchChars += data.length;
      if (this.batchChars >= BATCH_CHARS) this.flushBatch();
      return;
    }
    this.flushBatch();
    this.writeNow(data);
  }

  /** Renders gathered writes: lines that would scroll away unseen are only counted, the rest is parsed. */
  private flushBatch(): void {
    if (!this.batch.length) return;
    let data = this.batch.join('');
    this.batch = [];
    this.batchChars = 0;
    if (!this.screen.inText()) {
      // the previous write ended inside an escape sequence: parse through the first line break before skipping
      const nl = data.indexOf('\n');
      if (nl >= 0) {
        this.writeNow(data.slice(0, nl + 1));
        data = data.slice(nl + 1);
      }
    }
    const cut = this.inAlt || this.feeding ? 0 : this.skippable(data);
    if (cut > 0) {
      // count line feeds only as far as needed: past two screens, the whole screen is gone either way
      const enough = 2 * this.rows;
      let lines = 0;
      for (let i = data.indexOf('\n'); i !== -1 && i < cut && lines < enough; i = data.indexOf('\n', i + 1)) lines++;
      if (lines >= enough) this.screen.skipScreen();
      else this.screen.skipLines(lines);
      this.skippedLines += lines;
      data = data.slice(cut);
    }
    this.writeNow(data);
  }

  /**
   * How many leading characters of a batch may be skipped: up to the start of its last `rows + 1` lines, when
   * nothing in it can move the cursor between lines (only text, colours, `\r` and line feeds) and the cut falls
   * right after a `\r\n` (column 0). Every skipped line scrolls off before the next read, unseen.
   */
  private skippable(data: string): number {
    let at = data.length;
    for (let k = 0; k <= this.rows; k++) {
      at = data.lastIndexOf('\n', at - 1);
      if (at <= 0) return 0;
    }
    // the skipped part must start outside an escape sequence and hold nothing risky (what follows the cut is parsed)
    if (data.charCodeAt(at - 1) !== 13 || !this.screen.inText() || RISKY.test(data.slice(0, at))) return 0;
    return at + 1;
  }

  private writeNow(data: string): void {
    if (!data) return;
    if (!this.inAlt && !this.feeding) {
      const r = this.screen.feed(data);
      if (!r) return;
      this.enterAlt();
      data = data.slice(r.altAt);
      if (!data) return;
    }
    this.queue.push(data);
    this.written++;
    this.backlog += data.length;
    if (!this.backlogHigh && this.backlog > VIEW_BACKLOG_HIGH) {
      this.backlogHigh = true;
      this.onBacklog?.(true);
    }
    if (!this.feeding) void this.feed();
  }

  resize(cols: number, rows: number): void {
    if (this.disposed) return;
    this.flushBatch();
    this.cols = cols;
    this.rows = rows;
    this.screen.resize(rows);
    this.alt?.resize(cols, rows);
  }

  /**
   * Resolves once everything written before this call has been parsed — not what keeps arriving after it, so a
   * command that floods its terminal (`yes`) cannot keep a reader waiting forever.
   */
  async settle(): Promise<void> {
    this.flushBatch();
    const target = this.written;
    while (this.parsed < target && this.feeding && !this.disposed)
      await new Promise<void>((r) => this.progress.push(r));
  }

  private notify(): void {
    for (const r of this.progress.splice(0)) r();
  }

  /** Clean text produced since the previous read. */
  async read(): Promise<string> {
    await this.settle();
    if (this.disposed) return '';
    if (!this.inAlt) this.screen.takeLive();
    else if (this.altDirty && this.alt) {
      this.append(renderScreen(this.screenLines(this.alt.buffer.alternate)));
      this.altDirty = false;
    }
    return this.take();
  }

  /** Like read(), but only lines that are complete (a line still being written waits for the next read). */
  async readComplete(): Promise<string> {
    await this.settle();
    if (this.disposed) return '';
    if (!this.inAlt) this.screen.takeComplete();
    return this.take();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.queue = [];
    this.notify();
    this.alt?.dispose();
  }

  private take(): string {
    const out = holdTrailingBlankLines(this.pending, this.held);
    this.pending = '';
    this.held = out.held;
    return out.text;
  }

  private enterAlt(): void {
    // what the normal screen shows so far precedes the full-screen program's output
    this.screen.takeLive();
    const { row, col } = this.screen.cursor();
    // a fresh alternate screen with the cursor where the program left it on the normal screen (written by altScreen)
    this.altStart = `\x1bc\x1b[?1049h\x1b[${Math.min(row, this.rows - 1) + 1};${Math.min(col, this.cols - 1) + 1}H`;
    this.inAlt = true;
    this.altDirty = false;
    this.altHeld = '';
  }

  /** The alternate-screen terminal, made on first use, with the start of the current full-screen run written. */
  private async altScreen(): Promise<HeadlessTerminal> {
    if (!this.alt) {
      const Terminal = await loadTerminal();
      this.alt ??= new Terminal({ cols: this.cols, rows: this.rows, scrollback: 0, allowProposedApi: true });
      if (this.disposed) this.alt.dispose();
    }
    if (this.altStart) this.alt.write(this.altStart);
    this.altStart = '';
    return this.alt;
  }

  private async feed(): Promise<void> {
    this.feeding = true;
    try {
      // writes that land while feedQueue's promise settles are caught by this loop's check
      while (this.queue.length && !this.disposed) await this.feedQueue();
    } finally {
      this.feeding = false;
      this.notify();
    }
  }

  private async feedQueue(): Promise<void> {
    while (this.queue.length && !this.disposed) {
      const chunk = this.altHeld + this.queue.join('');
      const size = chunk.length - this.altHeld.length;
      const upto = this.written;
      this.queue = [];
      this.altHeld = '';
      let pos = 0;
      while (pos < chunk.length && !this.disposed) {
        if (!this.inAlt) {
          const r = this.screen.feed(chunk, pos);
          if (!r) break;
          this.enterAlt();
          pos = r.altAt;
          continue;
        }
        const exitAt = nextAltExit(chunk, pos);
        let end = exitAt < 0 ? chunk.length : exitAt;
        if (exitAt < 0) {
          const hold = heldExitPrefix(chunk);
          end -= hold;
          this.altHeld = chunk.slice(end);
        }
        const alt = await this.altScreen();
        if (this.disposed) return;
        for (const slice of splitSlices(chunk.slice(pos, end), this.limits)) {
          await new Promise<void>((resolve) => alt.write(slice, resolve));
          if (this.disposed) return;
          this.altDirty = true;
        }
        if (exitAt < 0) break;
        // the full-screen program is leaving: keep its last screen, then the normal screen goes on
        if (this.altDirty) this.append(renderScreen(this.screenLines(this.alt!.buffer.alternate)));
        this.altDirty = false;
        this.inAlt = false;
        pos = exitAt + ALT_SCREEN_EXITS.find((s) => chunk.startsWith(s, exitAt))!.length;
      }
      this.backlog -= size;
      if (this.backlogHigh && this.backlog < VIEW_BACKLOG_LOW) {
        this.backlogHigh = false;
        this.onBacklog?.(false);
      }
      this.parsed = upto;
      this.notify();
    }
  }

  private screenLines(buf: IBuffer): string[] {
    const rows: ScreenRow[] = [];
    const start = buf.baseY;
    for (let i = start; i < start + this.rows; i++) {
      const line = buf.getLine(i);
      rows.push({ text: line ? line.translateToString(false) : '', wrapped: line ? line.isWrapped : false });
    }
    return joinRows(rows).map((l) => l.text);
  }

  private append(text: string): void {
    if (!text) return;
    const room = this.textCap - this.pending.length;
    if (room <= 0) return;
    this.pending += text.length > room ? text.slice(0, room) : text;
  }
}
