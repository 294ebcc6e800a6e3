// The trace of one session as parts: `<session-id>_001.jsonl`, and after each compaction `_002`, `_003`, … in the
// same folder, each new part starting with the session_meta and the compacted context, so a resume reads only the
// latest part. Wraps the trace writer as the engine's TraceSink; the engine never sees a file name.
import path from 'node:path';
import { sessionMeta } from '../../shared/omni/builders.js';
import type { OmniMessage, SessionMetaMessage } from '../../shared/omni/types.js';
import type { TraceSink } from '../engine/session.js';
import { TraceWriter } from '../trace/writer.js';

const PART_RE = /^(.+)_(\d{3,})\.jsonl$/;

/** `<dir>/<id>_<n+1>.jsonl` for `<dir>/<id>_<n>.jsonl`. */
function nextPartPath(file: string): string {
  const m = PART_RE.exec(path.basename(file));
  if (!m) throw new Error(`trace file ${file} is not named <session-id>_<NNN>.jsonl; cannot start the next part`);
  return path.join(path.dirname(file), `${m[1]}_${String(Number(m[2]) + 1).padStart(3, '0')}.jsonl`);
}

export type PartListener = (file: string, offset: number, length: number, msg: OmniMessage) => void;

export class TraceParts implements TraceSink {
  private writer: TraceWriter;

  constructor(
    private file: string,
    private readonly meta: SessionMetaMessage,
    private readonly listener?: PartListener,
  ) {
    this.writer = this.open(file);
  }

  /** the part being written */
  get current(): string {
    return this.file;
  }

  private open(file: string): TraceWriter {
    const l = this.listener;
    // the writer reports lengths with the newline; listeners get the record's bytes without it
    return TraceWriter.open(
      file,
      l ? (offset: number, length: number, msg: OmniMessage) => l(file, offset, length - 1, msg) : undefined,
    );
  }

  append(msg: OmniMessage): number {
    return this.writer.append(msg);
  }

  startPart(context: OmniMessage[]): void {
    const next = nextPartPath(this.file);
    this.writer.close();
    this.file = next;
    this.writer = this.open(next);
    this.writer.append(sessionMeta(this.meta.payload));
    for (const m of context) this.writer.append(m);
  }

  close(): void {
    this.writer.close();
  }
}
