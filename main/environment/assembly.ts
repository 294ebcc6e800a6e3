// Conditional assembly (SPEC §6) in one place: a pure function from the facts of a session to its tool list.
// It decides which tools exist; it does not run anything.
import type { ToolDefinition, Tool } from './types.js';
import { Toolset } from './toolset.js';
import { aliasConflicts, type ToolNameProblem } from './names.js';
import { executeExtraTool } from './tools/execute-extra-tool.js';

const DEFAULT_BUILTINS = [
  'exec_command',
  'input_command',
  'run_subagent',
  'input_subagent',
  'read_image',
  'describe_image',
] as const;

export interface AssemblyFacts {
  /** implementations of builtin tools, by name */
  implementations: Record<string, Tool>;
  /** system_config.yaml tools.builtin: undefined = the six defaults; [] = none; else replaces wholesale */
  builtinConfig?: ToolDefinition[];
  modelVision: boolean;
  hasVisionModel: boolean;
  /** 0 = main session, 1 = subagent (children get no subagent tools) */
  depth: number;
  /** the host offers a command-session registry (else: no input_command) */
  hostHasCommands: boolean;
  /** --bare: no MCP tools */
  bare: boolean;
  /** tools of connected MCP servers (already named mcp__server__tool, visibility set) */
  mcpTools: Tool[];
  /** factory for search_extra_tools over the deferred set */
  makeSearchTool?: (getDeferred: () => ToolDefinition[]) => Tool;
}

export interface Assembly {
  toolset: Toolset;
  /** configuration errors (alias conflicts, unknown builtin names) with the tools involved: the host reports them */
  errors: ToolNameProblem[];
  /** what was left out and why (for logs/UI) */
  skipped: string[];
}

const SUBAGENT_TOOLS = new Set(['run_subagent', 'input_subagent']);

export function assembleTools(f: AssemblyFacts): Assembly {
  const errors: ToolNameProblem[] = [];
  const skipped: string[] = [];
  const wanted: Tool[] = [];
  if (f.builtinConfig) {
    for (const def of f.builtinConfig) {
      const impl = f.implementations[def.name];
      if (!impl) {
        errors.push({
          message: `tools.builtin: unknown tool "${def.name}" (known: ${Object.keys(f.implementations).sort().join(', ')})`,
          tools: [def.name],
        });
        continue;
      }
      wanted.push({ definition: { ...impl.definition, ...def }, execute: impl.execute.bind(impl) });
    }
  } else {
    for (const name of DEFAULT_BUILTINS) {
      const impl = f.implementations[name];
      if (impl) wanted.push(impl);
      else skipped.push(`${name}: not available on this host`);
    }
  }

  const direct: Tool[] = [];
  for (const t of wanted) {
    const d = t.definition;
    if (d.forModel === 'vision' && !f.modelVision) {
      skipped.push(`${d.name}: the model has no vision`);
      continue;
    }
    if (d.forModel === 'text-only' && f.modelVision) {
      skipped.push(`${d.name}: the model has vision`);
      continue;
    }
    if (d.name === 'describe_image' && !f.hasVisionModel) {
      skipped.push(`${d.name}: no vision_model configured`);
      continue;
    }
    if (f.depth >= 1 && SUBAGENT_TOOLS.has(d.name)) {
      skipped.push(`${d.name}: subagents cannot start subagents`);
      continue;
    }
    if (d.name === 'input_command' && !f.hostHasCommands) {
      skipped.push(`${d.name}: the host keeps no command sessions`);
      continue;
    }
    direct.push(t);
  }

  const deferred: Tool[] = [];
  if (!f.bare) {
    for (const t of f.mcpTools) (t.definition.visibility === 'deferred' ? deferred : direct).push(t);
  }
  if (deferred.length && f.makeSearchTool) {
    const defs = deferred.map((t) => t.definition);
    direct.push(
      f.makeSearchTool(() => defs),
      executeExtraTool,
    );
  }
  errors.push(...aliasConflicts([...direct, ...deferred].map((t) => t.definition)));
  return { toolset: new Toolset(direct, deferred), errors, skipped };
}
