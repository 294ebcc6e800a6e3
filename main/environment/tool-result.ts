// What a tool returns when it finishes (SPEC §4). Its own file so that modules the tool contract (types.ts)
// refers to, such as the command registry, can use it without importing types.ts back. Types only.
import type { StopReason } from '../../shared/omni/types.js';

export interface ToolResult {
  /** the tool's own verdict (lowest precedence) */
  stopReason?: StopReason;
  /** appended after the (possibly truncated) text, e.g. `[exit code: 3]` */
  note?: string;
  /** the exit code of the command the tool ran, when it exited (traced as the output's `exit_code`) */
  exitCode?: number;
  /** data: URLs, attached only when the call completes */
  images?: string[];
}
