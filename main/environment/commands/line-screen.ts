// Pure: the normal (not alternate) screen of a command's terminal as the model reads it — a streaming renderer of
// raw pty text into logical lines. Text is kept as written: tabs stay tabs, UTF-8 (wide, combining) untouched, and
// a line is never broken into rows, however long. It still behaves like a terminal where output depends on it:
// `\r`, backspace and cursor moves overwrite (a progress bar collapses to its last state), erase sequences erase,
// colour and every other escape sequence is dropped. Lines that scroll above the last `rows` lines are final and
// handed to `emit`; `takeLive()` hands over the rest up to the cursor, remembering what of the cursor's line was
// already given so a later read continues it. Entering the alternate screen stops the feed (the caller hands the
// rest to a real terminal emulator). Columns count UTF-16 units, not cells (see docs/commands.md).
// Must not touch a pty, a terminal emulator or the clock.
import { continueLine, renderLive } from './clean-text.js';

/** Where a feed stopped: the index just after a sequence that enters the alternate screen. */
export type FeedResult = { altAt: number } | undefined;

export interface LineScreenOptions {
  rows: number;
  /** receives final text (complete lines with their `\n`, or a continuation of what takeLive gave) */
  emit: (text: string) => void;
  /** longest line kept, in UTF-16 units; more is dropped (default 1 MiB) */
  lineCap?: number;
  /** true while `emit` would drop what it gets (its buffer is full): scrolled lines are then not rendered */
  full?: () => boolean;
}

const enum St {
  Ground,
  Esc,
  EscInter,
  Csi,
  Str,
  StrEsc,
}

const ALT_MODES = new Set([1049, 1047, 47]);

/** Text without trailing spaces (what a person copies from a terminal line). */
function trimSpaces(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 32) end--;
  return end === s.length ? s : s.slice(0, end);
}

const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

export class LineScreen {
  private rows: number;
  private readonly emit: (text: string) => void;
  private readonly lineCap: number;
  private readonly full: () => boolean;
  /** lines[top .. top+rows) is the screen; lines before top are already handed to emit */
  private lines: string[] = [''];
  private top = 0;
  private row = 0;
  private col = 0;
  /** first line not completely handed out yet, and what of it was (by takeLive) */
  private mark = 0;
  private seen = '';
  private saved: [number, number] = [0, 0];
  private st = St.Ground;
  private params = '';

  constructor(opts: LineScreenOptions) {
    this.rows = Math.max(1, opts.rows);
    this.emit = opts.emit;
    this.lineCap = opts.lineCap ?? 1024 * 1024;
    this.full = opts.full ?? (() => false);
  }

  /** True when the parser is not inside an escape sequence. */
  inText(): boolean {
    return this.st === St.Ground;
  }

  /** Cursor position on the screen (0-based), for handing over to a terminal emulator. */
  cursor(): { row: number; col: number } {
    return { row: this.row - this.top, col: this.col };
  }

  resize(rows: number): void {
    this.rows = Math.max(1, rows);
    while (this.lines.length - this.top > this.rows && this.row > this.top) this.scroll();
  }

