// The host's copy of one command's terminal screen, used only to redraw panes: an @xterm/headless terminal that
// follows the raw pty stream, serialised with @xterm/addon-serialize when a pane opens or has fallen behind.
// Floods of plain text are cut down before parsing (screen-skip.ts), so the copy costs little even at pty speed;
// other output is parsed as it comes. Must not pause the pty or decide anything about flow (flow.ts does).
import { SerializeAddon } from '@xterm/addon-serialize';
import xtermHeadless from '@xterm/headless';
import type { Terminal as HeadlessTerminal } from '@xterm/headless';
import { compactPlainChunks, isPlain, minKeepLineFeeds, splitUnfinished } from './screen-skip.js';

const { Terminal } = xtermHeadless;

/** Scrollback lines of the host copy, all sent with each screen (serialising costs ~0.05 ms a line). */
const SCREEN_SCROLLBACK = 200;
/** A plain run is cut down and parsed once it holds this many characters (cutting never joins what it drops). */
const COMPACT_AT = 1024 * 1024;
/** Line feeds kept of a plain run beyond the minimum, so the copy keeps a little scrollback. */
const EXTRA_KEEP = 100;

/** Characters handed to the parser but not parsed yet above which the host may pause the pty (its own memory
 * bound, the only reason it ever pauses one), and below which it resumes. */
const SCREEN_BACKLOG_HIGH = 8 * 1024 * 1024;
const SCREEN_BACKLOG_LOW = 1024 * 1024;

type Op = { data: string } | { cols: number; rows: number };

export class HostScreen {
  private readonly term: HeadlessTerminal;
  private readonly serializer = new SerializeAddon();
  /** an escape sequence left unfinished at the end of the last chunk */
  private carry = '';
  /** plain chunks not parsed yet */
  private run: string[] = [];
  private runLen = 0;
  /** input received while a snapshot is being taken (applied after it) */
  private held: Op[] | null = null;
  private snapshotting: Promise<string> | null = null;
  private disposed = false;
  /** characters received, and characters handed to the parser (the rest was cut as invisible) */
  readonly counts = { received: 0, parsed: 0 };
  private done = 0;
  private backlogHigh = false;

  /** `onBacklog(true)` when the parser's backlog passes SCREEN_BACKLOG_HIGH, `(false)` once below the low mark. */
  constructor(
    cols: number,
    rows: number,
    initial = '',
    private readonly onBacklog?: (high: boolean) => void,
  ) {
    this.term = new Terminal({ cols, rows, scrollback: SCREEN_SCROLLBACK, allowProposedApi: true });
    this.term.loadAddon(this.serializer as never);
    if (initial) this.write(initial);
  }

  write(data: string): void {
    if (this.disposed || !data) return;
    this.counts.received += data.length;
    if (this.held) this.held.push({ data });
    else this.accept(data);
  }

  resize(cols: number, rows: number): void {
    if (this.disposed) return;
    if (this.held) this.held.push({ cols, rows });
    else {
      this.flushRun();
      this.term.resize(cols, rows);
    }
  }

  /**
   * The screen (with up to SCREEN_SCROLLBACK lines) as a string that redraws it on a reset terminal, covering
   * every character written before this call; characters written meanwhile are applied afterwards. Concurrent
   * calls share one snapshot. An escape sequence left unfinished by the stream is appended, so that the live data
   * which follows completes it on the pane as it does here.
   */
  snapshot(): Promise<string> {
    if (this.snapshotting) return this.snapshotting;
    this.flushRun();
    this.held = [];
    const carry = this.carry;
    this.snapshotting = new Promise<string>((resolve) => {
      this.term.write('', () => {
        const screen = this.disposed ? '' : this.serializer.serialize({ scrollback: SCREEN_SCROLLBACK });
        const held = this.held ?? [];
        this.held = null;
        this.snapshotting = null;
        for (const op of held) {
          if ('data' in op) this.accept(op.data);
          else this.resize(op.cols, op.rows);
        }
        resolve(screen + carry);
      });
    });
    return this.snapshotting;
  }

  /**
   * The snapshot being taken, if any. It covers only what was written before it began: a caller that needs
   * everything written so far (a resync, after live data was dropped) waits for it and takes its own.
   */
  inFlight(): Promise<string> | null {
    return this.snapshotting;
  }

  /** The visible rows as text (tests and diagnostics); waits for the parser. */
  async visibleText(): Promise<string[]> {
    this.flushRun();
    await new Promise<void>((r) => this.term.write('', r));
    const b = this.term.buffer.active;
    const rows: string[] = [];
    for (let y = 0; y < this.term.rows; y++) rows.push(b.getLine(b.viewportY + y)?.translateToString(true) ?? '');
    return rows;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.run = [];
    this.held = null;
    if (this.backlogHigh) this.onBacklog?.(false);
    this.backlogHigh = false;
    this.term.dispose();
  }

  private accept(data: string): void {
    const [complete, carry] = splitUnfinished(this.carry + data);
    this.carry = carry;
    if (!complete) return;
    if (isPlain(complete)) {
      this.run.push(complete);
      this.runLen += complete.length;
      if (this.runLen >= COMPACT_AT) this.flushRun();
      return;
    }
    this.flushRun();
    this.parse(complete);
  }

  private flushRun(): void {
    if (!this.runLen) return;
    const run = this.run;
    this.run = [];
    this.runLen = 0;
    this.parse(compactPlainChunks(run, minKeepLineFeeds(this.term.rows) + EXTRA_KEEP));
  }

  private parse(s: string): void {
    this.counts.parsed += s.length;
    this.term.write(s, () => {
      this.done += s.length;
      if (this.backlogHigh && this.counts.parsed - this.done < SCREEN_BACKLOG_LOW) {
        this.backlogHigh = false;
        this.onBacklog?.(false);
      }
    });
    if (!this.backlogHigh && this.counts.parsed - this.done > SCREEN_BACKLOG_HIGH) {
      this.backlogHigh = true;
      this.onBacklog?.(true);
    }
  }
}
