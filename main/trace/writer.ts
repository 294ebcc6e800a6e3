// TraceWriter (SPEC §9): appends OmniMessages to a JSON Lines trace file, one record = one write on an fd opened
// for append, so records never interleave and a crash can at most tear the last line (healed on the next open).
// It must not write partials or origin-tagged messages, must not buffer records, and never rewrites earlier lines.
import * as nodeFs from 'node:fs';
import { dirname } from 'node:path';
import type { OmniMessage } from '../../shared/omni/types.js';

/** Called after each record is written: byte offset where the record starts, its length in bytes (with `\n`). */
export type AppendListener = (offset: number, length: number, msg: OmniMessage) => void;

/** The few fs calls the writer makes; injectable so tests can simulate a full disk. */
export interface TraceFs {
  openSync: (path: string, flags: string, mode?: number) => number;
  writeSync: (fd: number, buf: Buffer, offset: number, length: number) => number;
  readSync: (fd: number, buf: Buffer, offset: number, length: number, position: number) => number;
  fstatSync: (fd: number) => { size: number; isFile(): boolean };
  ftruncateSync: (fd: number, len: number) => void;
  closeSync: (fd: number) => void;
  mkdirSync: (path: string, opts: { recursive: true }) => unknown;
}

export interface TraceWriterOptions {
  listener?: AppendListener;
  /** override fs calls (tests) */
  fs?: Partial<TraceFs>;
}

const defaultFs: TraceFs = {
  openSync: (p, f, m) => nodeFs.openSync(p, f, m),
  writeSync: (fd, b, o, l) => nodeFs.writeSync(fd, b, o, l),
  readSync: (fd, b, o, l, p) => nodeFs.readSync(fd, b, o, l, p),
  fstatSync: (fd) => nodeFs.fstatSync(fd),
  ftruncateSync: (fd, l) => nodeFs.ftruncateSync(fd, l),
  closeSync: (fd) => nodeFs.closeSync(fd),
  mkdirSync: (p, o) => nodeFs.mkdirSync(p, { mode: 0o700, ...o }),
};

/** The trace file cannot be opened: a problem of the user's disk or FLOE_HOME, never a bug (no stack trace). */
class TraceOpenError extends Error {
  override readonly name = 'TraceOpenError';
  readonly userError = true;
  readonly code = 'bad_request' as const;
}

function describeCause(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err?.code) {
    case 'ENOSPC':
      return 'no space left on device (ENOSPC). Free some disk space, then continue; earlier records are intact';
    case 'EDQUOT':
      return 'disk quota exceeded (EDQUOT). Free some space or raise the quota; earlier records are intact';
    case 'EACCES':
    case 'EPERM':
      return `permission denied (${err.code}). Check the owner and mode of the file and its folder`;
    case 'EROFS':
      return 'the file system is read-only (EROFS). Point FLOE_HOME at a writable folder';
    case 'EISDIR':
      return 'the path is a directory (EISDIR)';
    case 'ENOTDIR':
    case 'EEXIST':
      return `a part of the path is a file, not a folder (${err.code}). Move that file away or point FLOE_HOME elsewhere`;
    default:
      return err?.message ?? String(e);
  }
}

/** Why a message may not go into a trace, or undefined when it may. */
function traceRefusal(msg: OmniMessage): string | undefined {
  const ptype = (msg?.payload as { type?: unknown } | undefined)?.type;
  if (typeof ptype === 'string' && ptype.startsWith('partial_')) {
    return `streaming partial "${ptype}" messages are never written to a trace (write the complete message instead)`;
  }
  if (msg?.origin !== undefined) {
    return `messages carrying "origin" (a subagent's messages, origin ${JSON.stringify(msg.origin)}) belong to the child's own trace, not this one`;
  }
  return undefined;
}

/** True when the file is non-empty and its last byte is not `\n`. */
function endsTorn(fs: TraceFs, fd: number): boolean {
  const st = fs.fstatSync(fd);
  if (!st.isFile() || st.size === 0) return false;
  const last = Buffer.alloc(1);
  const n = fs.readSync(fd, last, 0, 1, st.size - 1);
  return n === 1 && last[0] !== 0x0a;
}

export class TraceWriter {
  private fd: number | null;
  private needsHeal: boolean;
  /** the file's size, read once at open and kept up to date by our own appends (-1: read it at the next append) */
  private size = -1;
  private readonly listeners = new Set<AppendListener>();