  /**
   * Feeds raw text from `from`. Stops right after a sequence that enters the alternate screen and returns where;
   * undefined when everything was consumed.
   */
  feed(data: string, from = 0): FeedResult {
    let i = from;
    const n = data.length;
    while (i < n) {
      if (this.st === St.Ground) {
        // a run of printable text ends at a C0 control (except TAB), DEL or a C1 control
        let end = i;
        for (; end < n; end++) {
          const d = data.charCodeAt(end);
          if (d < 0x20 ? d !== 9 : d >= 0x7f && d <= 0x9f) break;
        }
        if (end > i) this.print(end - i === n ? data : data.slice(i, end));
        if (end === n) return undefined;
        const c = data.charCodeAt(end);
        if (c === 0x1b && data.charCodeAt(end + 1) === 0x5b) {
          // fast path for the commonest sequence, a colour (CSI … m): skip it without the state machine
          let k = end + 2;
          let d = 0;
          while (k < n && (d = data.charCodeAt(k)) >= 0x30 && d <= 0x3f) k++;
          if (k < n && d === 0x6d) {
            i = k + 1;
            continue;
          }
        }
        i = end + 1;
        this.control(c);
        continue;
      }
      const c = data.charCodeAt(i);
      if (this.st === St.Str) {
        // OSC / DCS / APC / PM / SOS: skip to BEL or ESC
        let j = i;
        while (j < n) {
          const d = data.charCodeAt(j);
          if (d === 7 || d === 0x1b) break;
          j++;
        }
        if (j === n) return undefined;
        i = j + 1;
        this.st = data.charCodeAt(j) === 7 ? St.Ground : St.StrEsc;
        continue;
      }
      i++;
      if (this.st === St.StrEsc) {
        // ESC \ ends the string; any other ESC sequence starts afresh
        if (c === 0x5c) this.st = St.Ground;
        else {
          this.st = St.Esc;
          i--;
        }
        continue;
      }
      if (this.st === St.Esc) {
        this.escape(c);
        continue;
      }
      if (this.st === St.EscInter) {
        if (c >= 0x30 && c <= 0x7e) this.st = St.Ground;
        else if (c === 0x1b) this.st = St.Esc;
        continue;
      }
      // CSI: collect parameter and intermediate bytes up to the final byte in one go
      let j = i - 1;
      while (j < n) {
        const d = data.charCodeAt(j);
        if (d < 0x20 || d > 0x3f) break;
        j++;
      }
      if (j > i - 1 && this.params.length < 64) this.params += data.slice(i - 1, Math.min(j, i - 1 + 64));
      if (j === n) return undefined;
      i = j + 1;
      const d = data.charCodeAt(j);
      if (d >= 0x40 && d <= 0x7e) {
        this.st = St.Ground;
        if (this.csi(d)) return { altAt: i };
      } else if (d === 0x1b) {
        this.st = St.Esc;
      } else if (d < 0x20) {
        this.control(d); // a C0 control inside a CSI sequence is executed; the sequence goes on
      } else {
        this.st = St.Ground; // not a CSI byte: drop the sequence
      }
    }
    return undefined;
  }

  /**
   * Stands in for `count` lines of plain text ending in `\r\n` whose content nobody will see (the caller makes
   * sure they scroll off before the next read): the cursor moves down as if they had been printed.
   */
  skipLines(count: number): void {
    for (let k = 0; k < count; k++) {
      this.col = 0;
      this.lineFeed();
    }
    this.col = 0;
  }

  /**
   * Like skipLines for at least two screens of lines: every line now on screen scrolls off unseen, the cursor
   * ends at column 0 of the bottom row of a screen whose other rows held skipped text.
   */
  skipScreen(): void {
    this.lines = new Array<string>(this.rows).fill('');
    this.top = 0;
    this.row = this.rows - 1;
    this.col = 0;
    this.mark = 0;
    this.seen = '';
  }

  /** Hands over what the screen shows from the first unread line to the cursor (or the last non-blank line). */
  takeLive(): void {
    let last = this.row;
    for (let i = this.lines.length - 1; i > last; i--) {
      if (trimSpaces(this.lines[i])) {
        last = i;
        break;
      }
    }
    if (last < this.mark) return;
    const texts: string[] = [];
    for (let i = this.mark; i <= last; i++) texts.push(trimSpaces(this.lines[i]));
    this.emit(renderLive(this.seen, texts));
    this.seen = texts[texts.length - 1];
    this.mark = last;
  }

  /**
   * Hands over only lines the cursor has left (complete lines): for streaming, where a line still being written
   * (a progress bar) must not be given out half-done.
   */
  takeComplete(): void {
    if (this.row <= this.mark) return;
    const texts: string[] = [];
    for (let i = this.mark; i < this.row; i++) texts.push(trimSpaces(this.lines[i]));
    this.emit(
      `${continueLine(this.seen, texts[0])}\n${texts
        .slice(1)
        .map((t) => `${t}\n`)
        .join('')}`,
    );
    this.seen = '';
    this.mark = this.row;
  }

