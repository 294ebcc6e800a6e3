// A bounded FIFO of raw terminal output (what a late-opened pane replays). Keeps the newest `capBytes` bytes
// (UTF-8), dropping whole chunks from the front and cutting the oldest kept chunk at a character boundary.
// Must not interpret the data.

export class RawBuffer {
  private chunks: string[] = [];
  private bytes: number[] = [];
  private total = 0;

  constructor(private readonly capBytes: number) {}

  push(data: string): void {
    if (!data) return;
    const n = Buffer.byteLength(data, 'utf8');
    this.chunks.push(data);
    this.bytes.push(n);
    this.total += n;
    while (this.total > this.capBytes && this.chunks.length > 0) {
      const excess = this.total - this.capBytes;
      if (this.bytes[0] <= excess) {
        this.total -= this.bytes[0];
        this.chunks.shift();
        this.bytes.shift();
        continue;
      }
      // cut the front of the oldest chunk by at least `excess` bytes, on a code point boundary
      const buf = Buffer.from(this.chunks[0], 'utf8');
      let cut = excess;
      while (cut < buf.length && (buf[cut] & 0xc0) === 0x80) cut++;
      const rest = buf.subarray(cut).toString('utf8');
      this.total -= this.bytes[0] - (buf.length - cut);
      this.chunks[0] = rest;
      this.bytes[0] = buf.length - cut;
    }
  }

  /** Byte size currently kept. */
  get size(): number {
    return this.total;
  }

  toString(): string {
    return this.chunks.join('');
  }
}
