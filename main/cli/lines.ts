// Line reader over stdin for approval prompts: works when stdin is a TTY or a pipe; EOF answers every later
// question with `null`. Created lazily so a run that never asks never touches stdin.
import readline from 'node:readline';

export class StdinLines {
  private rl?: readline.Interface;
  private buffered: string[] = [];
  private waiters: ((line: string | null) => void)[] = [];
  private ended = false;

  private start(): void {
    if (this.rl || this.ended) return;
    this.rl = readline.createInterface({ input: process.stdin, terminal: false });
    this.rl.on('line', (l) => {
      const w = this.waiters.shift();
      if (w) w(l);
      else this.buffered.push(l);
    });
    this.rl.on('close', () => {
      this.ended = true;
      for (const w of this.waiters.splice(0)) w(null);
    });
  }

  /** Next line, or null at EOF (or when aborted). */
  next(signal?: AbortSignal): Promise<string | null> {
    this.start();
    if (this.buffered.length) return Promise.resolve(this.buffered.shift()!);
    if (this.ended || signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const w = (l: string | null) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(l);
      };
      const onAbort = () => {
        this.waiters = this.waiters.filter((x) => x !== w);
        resolve(null);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(w);
    });
  }

  close(): void {
    this.rl?.close();
    this.rl = undefined;
    this.ended = true;
    process.stdin.pause();
  }
}
