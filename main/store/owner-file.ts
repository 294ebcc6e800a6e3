// Owner files: an exclusive claim on something (the host of a FLOE_HOME, one session) held by a live process,
// stored as a small JSON file {pid, start, kind, nonce}. Used by the host lock and by session claims.
//
// - The file appears complete or not at all: the owner is written to a private temp file first, which is then
//   hard-linked to the claim's name (link fails with EEXIST when the name exists, like O_EXCL).
// - A claim is alive while its pid runs AND that process started at the recorded time (pid reuse is detected
//   through /proc/<pid>/stat on Linux; elsewhere the pid alone decides).
// - A dead owner's file is taken over safely: only the holder of a marker named after the dead file's exact
//   content may delete it, and it re-checks the content under the marker. Every claim carries a random nonce, so
//   a name is never reused and two processes cannot both delete (and then both win) the same generation. A marker
//   left by a taker that died is itself taken over the same way.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { pidExists, processStart } from '../os/procs.js';

export interface Owner {
  pid: number;
  /** process start time (clock ticks since boot, Linux); absent where it cannot be read */
  start?: string;
  /** who holds it, for messages: "floe web", "floe run", "desktop" */
  kind: string;
  nonce: string;
  /** ISO time of the claim */
  at?: string;
}

export type ClaimResult = { ok: true; release: () => void; owner: Owner } | { ok: false; holder: Owner };

/** True while the owner's process runs (and, where known, is the same process that made the claim). */
export function ownerAlive(o: Owner): boolean {
  if (!Number.isInteger(o.pid) || o.pid <= 0 || !pidExists(o.pid)) return false;
  if (o.start === undefined) return true;
  const now = processStart(o.pid);
  return now === undefined || now === o.start;
}

/** Parses an owner file's text; a bare pid (the old host.lock format) is accepted. Unreadable → pid 0 (dead). */
export function parseOwner(raw: string): Owner {
  const t = raw.trim();
  if (/^\d+$/.test(t)) return { pid: Number(t), kind: 'floe host', nonce: t };
  try {
    const o = JSON.parse(t) as Partial<Owner>;
    if (typeof o.pid === 'number') {
      return {
        pid: o.pid,
        kind: typeof o.kind === 'string' ? o.kind : 'floe',
        nonce: String(o.nonce ?? ''),
        start: o.start,
        at: o.at,
      };
    }
  } catch {
    /* fall through: not ours, treated as dead */
  }
  return { pid: 0, kind: 'unknown', nonce: '' };
}

const sleepCell = new Int32Array(new SharedArrayBuffer(4));
const nap = (ms: number): void => void Atomics.wait(sleepCell, 0, 0, ms);

/** Claims handed out by this process (by file), so a second claim from here is refused, not taken as stale. */
const heldHere = new Map<string, string>();

function readRaw(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/** Writes `text` to a private temp file and links it to `file`; false when `file` exists. */
function linkExclusive(file: string, text: string): boolean {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, text, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(tmp, file);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

function isLive(file: string, o: Owner): boolean {
  if (o.pid === process.pid) return heldHere.get(file) === o.nonce;
  return ownerAlive(o);
}

/**
 * Deletes `file` if it still holds exactly `raw` (a dead owner's claim). Returns false when another process is in
 * the middle of the same take-over (the caller retries).
 */
function removeDead(file: string, raw: string, depth: number): boolean {
  if (depth > 8)
    throw new Error(
      `Cannot take over ${file}: too many abandoned take-over markers next to it; remove ${file}.takeover-* by hand.`,
    );
  const marker = `${file}.takeover-${createHash('sha256').update(raw).digest('hex').slice(0, 16)}`;
  const got = tryClaim(marker, 'take-over', depth + 1);
  if (!got.ok) return false;
  try {
    if (readRaw(file) === raw) fs.rmSync(file, { force: true });
  } finally {
    got.release();
  }
  return true;
}

function tryClaim(file: string, kind: string, depth: number): ClaimResult {
  const owner: Owner = {
    pid: process.pid,
    start: processStart(process.pid),
    kind,
    nonce: randomBytes(8).toString('hex'),
    at: new Date().toISOString(),
  };
  const text = JSON.stringify(owner);
  for (let attempt = 0; attempt < 200; attempt++) {
    if (linkExclusive(file, text)) {
      heldHere.set(file, owner.nonce);
      let released = false;
      const release = (): void => {
        if (released) return;
        released = true;
        if (heldHere.get(file) === owner.nonce) heldHere.delete(file);
        try {
          if (readRaw(file) === text) fs.rmSync(file, { force: true });
        } catch {
          /* already gone */
        }
      };
      return { ok: true, release, owner };
    }
    const raw = readRaw(file);
    if (raw === undefined) continue; // released meanwhile: try again
    const holder = parseOwner(raw);
    if (isLive(file, holder)) return { ok: false, holder };
    if (!removeDead(file, raw, depth)) nap(2 + attempt); // someone else is taking it over: let them finish
  }
  throw new Error(`Cannot claim ${file}: it keeps changing hands; retry, or remove it if no Floe process runs.`);
}

/** Claims `file` for this process, taking over a dead owner's claim. `kind` names the holder in messages. */
export function claimOwnerFile(file: string, kind: string): ClaimResult {
  return tryClaim(file, kind, 0);
}

/** The live owner of `file`, if any (a dead owner's file is left in place for the next claimer). */
export function liveOwner(file: string): Owner | undefined {
  const raw = readRaw(file);
  if (raw === undefined) return undefined;
  const o = parseOwner(raw);
  return isLive(file, o) ? o : undefined;
}

/** The recorded owner of `file` whether alive or not (for crash reports), or undefined when there is none. */
export function recordedOwner(file: string): Owner | undefined {
  const raw = readRaw(file);
  return raw === undefined ? undefined : parseOwner(raw);
}

/** Claim and liveness together, as layers that know no store take them (checkpoints' lock and turn markers). */
export const ownerFiles = { claim: claimOwnerFile, live: liveOwner };
