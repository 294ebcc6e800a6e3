// Turns a complete tool_call into either a runnable call or the exact failure text of SPEC §4 — name resolution
// (aliases, ASCII case), argument JSON parsing, schema validation — and for execute_extra_tool resolves the
// wrapped target so approval is decided on the target (SPEC §6). Pure apart from schema compilation. The validator
// (ajv, ~15 ms to load) is imported on the first call, not at start: `floe run` sends its first request without it.
import type { ToolCallPayload } from '../../shared/omni/types.js';
import { resolveToolName } from './names.js';
import type { Toolset } from './toolset.js';
import type { Permission, Tool } from './types.js';

const EXECUTE_EXTRA_TOOL = 'execute_extra_tool';

export interface PreparedCall {
  ok: true;
  /** the tool that will actually run (for execute_extra_tool: the target) */
  tool: Tool;
  args: Record<string, unknown>;
  /** resolved target name, its permission and its arguments (JSON) — what approval is decided on */
  toolName: string;
  permission: Permission;
  approvalArguments: string;
  /** true when reached through execute_extra_tool */
  wrapped: boolean;
}
export interface FailedCall {
  ok: false;
  error: string;
  /** the resolved tool name when resolution succeeded */
  toolName?: string;
}

function parseArguments(
  name: string,
  raw: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  if (raw === undefined || raw === null || String(raw).trim() === '') {
    return {
      ok: false,
      error: `Tool call "${name}" failed: the arguments field is empty. Re-issue the call with a complete JSON object.`,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      error: `Tool call "${name}" failed: the arguments are not valid JSON (${reason}). Re-issue the call with one complete, valid JSON object.`,
    };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return {
      ok: false,
      error: `Tool call "${name}" failed: the arguments are not valid JSON (expected an object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}). Re-issue the call with one complete, valid JSON object.`,
    };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

function schemaFailure(name: string, errors: string[]): string {
  return `Tool call "${name}" failed: the arguments do not match the tool's schema:\n${errors.map((e) => `- ${e}`).join('\n')}\nRe-issue the call with arguments that match the schema.`;
}

export async function prepareCall(call: ToolCallPayload, toolset: Toolset): Promise<PreparedCall | FailedCall> {
  const { validateArgs } = await import('./validate.js');
  const resolved = resolveToolName(
    call.name,
    toolset.direct.map((t) => t.definition),
  );
  if (!resolved.ok) return { ok: false, error: resolved.error };
  const tool = toolset.direct.find((t) => t.definition === resolved.definition)!;
  const name = tool.definition.name;
  const parsed = parseArguments(name, call.arguments);
  if (!parsed.ok) return { ok: false, error: parsed.error, toolName: name };
  const errors = validateArgs(tool.definition.parameters, parsed.value);
  if (errors.length) return { ok: false, error: schemaFailure(name, errors), toolName: name };

  if (name !== EXECUTE_EXTRA_TOOL) {
    return {
      ok: true,
      tool,
      args: parsed.value,
      toolName: name,
      permission: tool.definition.permission,
      approvalArguments: call.arguments,
      wrapped: false,
    };
  }

  // execute_extra_tool: resolve and check the target exactly like a direct call
  const targetName = String(parsed.value.tool_name ?? '');
  const candidates = toolset.all().filter((t) => t.definition.name !== EXECUTE_EXTRA_TOOL);
  const target = resolveToolName(
    targetName,
    candidates.map((t) => t.definition),
  );
  if (!target.ok) {
    const selfWrap = resolveToolName(targetName, [tool.definition]).ok;
    return {
      ok: false,
      error: selfWrap
        ? `Tool call "${EXECUTE_EXTRA_TOOL}" failed: it cannot run itself. Name the target tool in tool_name.`
        : target.error,
    };
  }
  const targetTool = candidates.find((t) => t.definition === target.definition)!;
  const params = parsed.value.params ?? {};
  if (!params || typeof params !== 'object' || Array.isArray(params)) {
    return {
      ok: false,
      error: `Tool call "${EXECUTE_EXTRA_TOOL}" failed: params must be a JSON object.`,
      toolName: targetTool.definition.name,
    };
  }
  const targetErrors = validateArgs(targetTool.definition.parameters, params);
  if (targetErrors.length)
    return {
      ok: false,
      error: schemaFailure(targetTool.definition.name, targetErrors),
      toolName: targetTool.definition.name,
    };
  return {
    ok: true,
    tool: targetTool,
    args: params as Record<string, unknown>,
    toolName: targetTool.definition.name,
    permission: targetTool.definition.permission,
    approvalArguments: JSON.stringify(params),
    wrapped: true,
  };
}
