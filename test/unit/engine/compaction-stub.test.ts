// The one-line stub a pruned tool output becomes: the call and how it ended, the exit code read from the output's
// exit_code (or, in outputs traced before that field, from its exit note).
import { describe, expect, it } from 'vitest';
import { stubFor } from '../../../main/engine/compaction.js';
import { toolCall, toolOutput } from '../../../shared/omni/builders.js';

describe('stubFor', () => {
  const call = toolCall('exec_command', '{"cmd":"make test"}', 'c1');
  it('names the command and its exit code', () => {
    const out = toolOutput('c1', 'FAIL\n[exit code: 2]', 'failed', undefined, { exit_code: 2 });
    expect(stubFor(out, call)).toBe('[output pruned to save context: exec_command "make test" · exit code 2]');
  });
  it('reads an older output by its exit note, and a clean exit by its stop reason', () => {
    expect(stubFor(toolOutput('c1', 'FAIL\n[exit code: 2]', 'failed'), call)).toBe(
      '[output pruned to save context: exec_command "make test" · exit code 2]',
    );
    const ok = toolOutput('c1', 'ok', 'completed', undefined, { exit_code: 0 });
    expect(stubFor(ok, call)).toBe('[output pruned to save context: exec_command "make test" · completed]');
    expect(stubFor(toolOutput('c1', '[interrupted: the host stopped]', 'aborted'))).toBe(
      '[output pruned to save context: tool call · aborted]',
    );
  });
});
