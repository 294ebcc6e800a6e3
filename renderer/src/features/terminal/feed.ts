// How much of a pane's incoming data is handed to xterm at each animation frame (issue 21: a flooded pane must not
// make long frames). xterm parses what it is given in the frame's task, so the pane gives it at most a frame's
// budget of parsing (`budgetMs`, in characters by the parse rate measured so far) and waits for that to be parsed
// before giving more. When the backlog needs more than `maxBacklogFrames` frames to parse, drawing it would only
// show history late: the pane drops it and asks the host for the screen as it is now (`commands.ack` with
// `behind`, answered by `terminal.resync`), dropping what arrives until then. Pure: no timers, no DOM, no xterm.

export interface FeedConfig {
  /** ms of xterm parsing a pane may cause per frame */
  budgetMs: number;
  /** a backlog that needs more frames than this is skipped */
  maxBacklogFrames: number;
  /** the parse rate assumed before any was measured, characters per ms */
  initialRate: number;
  /** bounds of the measured rate, characters per ms (one slow sample, a GC say, must not starve the pane) */
  minRate: number;
  maxRate: number;
}

/**
 * 4 ms: measured in the ui-flood bench (headless Chromium, DOM renderer), a flooded pane's frame spent ~10 ms on
 * drawing the rows (style, layout, paint, commit) besides the parsing; with 8 ms of parsing that was over a 16.7 ms
 * frame, and 2-7 frames a flood took 33-67 ms.
 */
const FEED_DEFAULTS: FeedConfig = {
  budgetMs: 4,
  maxBacklogFrames: 6,
  initialRate: 2000,
  minRate: 200,
  maxRate: 50_000,
};

/** Samples smaller than this say more about timer latency than about parsing: not used for the rate. */
const MIN_SAMPLE_CHARS = 2048;

/** Data up to this size that arrives when nothing else waits is handed to xterm at once (a keystroke's echo, a
 * prompt): waiting for the next frame would show it a frame later, and its parsing costs nothing. */
const AT_ONCE_CHARS = 1024;

export interface FrameStep {
  /** hand this to xterm now ('' for nothing) */
  write: string;
  /** characters dropped unparsed: acknowledge them as skipped and wait for the host's screen */
  skipped: number;
}

export class PaneFeed {
  private readonly cfg: FeedConfig;
  private queue: string[] = [];
  private queued = 0;
  private inFlight = 0;
  private rateEstimate: number;
  private skippingNow = false;

  constructor(cfg: Partial<FeedConfig> = {}) {
    this.cfg = { ...FEED_DEFAULTS, ...cfg };
    this.rateEstimate = this.cfg.initialRate;
  }

  /** Characters waiting to be handed to xterm. */
  get backlog(): number {
    return this.queued;
  }

  /** The parse rate used for the budget, characters per ms. */
  get rate(): number {
    return this.rateEstimate;
  }

  /** True from a skip until the host's screen arrives (resynced). */
  get skipping(): boolean {
    return this.skippingNow;
  }

  /** Characters one frame may hand to xterm. */
  get frameChars(): number {
    return Math.max(1, Math.floor(this.rateEstimate * this.cfg.budgetMs));
  }

  /** Data arrived. Returns how many characters were dropped at once (while skipping: all of it). */
  push(data: string): number {
    if (!data) return 0;
    if (this.skippingNow) return data.length;
    this.queue.push(data);
    this.queued += data.length;
    return 0;
  }

  /**
   * What to hand xterm right now, without waiting for a frame: the queue when it is small (AT_ONCE_CHARS) and
   * nothing else is waiting or being parsed; else ''. Counted as in flight like a frame's write.
   */
  atOnce(): string {
    if (this.skippingNow || this.inFlight > 0 || this.queued === 0 || this.queued > AT_ONCE_CHARS) return '';
    const write = this.queue.length === 1 ? this.queue[0]! : this.queue.join('');
    this.queue = [];
    this.queued = 0;
    this.inFlight += write.length;
    return write;
  }

  /** True when frame() has something to do (the caller keeps asking for frames while it does). */
  get wantsFrame(): boolean {
    return this.queued > 0;
  }

  /** An animation frame: what to write now, or what to skip. */
  frame(): FrameStep {
    if (this.skippingNow || this.queued === 0) return { write: '', skipped: 0 };
    const budget = this.frameChars;
    if (this.queued + this.inFlight > budget * this.cfg.maxBacklogFrames) {
      const skipped = this.queued;
      this.queue = [];
      this.queued = 0;
      this.skippingNow = true;
      return { write: '', skipped };
    }
    // one frame's worth at a time: xterm has parsed the previous one before it gets more
    if (this.inFlight > 0) return { write: '', skipped: 0 };
    let write = '';
    while (this.queue.length && write.length < budget) {
      const head = this.queue[0]!;
      const room = budget - write.length;
      if (head.length <= room) {
        write += head;
        this.queue.shift();
      } else {
        // never between the halves of a surrogate pair (a pair alone in a frame goes whole)
        let cut = room;
        const code = head.charCodeAt(cut - 1);
        if (code >= 0xd800 && code <= 0xdbff) {
          if (cut > 1) cut--;
          else if (write) break;
          else cut = 2;
        }
        write += head.slice(0, cut);
        this.queue[0] = head.slice(cut);
      }
    }
    this.queued -= write.length;
    this.inFlight += write.length;
    return { write, skipped: 0 };
  }

  /** xterm parsed `chars` handed over by frame(), `ms` after they were written. */
  parsed(chars: number, ms: number): void {
    this.inFlight = Math.max(0, this.inFlight - chars);
    if (chars < MIN_SAMPLE_CHARS) return;
    const sample = chars / Math.max(ms, 0.5);
    const next = this.rateEstimate * 0.7 + sample * 0.3;
    this.rateEstimate = Math.min(this.cfg.maxRate, Math.max(this.cfg.minRate, next));
  }

  /**
   * The host's screen is being drawn: what is still queued predates it and is covered by it. Returns those
   * characters (to acknowledge); live data is taken again from now on.
   */
  resynced(): number {
    const dropped = this.queued;
    this.queue = [];
    this.queued = 0;
    this.skippingNow = false;
    return dropped;
  }
}
