// Pure: the exact notes, stop reasons and wait-window rules of exec_command / input_command (SPEC §5).
// Must not touch processes or timers.
import { constants } from 'node:os';
import type { ToolResult } from '../tool-result.js';

export const EXEC_DEFAULT_WAIT_MS = 60000;
export const INPUT_WRITE_WAIT_MS = 250;
export const INPUT_POLL_WAIT_MS = 5000;
const MIN_WAIT_MS = 250;

/**
 * The wait window: `requested` when it is a finite number, else `fallback`; at least 250 ms; at most
 * `timeoutMs − 1000` when the tool has a timeout (> 0).
 */
export function clampWait(requested: unknown, fallback: number, timeoutMs: number | undefined): number {
  let ms = typeof requested === 'number' && Number.isFinite(requested) ? requested : fallback;
  ms = Math.max(MIN_WAIT_MS, ms);
  if (timeoutMs !== undefined && timeoutMs > 0) ms = Math.min(ms, timeoutMs - 1000);
  return Math.max(0, Math.floor(ms));
}

/** `SIGINT` for 2 etc.; names pass through; unknown numbers become `SIG<n>`. */
export function signalName(signal: number | string): string {
  if (typeof signal === 'string') return signal;
  const hit = Object.entries(constants.signals).find(([, n]) => n === signal);
  return hit ? hit[0] : `SIG${signal}`;
}

/** Result of a finished command: exit 0 → completed; non-zero → `[exit code: n]`; signal → `[terminated by signal SIG]`. */
export function exitOutcome(exitCode: number | undefined, signal: number | string | undefined): ToolResult {
  if (signal !== undefined && signal !== 0 && signal !== '') {
    return { stopReason: 'failed', note: `[terminated by signal ${signalName(signal)}]` };
  }
  if (exitCode !== undefined && exitCode !== 0) {
    return { stopReason: 'failed', note: `[exit code: ${exitCode}]`, exitCode };
  }
  return { stopReason: 'completed', ...(exitCode !== undefined ? { exitCode } : {}) };
}

export const runningNote = (id: string): string =>
  `[process running with process_id ${id}; use input_command to send input or poll for output]`;
export const stillRunningNote = (id: string): string => `[process still running with process_id ${id}]`;
export const unknownIdNote = (id: string): string =>
  `[input_command error: unknown process_id ${id} (the session may have exited and been cleared)]`;
export const MIXED_CTRL_C_NOTE =
  '[input_command error: Ctrl-C ("\\u0003") must be sent alone; send "\\u0003" in one input_command call and any other text in a separate call]';
export const NO_REGISTRY_NOTE =
  '[command sessions unavailable: this host offers no command registry (services.commands); commands cannot run here]';

/** Joins several notes with exactly one `\n`, skipping empty ones; undefined when none. */
export function joinNotes(...notes: (string | undefined)[]): string | undefined {
  const kept = notes.filter((n): n is string => typeof n === 'string' && n !== '');
  return kept.length ? kept.join('\n') : undefined;
}
