// The one time format of the trace browser and the app (issue 25): every duration, axis tick, idle gap and offset
// goes through formatDuration (the chat's footers, the approval card's wait and the exported HTML page too); every
// moment in the trace browser (a record's start, an approval, a session's last update) through formatTimestamp.
// Shared so that the host's HTML export reads the same. Pure; no DOM, no clock.

/** Seconds with one decimal, a trailing ".0" dropped: 1.5 s, 2 s. */
const seconds = (tenths: number): string => `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)} s`;

/**
 * A length of time: `0 s`, `250 ms`, `1.5 s`, `12 s`, `1 m`, `1 m 30 s`, `2 h 5 m`. Units step up where the
 * rounded value reaches the next unit (59.96 s reads `1 m`). Not a number → `—`.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  const v = Math.max(0, ms);
  if (Math.round(v) === 0) return '0 s';
  if (Math.round(v) < 1000) return `${Math.round(v)} ms`;
  const tenths = Math.round(v / 100);
  if (tenths < 600) return seconds(tenths);
  const s = Math.round(v / 1000);
  if (s < 3600) return `${Math.floor(s / 60)} m${s % 60 ? ` ${s % 60} s` : ''}`;
  const m = Math.round(v / 60_000);
  return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} m` : ''}`;
}

/** Time since the trace began: `+1.5 s`. */
export function formatOffset(ms: number): string {
  return Number.isFinite(ms) ? `+${formatDuration(ms)}` : '—';
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/**
 * A moment, in the viewer's time zone: `2026-12-02 13:30:05`. Takes epoch ms or an ISO string; anything that is
 * not a time → `—`.
 */
export function formatTimestamp(at: number | string): string {
  const t = typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(t)) return '—';
  const d = new Date(t);
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}
