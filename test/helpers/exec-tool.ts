// exec_command run through the Environment's runTool on a registry of the test's own (as a session's agent loop
// would call it), returning the tool's output text and the warnings it emitted on the way.
import type { CommandRegistry } from '../../main/environment/commands/registry.js';
import { runTool } from '../../main/environment/environment.js';
import { execCommandTool } from '../../main/environment/tools/exec-command.js';
import type { OmniMessage, ToolCallOutputPayload } from '../../shared/omni/types.js';

export async function execThroughTool(
  reg: CommandRegistry,
  cwd: string,
  args: { cmd: string; yield_time_ms?: number },
): Promise<{ output: string; warnings: string[] }> {
  const gen = runTool({
    tool: execCommandTool,
    args,
    ctx: {
      workspace: cwd,
      toolCallId: 'c1',
      call: { type: 'tool_call', name: 'exec_command', arguments: '{}', tool_call_id: 'c1' },
      services: { commands: reg },
      definition: execCommandTool.definition,
    },
  });
  const warnings: string[] = [];
  for (;;) {
    const r = await gen.next();
    if (r.done) return { output: (r.value.payload as ToolCallOutputPayload).output, warnings };
    const m = r.value as OmniMessage;
    const p = m.payload as { type: string; message?: string };
    if (m.type === 'event_msg' && p.type === 'warning') warnings.push(p.message ?? '');
  }
}
