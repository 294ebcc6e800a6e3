// Pure, incremental: tells when streamed text has closed one top-level JSON object or array (brackets counted
// outside strings, escapes honoured), in time linear in the text, so a reader can hand on a tool call whose
// arguments are whole without waiting for the stream's end (SPEC §3) and without parsing the text at every
// fragment. A scalar never counts as closed (`1` may still grow into `12`). The caller confirms with JSON.parse.

export class JsonEnd {
  private depth = 0;
  private started = false;
  private inString = false;
  private escaped = false;
  /** true once the top-level object or array has closed (further text cannot extend it) */
  closed = false;

  /** Feeds the next fragment; returns `closed`. */
  push(fragment: string): boolean {
    if (this.closed) return true;
    for (let i = 0; i < fragment.length; i++) {
      const c = fragment.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 0x5c)
          this.escaped = true; // backslash
        else if (c === 0x22) this.inString = false; // quote
        continue;
      }
      if (c === 0x22) this.inString = true;
      else if (c === 0x7b || c === 0x5b) {
        this.depth++;
        this.started = true;
      } else if (c === 0x7d || c === 0x5d) {
        this.depth--;
        if (this.started && this.depth === 0) {
          this.closed = true;
          return true;
        }
      } else if (!this.started && c > 0x20) return false; // a scalar at the top: never closed here
    }
    return false;
  }
}
