// The implementations of the builtin tools, by name. Assembly (assembly.ts) decides which of them a session gets.
import { describeImageTool } from './tools/describe-image.js';
import { execCommandTool } from './tools/exec-command.js';
import { inputCommandTool } from './tools/input-command.js';
import { readImageTool } from './tools/read-image.js';
import { inputSubagentTool } from './tools/input-subagent.js';
import { runSubagentTool } from './tools/run-subagent.js';
import type { Tool } from './types.js';

/** Extra builtins registered by other modules (the subagent tools). */
const extraBuiltins: Record<string, Tool> = {};

export function builtinImplementations(): Record<string, Tool> {
  return {
    exec_command: execCommandTool,
    input_command: inputCommandTool,
    run_subagent: runSubagentTool,
    input_subagent: inputSubagentTool,
    read_image: readImageTool,
    describe_image: describeImageTool,
    ...extraBuiltins,
  };
}
