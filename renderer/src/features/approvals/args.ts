// How a tool call's arguments read to a person: exec_command as a shell command with its working directory and
// wait; other tools as labelled fields (execute_extra_tool unwrapped to its target's parameters); anything that
// is not a JSON object as raw text. Pure; no React.

interface ShellView {
  kind: 'shell';
  cmd: string;
  /** as given, or null for the workspace */
  workdir: string | null;
  /** yield_time_ms as given, or null for the tool's default */
  waitMs: number | null;
}
interface FieldsView {
  kind: 'fields';
  fields: { label: string; value: string; block: boolean }[];
}
interface RawView {
  kind: 'raw';
  text: string;
}
export type ArgsView = ShellView | FieldsView | RawView;

const SHELL_TOOLS = new Set(['exec_command', 'bash', 'shell']);

function parse(json: string): Record<string, unknown> | null {
  try {
    const o = JSON.parse(json) as unknown;
    return o && typeof o === 'object' && !Array.isArray(o) ? (o as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** "yield_time_ms" → "yield time ms"; "process_id" → "process id". */
export function labelOf(key: string): string {
  return key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

export function describeArgs(toolName: string, json: string): ArgsView {
  const o = parse(json);
  if (!o) return { kind: 'raw', text: json };
  if (
    toolName === 'execute_extra_tool' &&
    typeof o.tool_name === 'string' &&
    o.params &&
    typeof o.params === 'object'
  ) {
    return describeArgs(o.tool_name, JSON.stringify(o.params));
  }
  if (SHELL_TOOLS.has(toolName.toLowerCase()) && typeof o.cmd === 'string') {
    return {
      kind: 'shell',
      cmd: o.cmd,
      workdir: typeof o.workdir === 'string' && o.workdir.trim() ? o.workdir : null,
      waitMs: typeof o.yield_time_ms === 'number' ? o.yield_time_ms : null,
    };
  }
  const fields = Object.entries(o).map(([k, v]) => {
    const value = typeof v === 'string' ? v : JSON.stringify(v, null, 2);
    return { label: labelOf(k), value, block: value.includes('\n') || value.length > 80 };
  });
  return { kind: 'fields', fields };
}

/** A markdown fence longer than any backtick run inside `code`. */
export function fenced(code: string, lang: string): string {
  const longest = Math.max(2, ...Array.from(code.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${code}\n${fence}`;
}
