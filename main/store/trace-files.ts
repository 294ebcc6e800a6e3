// Trace file naming and discovery under FLOE_HOME (SPEC §8):
// agents/<agent>/traces/<yyyy-mm-dd>/<session-id>_<NNN>.jsonl. Must not read file contents or use the database.
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

const NUMBERED = /^(.*)_(\d+)\.jsonl$/;

/** Session id from a trace file name: the name up to `_NNN.jsonl` (or up to `.jsonl`). */
export function sessionIdOfTraceFile(file: string): string {
  const name = basename(file);
  const m = NUMBERED.exec(name);
  if (m) return m[1]!;
  return name.replace(/\.jsonl$/, '');
}

/** The `NNN` part as a number (0 when the name has none); orders the files of one session. */
export function fileNoOfTraceFile(file: string): number {
  const m = NUMBERED.exec(basename(file));
  return m ? Number(m[2]) : 0;
}

export interface TraceFile {
  path: string;
  agent: string;
  sessionId: string;
  fileNo: number;
}

function dirs(path: string): string[] {
  try {
    return readdirSync(path, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

/** Every `agents/*\/traces/*\/*.jsonl` under home, ordered by session id, then file number, then path. */
export function listTraceFiles(home: string): TraceFile[] {
  const out: TraceFile[] = [];
  const agentsDir = join(home, 'agents');
  for (const agent of dirs(agentsDir)) {
    const tracesDir = join(agentsDir, agent, 'traces');
    for (const day of dirs(tracesDir)) {
      const dayDir = join(tracesDir, day);
      let names: string[];
      try {
        names = readdirSync(dayDir, { withFileTypes: true })
          .filter((d) => d.isFile() && d.name.endsWith('.jsonl'))
          .map((d) => d.name);
      } catch {
        continue;
      }
      for (const name of names) {
        const path = join(dayDir, name);
        out.push({ path, agent, sessionId: sessionIdOfTraceFile(name), fileNo: fileNoOfTraceFile(name) });
      }
    }
  }
  return out.sort((a, b) =>
    a.sessionId !== b.sessionId
      ? a.sessionId < b.sessionId ? -1 : 1
      : a.fileNo !== b.fileNo
        ? a.fileNo - b.fileNo
        : a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  );
}
