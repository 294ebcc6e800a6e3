// Pure naming rules for MCP tools: `mcp__<server>__<tool>` with characters outside [A-Za-z0-9_-] replaced by `_`,
// capped at 64 characters (the common provider limit) and made unique within a connection. No I/O.
import { createHash } from 'node:crypto';

const MAX_TOOL_NAME = 64;

export function sanitize(part: string): string {
  return part.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** `mcp__<server>__<tool>`; a name over 64 characters keeps its first 55 and gets `_<8 hex of sha1(full)>`. */
export function mcpToolName(server: string, tool: string): string {
  const full = `mcp__${sanitize(server)}__${sanitize(tool)}`;
  if (full.length <= MAX_TOOL_NAME) return full;
  const hash = createHash('sha1').update(full).digest('hex').slice(0, 8);
  return `${full.slice(0, MAX_TOOL_NAME - 9)}_${hash}`;
}

/** Returns `name`, or `name_2`, `name_3`… (within 64 chars) when already taken; records the result in `taken`. */
export function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let i = 2; taken.has(candidate); i++) {
    const suffix = `_${i}`;
    candidate = `${name.slice(0, MAX_TOOL_NAME - suffix.length)}${suffix}`;
  }
  taken.add(candidate);
  return candidate;
}