  private constructor(
    readonly file: string,
    fd: number,
    needsHeal: boolean,
    private readonly fs: TraceFs,
  ) {
    this.fd = fd;
    this.needsHeal = needsHeal;
  }

  /**
   * Opens (creating folders and the file, mode 0600) `file` for appending. If the file's last byte is not `\n`
   * (a torn last line left by a crash), the first new record is preceded by `\n` in the same write.
   */
  static open(file: string, opts?: AppendListener | TraceWriterOptions): TraceWriter {
    const o: TraceWriterOptions = typeof opts === 'function' ? { listener: opts } : (opts ?? {});
    const fs: TraceFs = { ...defaultFs, ...o.fs };
    let fd: number;
    try {
      fs.mkdirSync(dirname(file), { recursive: true });
      fd = fs.openSync(file, 'a+', 0o600);
    } catch (e) {
      throw new TraceOpenError(`Cannot open trace file ${file}: ${describeCause(e)}.`, { cause: e });
    }
    let needsHeal: boolean;
    try {
      needsHeal = endsTorn(fs, fd);
    } catch (e) {
      try {
        fs.closeSync(fd);
      } catch {
        /* already failing */
      }
      throw new Error(`Cannot read the end of trace file ${file}: ${describeCause(e)}.`, { cause: e });
    }
    const w = new TraceWriter(file, fd, needsHeal, fs);
    if (o.listener) w.listeners.add(o.listener);
    return w;
  }

  /** Adds a listener called after every successful append; returns a function that removes it. */
  onAppend(listener: AppendListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get closed(): boolean {
    return this.fd === null;
  }

  /** True until the torn last line found at open has been healed by an append. */
  get healPending(): boolean {
    return this.needsHeal;
  }

  /**
   * Writes `msg` as one JSON line with one write call; returns the byte offset where the record starts.
   * Throws a clear Error for a partial or origin-tagged message, after close, or when the write fails
   * (the file is cut back to its previous length, so earlier lines stay intact).
   */
  append(msg: OmniMessage): number {
    const refusal = traceRefusal(msg);
    if (refusal) throw new Error(`Refusing to write to trace file ${this.file}: ${refusal}.`);
    if (this.fd === null) throw new Error(`Cannot append to trace file ${this.file}: the writer is closed.`);
    const fd = this.fd;
    let json: string;
    try {
      json = JSON.stringify(msg);
    } catch (e) {
      throw new Error(
        `Cannot append to trace file ${this.file}: the message is not serializable (${(e as Error).message}).`,
        {
          cause: e,
        },
      );
    }
    const prefix = this.needsHeal ? '\n' : '';
    const buf = Buffer.from(prefix + json + '\n', 'utf8');
    let before = -1;
    try {
      if (this.size < 0) this.size = this.fs.fstatSync(fd).size;
      before = this.size;
      let done = this.fs.writeSync(fd, buf, 0, buf.length);
      // Regular files take the whole buffer in one write; finish a short write rather than lose its tail.
      while (done < buf.length) {
        const n = this.fs.writeSync(fd, buf, done, buf.length - done);
        if (n <= 0) throw Object.assign(new Error('short write'), { code: 'EIO' });
        done += n;
      }
    } catch (e) {
      this.rollback(fd, before);
      this.size = -1;
      try {
        this.needsHeal = endsTorn(this.fs, fd);
      } catch {
        /* keep the previous state */
      }
      throw new Error(`Cannot append to trace file ${this.file}: ${describeCause(e)}.`, { cause: e });
    }
    this.needsHeal = false;
    this.size = before + buf.length;
    const offset = before + prefix.length;
    const length = buf.length - prefix.length;
    for (const l of this.listeners) {
      try {
        l(offset, length, msg);
      } catch (e) {
        console.error(`trace listener failed for ${this.file}: ${(e as Error)?.message ?? e}`);
      }
    }
    return offset;
  }

  /** Cuts off whatever part of a failed record reached the file. */
  private rollback(fd: number, before: number): void {
    if (before < 0) return;
    try {
      const st = this.fs.fstatSync(fd);
      if (st.isFile() && st.size > before) this.fs.ftruncateSync(fd, before);
    } catch {
      /* best effort: the reader tolerates a torn last line, and the next open heals it */
    }
  }

  close(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    this.listeners.clear();
    try {
      this.fs.closeSync(fd);
    } catch {
      /* closing cannot lose data already written */
    }
  }
}
