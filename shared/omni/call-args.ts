// How a tool call's arguments read to a person in one line: its key argument (the command, the prompt, the file…),
// and the tool it really runs (execute_extra_tool names its target). Works on complete argument JSON and on the
// cut excerpt the trace index keeps. Pure; used by the transcript's cards and the timeline's rows.

/** Argument names that say what a call does, most telling first. */
const KEY_ARGS = [
  'cmd',
  'chars',
  'source',
  'prompt',
  'query',
  'path',
  'file_path',
  'url',
  'process_id',
  'subagent_id',
  'tool_name',
];

const WRAPPER = 'execute_extra_tool';

/** `"<key>": "<string as far as it goes` for each key argument, built once */
const CUT_KEY = KEY_ARGS.map((k) => new RegExp(`"${k}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)`));

function parseObject(text: string): Record<string, unknown> | undefined {
  if (!/^\s*\{/.test(text)) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The first key argument's string from JSON cut short (an index excerpt, a streaming call), as far as it goes. */
function fromCutJson(text: string): string | undefined {
  if (!text.includes('"')) return undefined;
  for (const re of CUT_KEY) {
    const m = re.exec(text);
    if (!m) continue;
    try {
      return JSON.parse(`"${m[1]!.replace(/\\$/, '')}"`) as string;
    } catch {
      return m[1]!;
    }
  }
  return undefined;
}

/**
 * The key argument of a call as text, or undefined when none is found. For `execute_extra_tool` it is its target's
 * key argument (the target itself is `callTarget`). Cut JSON yields the first key argument's string as far as it
 * goes.
 */
export function keyArgument(toolName: string, args: string): string | undefined {
  const o = parseObject(args);
  if (!o) return fromCutJson(args);
  if (toolName === WRAPPER && o.params && typeof o.params === 'object') {
    return keyArgument(typeof o.tool_name === 'string' ? o.tool_name : '', JSON.stringify(o.params));
  }
  for (const k of KEY_ARGS) if (typeof o[k] === 'string') return o[k];
  return undefined;
}

/** The tool a call runs: the approval's resolved target when known, else execute_extra_tool's `tool_name`. */
export function callTarget(name: string, args: string, approvedTarget?: string): string {
  if (approvedTarget) return approvedTarget;
  if (name === WRAPPER) {
    const t = parseObject(args)?.tool_name;
    if (typeof t === 'string') return t;
  }
  return name;
}