  private line(): string {
    return this.lines[this.row];
  }

  private print(t: string): void {
    const line = this.line();
    const col = this.col;
    if (col >= line.length) {
      if (line.length >= this.lineCap) return;
      let add = col > line.length ? ' '.repeat(col - line.length) + t : t;
      if (line.length + add.length > this.lineCap) add = add.slice(0, this.lineCap - line.length);
      this.lines[this.row] = line + add;
      this.col = line.length + add.length;
      return;
    }
    // overwrite in place, never leaving half of a surrogate pair behind
    let start = col;
    if (start > 0 && isLow(line.charCodeAt(start))) start--;
    let end = start + t.length;
    if (end < line.length && isLow(line.charCodeAt(end))) end++;
    this.lines[this.row] = line.slice(0, start) + t + line.slice(end);
    this.col = start + t.length;
  }

  private control(c: number): void {
    switch (c) {
      case 0x0a:
      case 0x0b:
      case 0x0c:
        this.lineFeed();
        break;
      case 0x0d:
        this.col = 0;
        break;
      case 0x08:
        if (this.col > 0) this.col--;
        break;
      case 0x1b:
        this.st = St.Esc;
        break;
      default:
        break; // BEL, SO/SI, C1 controls …: nothing to show
    }
  }

  private lineFeed(): void {
    if (this.row + 1 >= this.top + this.rows) {
      if (this.row + 1 >= this.lines.length) this.lines.push('');
      this.scroll();
    } else if (this.row + 1 >= this.lines.length) {
      this.lines.push('');
    }
    this.row++;
  }

  /** The top screen line becomes final. */
  private scroll(): void {
    const text = this.lines[this.top];
    if (this.top === this.mark) {
      if (!this.full()) this.emit(`${continueLine(this.seen, trimSpaces(text))}\n`);
      this.seen = '';
      this.mark++;
    }
    this.lines[this.top] = '';
    this.top++;
    if (this.top > 4096) {
      // drop the final lines from the array now and then (indices are absolute)
      this.lines = this.lines.slice(this.top);
      this.row -= this.top;
      this.mark -= this.top;
      this.top = 0;
    }
  }

  private ensureRow(r: number): void {
    while (this.lines.length <= r) this.lines.push('');
  }

  private moveTo(r: number, c: number): void {
    const row = this.top + Math.min(Math.max(0, r), this.rows - 1);
    this.ensureRow(row);
    this.row = row;
    this.col = Math.max(0, c);
  }

  private escape(c: number): void {
    this.st = St.Ground;
    switch (c) {
      case 0x5b: // [
        this.st = St.Csi;
        this.params = '';
        break;
      case 0x5d: // ]
      case 0x50: // P
      case 0x5f: // _
      case 0x5e: // ^
      case 0x58: // X
        this.st = St.Str;
        break;
      case 0x37: // 7
        this.saved = [this.row - this.top, this.col];
        break;
      case 0x38: // 8
        this.moveTo(this.saved[0], this.saved[1]);
        break;
      case 0x44: // D: index
        this.lineFeed();
        break;
      case 0x45: // E: next line
        this.col = 0;
        this.lineFeed();
        break;
      case 0x4d: // M: reverse index
        if (this.row > this.top) this.row--;
        break;
      case 0x63: // c: reset
        this.eraseScreen(2);
        this.moveTo(0, 0);
        break;
      default:
        if (c >= 0x20 && c <= 0x2f) this.st = St.EscInter;
        else if (c === 0x1b) this.st = St.Esc;
    }
  }

