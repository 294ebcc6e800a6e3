// The note lines the Environment puts after a tool's output text (SPEC §4: `[exit code: 3]`, `[tool timeout: …]`,
// `[interrupted: …]` …) as a display separates them from the text, and how a call ended in one line. The outcome
// comes from the structured fields (interpret.ts); the notes are only shown. Pure.
import type { FactOf } from './interpret.js';

const NOTE =
  /^\[(exit code|terminated by signal|tool timeout|output truncated|interrupted|tool error|process running|process still running|subagent running)/;

/** The note lines of an output, each once, in order. */
export function exitNotes(output: string): string[] {
  return [...new Set(output.split('\n').filter((l) => NOTE.test(l)))];
}

/** The output without its note lines (they show as chips), trailing blank lines trimmed. */
export function withoutNotes(output: string): string {
  return output
    .split('\n')
    .filter((l) => !NOTE.test(l))
    .join('\n')
    .replace(/\n+$/, '');
}

const OUTCOME_WORDS = {
  ok: 'ok',
  error: 'failed',
  denied: 'denied',
  aborted: 'stopped by the person',
  interrupted: 'interrupted: the host stopped',
} as const;

/** The exit code of a call's command: its `exit_code`, or for outputs traced before that field, its exit note. */
export function exitCodeOf(f: Pick<FactOf<'tool_output'>, 'output' | 'exitCode'>): number | undefined {
  if (f.exitCode !== undefined) return f.exitCode;
  const note = /^\[exit code: (-?\d+)\]$/m.exec(f.output);
  return note ? Number(note[1]) : undefined;
}

/** How a call ended, in one line: its exit code when it ran a command, else its notes, else its outcome. */
export function endLine(f: Pick<FactOf<'tool_output'>, 'output' | 'outcome' | 'exitCode'>): string {
  const code = exitCodeOf(f);
  if (code !== undefined) return code === 0 ? 'ok (exit code 0)' : `exit code: ${code}`;
  const notes = exitNotes(f.output);
  return notes.length ? notes.join(' ') : OUTCOME_WORDS[f.outcome];
}
