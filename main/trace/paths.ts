// Trace file locations (SPEC §8–9): session ids, the path of each part of a session's trace, the scratchpad, and
// the one walk of the traces folder (findTraceFiles for a session, listTraceFiles for all; symlinks not followed).
// Pure path arithmetic plus read-only directory scans. Must not create or write anything.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

const SESSION_ID_RE = /^session-(\d{4})-(\d{2})-(\d{2})-(\d{2})-(\d{2})-(\d{2})-([0-9a-f]{8})$/;
/** Names that may become one path segment: no separators, no `.`/`..`, nothing hidden. */
const SAFE_SEGMENT_RE = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const PART_FILE_RE = /^(.+)_(\d{3,})\.jsonl$/;
/** Any `<name>_<digits>.jsonl` (imported and older files may have fewer than three digits). */
const NUMBERED_RE = /^(.*)_(\d+)\.jsonl$/;

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** `session-YYYY-MM-DD-HH-mm-ss-<8 hex>` in UTC. */
export function newSessionId(date: Date = new Date()): string {
  const d = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const t = `${pad(date.getUTCHours())}-${pad(date.getUTCMinutes())}-${pad(date.getUTCSeconds())}`;
  return `session-${d}-${t}-${randomBytes(4).toString('hex')}`;
}

export function isSessionId(s: string): boolean {
  return SESSION_ID_RE.test(s);
}

/** `yyyy-mm-dd` of a session id, or undefined when it is not one of ours. */
export function sessionDate(sessionId: string): string | undefined {
  const m = SESSION_ID_RE.exec(sessionId);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

/** Longest agent name or session id: a trace file name (`<id>_NNN.jsonl`) must stay under 255 bytes. */
export const MAX_SEGMENT = 200;

/** True for a name that is safe as a single path segment (agent names, session ids). */
export function isSafeSegment(s: string): boolean {
  return s.length <= MAX_SEGMENT && SAFE_SEGMENT_RE.test(s) && s !== '.' && s !== '..';
}

function assertSegment(kind: string, s: string): void {
  if (!isSafeSegment(s)) {
    throw new Error(
      `Invalid ${kind} "${s.length > 60 ? `${s.slice(0, 60)}…` : s}": use at most ${MAX_SEGMENT} letters, digits, "_", "-" and "." (no path separators, not starting with ".").`,
    );
  }
}

/** `<home>/agents/<agent>/traces` */
function tracesDir(home: string, agent: string): string {
  assertSegment('agent name', agent);
  return join(home, 'agents', agent, 'traces');
}

/**
 * `<home>/agents/<agent>/traces/<yyyy-mm-dd>/<session-id>_<NNN>.jsonl` (date from the id; part 1 = `_001`).
 * A session id that is not ours (an imported trace) is accepted only with `fallbackDate` (e.g. its session_meta
 * timestamp), whose UTC date names the folder.
 */
export function traceFilePath(home: string, agent: string, sessionId: string, part = 1, fallbackDate?: Date): string {
  let date = sessionDate(sessionId);
  if (!date && fallbackDate && !Number.isNaN(fallbackDate.getTime()) && isSafeSegment(sessionId)) {
    date = `${fallbackDate.getUTCFullYear()}-${pad(fallbackDate.getUTCMonth() + 1)}-${pad(fallbackDate.getUTCDate())}`;
  }
  if (!date) {
    throw new Error(
      `Invalid session id "${sessionId}": expected session-YYYY-MM-DD-HH-mm-ss-<8 hex> (e.g. ${newSessionId(new Date(0))}).`,
    );
  }
  if (!Number.isInteger(part) || part < 1) throw new Error(`Invalid trace part number ${part}: parts start at 1.`);
  return join(tracesDir(home, agent), date, `${sessionId}_${pad(part, 3)}.jsonl`);
}

/** `<home>/agents/<agent>/scratchpad/<session-id>` */
export function scratchpadDir(home: string, agent: string, sessionId: string): string {
  assertSegment('agent name', agent);
  assertSegment('session id', sessionId);
  return join(home, 'agents', agent, 'scratchpad', sessionId);
}

function listDirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

/**
 * Regular files of a folder. The one rule of every walk of the traces folder (finding a session's parts, reindex):
 * symlinks are not followed, so a link in the traces folder cannot make Floe index or resume a file elsewhere.
 */
function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

/** Session id from a trace file name: the name up to `_NNN.jsonl` (or up to `.jsonl`). */
export function sessionIdOfTraceFile(file: string): string {
  const name = basename(file);
  const m = NUMBERED_RE.exec(name);
  if (m) return m[1]!;
  return name.replace(/\.jsonl$/, '');
}

/** The `NNN` part as a number (0 when the name has none); orders the files of one session. */
export function fileNoOfTraceFile(file: string): number {
  const m = NUMBERED_RE.exec(basename(file));
  return m ? Number(m[2]) : 0;
}

export interface TraceFile {
  path: string;
  agent: string;
  sessionId: string;
  fileNo: number;
}

/** Every `agents/*\/traces/*\/*.jsonl` under home, ordered by session id, then file number, then path. */
export function listTraceFiles(home: string): TraceFile[] {
  const out: TraceFile[] = [];
  const agentsDir = join(home, 'agents');
  for (const agent of listDirs(agentsDir)) {
    const root = join(agentsDir, agent, 'traces');
    for (const day of listDirs(root)) {
      for (const name of listFiles(join(root, day))) {
        if (!name.endsWith('.jsonl')) continue;
        out.push({
          path: join(root, day, name),
          agent,
          sessionId: sessionIdOfTraceFile(name),
          fileNo: fileNoOfTraceFile(name),
        });
      }
    }
  }
  return out.sort((a, b) =>
    a.sessionId !== b.sessionId
      ? a.sessionId < b.sessionId
        ? -1
        : 1
      : a.fileNo !== b.fileNo
        ? a.fileNo - b.fileNo
        : a.path < b.path
          ? -1
          : a.path > b.path
            ? 1
            : 0,
  );
}

/**
 * All parts of a session's trace, in part order. Searches one agent's traces, or every agent's when `agent` is
 * not given (the first agent holding the session wins; agents are visited in name order). Ids that are not ours
 * (imported from other harnesses) are looked for in every date folder. Returns [] when nothing is found.
 */
export function findTraceFiles(home: string, sessionId: string, agent?: string): string[] {
  if (!isSafeSegment(sessionId)) return [];
  const agents = agent !== undefined ? [agent] : listDirs(join(home, 'agents')).filter(isSafeSegment);
  const date = sessionDate(sessionId);
  for (const a of agents) {
    if (!isSafeSegment(a)) continue;
    const root = tracesDir(home, a);
    const dates = date ? [date] : listDirs(root);
    const found: { part: number; path: string }[] = [];
    for (const d of dates) {
      for (const name of listFiles(join(root, d))) {
        const m = PART_FILE_RE.exec(name);
        if (m && m[1] === sessionId) found.push({ part: Number(m[2]), path: join(root, d, name) });
      }
    }
    if (found.length) return found.sort((x, y) => x.part - y.part).map((f) => f.path);
  }
  return [];
}
