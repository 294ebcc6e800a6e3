// A command that floods its terminal must not keep exec_command from returning at the end of its window (the
// model view waits only for output that came before the read), and the model view's backlog pauses the pty.
import { describe, expect, it } from 'vitest';
import { runTool } from '../../main/environment/environment.js';
import { CommandRegistry } from '../../main/environment/commands/registry.js';
import { execCommandTool } from '../../main/environment/tools/exec-command.js';
import type { ToolCallOutputPayload } from '../../shared/omni/types.js';
import { drain } from '../helpers/drain.js';

describe('flooding command', () => {
  it('exec_command `yes` goes to the background with truncated output instead of waiting forever', async () => {
    const commands = new CommandRegistry();
    try {
      const { result } = await drain(
        runTool({
          tool: execCommandTool,
          args: { cmd: 'yes', yield_time_ms: 500 },
          ctx: {
            workspace: '/tmp',
            toolCallId: 'flood',
            call: { type: 'tool_call', name: 'exec_command', arguments: '{}', tool_call_id: 'flood' },
            services: { commands },
            definition: execCommandTool.definition,
          },
        }),
      );
      const out = result.payload as ToolCallOutputPayload;
      expect(out.stop_reason).toBe('completed');
      expect(out.output.startsWith('y\ny\ny\n')).toBe(true);
      expect(out.output).toMatch(
        /\n\[output truncated: exceeded 16000 chars\]\n\[process running with process_id proc-[0-9a-f]{8}; use input_command to send input or poll for output\]$/,
      );
      expect(commands.list()).toHaveLength(1);
    } finally {
      await commands.disposeAll();
    }
    expect(commands.list().filter((c) => c.status === 'running')).toHaveLength(0);
  }, 30_000);
});
