// Letting the disk settle outside a timed region: `sync`, then wait until the kernel's dirty and writeback pages
// (/proc/meminfo) are back under a small threshold, so one round's writes are not still being flushed during the
// next round's timing. Linux only (elsewhere it only runs `sync`). Must not time anything itself.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Dirty + Writeback below this counts as settled (other engineers' processes always leave a little). */
export const SETTLED_KB = 16 * 1024;
/** Longest wait for the pages to drain; past it the round runs anyway (the shared machine may never be quiet). */
const MAX_WAIT_MS = 30_000;

/** The Dirty and Writeback figures of a /proc/meminfo text, in kB; an error if either line is missing. */
export function pendingKb(meminfo: string): { dirty: number; writeback: number } {
  const field = (name: string): number => {
    const m = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(meminfo);
    if (!m) throw new Error(`/proc/meminfo has no "${name}:" line; cannot tell whether the disk has settled`);
    return Number(m[1]);
  };
  return { dirty: field('Dirty'), writeback: field('Writeback') };
}

/** `sync`, then wait (polling every 200 ms, at most 30 s) until Dirty + Writeback < SETTLED_KB; returns them. */
export async function settleDisk(): Promise<{ dirty: number; writeback: number; waitedMs: number }> {
  const t0 = performance.now();
  execFileSync('sync');
  if (process.platform !== 'linux') return { dirty: 0, writeback: 0, waitedMs: performance.now() - t0 };
  for (;;) {
    const p = pendingKb(readFileSync('/proc/meminfo', 'utf8'));
    const waitedMs = performance.now() - t0;
    if (p.dirty + p.writeback < SETTLED_KB || waitedMs > MAX_WAIT_MS) return { ...p, waitedMs };
    await new Promise((r) => setTimeout(r, 200));
  }
}
