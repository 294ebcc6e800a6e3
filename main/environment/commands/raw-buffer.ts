// A bounded FIFO of raw terminal output (what a late-opened pane replays). Keeps the newest `capBytes` bytes
// (UTF-8). push() only drops whole chunks (cheap at pty speed) and may keep up to one chunk more than the cap; the
// exact cut of the oldest kept chunk, at a character boundary, is made when the buffer is read.
// Must not interpret the data.

export class RawBuffer {
  private chunks: string[] = [];
  private bytes: number[] = [];
  /** first live entry of chunks/bytes (dropped entries before it are compacted away now and then) */
  private head = 0;
  private total = 0;

  constructor(private readonly capBytes: number) {}

  push(data: string): void {
    if (!data) return;
    const n = Buffer.byteLength(data, 'utf8');
    this.chunks.push(data);
    this.bytes.push(n);
    this.total += n;
    // drop whole chunks from the front while what stays still holds the cap
    while (this.head < this.chunks.length - 1 && this.total - this.bytes[this.head] >= this.capBytes) {
      this.total -= this.bytes[this.head];
      this.chunks[this.head] = '';
      this.head++;
    }
    if (this.head > 1024) {
      this.chunks = this.chunks.slice(this.head);
      this.bytes = this.bytes.slice(this.head);
      this.head = 0;
    }
  }

  /** Byte size currently kept. */
  get size(): number {
    this.trim();
    return this.total;
  }

  toString(): string {
    this.trim();
    return this.chunks.slice(this.head).join('');
  }

  /** Cuts the oldest kept chunk so that exactly the newest capBytes bytes (or fewer, at a boundary) remain. */
  private trim(): void {
    while (this.total > this.capBytes && this.head < this.chunks.length) {
      const excess = this.total - this.capBytes;
      if (this.bytes[this.head] <= excess) {
        this.total -= this.bytes[this.head];
        this.chunks[this.head] = '';
        this.head++;
        continue;
      }
      // cut the front of the oldest chunk by at least `excess` bytes, on a code point boundary
      const buf = Buffer.from(this.chunks[this.head], 'utf8');
      let cut = excess;
      while (cut < buf.length && (buf[cut] & 0xc0) === 0x80) cut++;
      this.total -= cut;
      this.chunks[this.head] = buf.subarray(cut).toString('utf8');
      this.bytes[this.head] = buf.length - cut;
    }
  }
}