  private eraseScreen(mode: number): void {
    const end = Math.min(this.lines.length, this.top + this.rows);
    if (mode === 0) {
      this.lines[this.row] = this.line().slice(0, this.col);
      for (let i = this.row + 1; i < end; i++) this.lines[i] = '';
    } else if (mode === 1) {
      for (let i = this.top; i < this.row; i++) this.lines[i] = '';
      this.eraseLine(1);
    } else {
      for (let i = this.top; i < end; i++) this.lines[i] = '';
    }
  }

  private eraseLine(mode: number): void {
    const line = this.line();
    if (mode === 0) this.lines[this.row] = line.slice(0, this.col);
    else if (mode === 1)
      this.lines[this.row] = ' '.repeat(Math.min(this.col + 1, line.length)) + line.slice(this.col + 1);
    else this.lines[this.row] = '';
  }

  /** Runs one CSI sequence; true when it enters the alternate screen. */
  private csi(final: number): boolean {
    if (final === 0x6d) return false; // m: colours and attributes, the most common by far
    const p = this.params;
    const priv = p.length > 0 && p.charCodeAt(0) >= 0x3c && p.charCodeAt(0) <= 0x3f ? p[0] : '';
    const nums = (priv ? p.slice(1) : p).split(/[;:]/).map((s) => (s === '' ? NaN : Number(s)));
    const n = (i: number, dflt: number): number => {
      const v = nums[i];
      return Number.isFinite(v) && v > 0 ? v : dflt;
    };
    const z = (i: number): number => (Number.isFinite(nums[i]) ? nums[i] : 0);
    if (priv) {
      return priv === '?' && final === 0x68 && nums.some((v) => ALT_MODES.has(v)); // h
    }
    const line = this.line();
    switch (final) {
      case 0x6d: // m: colours and attributes
        break;
      case 0x4b: // K
        this.eraseLine(z(0));
        break;
      case 0x4a: // J
        this.eraseScreen(z(0));
        break;
      case 0x48: // H
      case 0x66: // f
        this.moveTo(n(0, 1) - 1, n(1, 1) - 1);
        break;
      case 0x41: // A
        this.row = Math.max(this.top, this.row - n(0, 1));
        break;
      case 0x42: // B
      case 0x65: // e
        this.moveTo(this.row - this.top + n(0, 1), this.col);
        break;
      case 0x43: // C
      case 0x61: // a
        this.col += n(0, 1);
        break;
      case 0x44: // D
        this.col = Math.max(0, this.col - n(0, 1));
        break;
      case 0x45: // E
        this.moveTo(this.row - this.top + n(0, 1), 0);
        break;
      case 0x46: // F
        this.row = Math.max(this.top, this.row - n(0, 1));
        this.col = 0;
        break;
      case 0x47: // G
      case 0x60: // `
        this.col = n(0, 1) - 1;
        break;
      case 0x64: // d
        this.moveTo(n(0, 1) - 1, this.col);
        break;
      case 0x50: // P: delete characters
        this.lines[this.row] = line.slice(0, this.col) + line.slice(this.col + n(0, 1));
        break;
      case 0x40: // @: insert blanks
        if (this.col < line.length)
          this.lines[this.row] = line.slice(0, this.col) + ' '.repeat(n(0, 1)) + line.slice(this.col);
        break;
      case 0x58: // X: erase characters
        if (this.col < line.length) {
          const k = Math.min(n(0, 1), line.length - this.col);
          this.lines[this.row] = line.slice(0, this.col) + ' '.repeat(k) + line.slice(this.col + k);
        }
        break;
      case 0x53: // S: scroll up
        for (let k = n(0, 1); k > 0; k--) {
          this.ensureRow(this.top + this.rows);
          this.scroll();
          if (this.row < this.top) this.row = this.top;
        }
        break;
      case 0x73: // s
        this.saved = [this.row - this.top, this.col];
        break;
      case 0x75: // u
        this.moveTo(this.saved[0], this.saved[1]);
        break;
      default:
        break; // scroll regions, modes, reports …: nothing the text needs
    }
    return false;
  }
}
