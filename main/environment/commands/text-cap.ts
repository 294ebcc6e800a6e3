// How much clean text a command's model view keeps between two reads. A read shows the model at most the head of
// that text the command tools keep (the Environment cuts the rest), so rendering a flood much past it is work
// nobody reads: at 35 MB/s, a 1 MiB cap cost the host's loop ~50 ms of rendering at each read of a flood, while the
// tools keep 16 000 characters by default. Pure; must not know about sessions or ptys.
import { DEFAULT_MAX_OUTPUT } from '../close-out.js';

/** The cap for a tool whose output is not cut (maxOutputLength <= 0), and the default. */
export const MODEL_TEXT_CAP = 1024 * 1024;
/** The smallest cap modelTextCap gives. */
const MIN_TEXT_CAP = 64 * 1024;
/** The tools that read a command's model view. */
const COMMAND_TOOLS = ['exec_command', 'input_command'];

/** The characters a call whose tool cuts at `limit` (undefined = `defaultLimit`; <= 0 = never) can show. */
export function keptChars(limit: number | undefined, defaultLimit = DEFAULT_MAX_OUTPUT): number {
  const n = limit ?? defaultLimit;
  return n <= 0 ? Number.POSITIVE_INFINITY : n;
}

/**
 * The text to keep for tools that cut their output at `limits` characters (undefined = `defaultLimit`): twice the
 * most any of them keeps, at least MIN_TEXT_CAP, so a read still holds more than any of them keeps (its truncation
 * note stays true); MODEL_TEXT_CAP when one of them keeps everything.
 */
export function modelTextCap(limits: readonly (number | undefined)[], defaultLimit = DEFAULT_MAX_OUTPUT): number {
  const most = Math.max(0, ...limits.map((l) => keptChars(l, defaultLimit)));
  return Math.min(MODEL_TEXT_CAP, Math.max(MIN_TEXT_CAP, 2 * most));
}

/** The cap for a session whose built-in tools are configured as `builtin` (system_config tools.builtin). */
export function commandTextCap(builtin?: readonly { name: string; maxOutputLength?: number }[]): number {
  return modelTextCap(COMMAND_TOOLS.map((n) => builtin?.find((d) => d.name === n)?.maxOutputLength));
}
