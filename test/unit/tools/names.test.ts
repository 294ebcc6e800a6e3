// Unit tests for tool-name resolution and alias conflicts (main/environment/names.ts).
import { describe, expect, it } from 'vitest';
import { asciiLower, findAliasConflicts, resolveToolName } from '../../../main/environment/names.js';
import type { ToolDefinition } from '../../../main/environment/types.js';

function def(name: string, aliases?: string[]): ToolDefinition {
  return { name, description: `${name} tool`, parameters: { type: 'object' }, permission: 'r', aliases };
}

const builtins = [
  def('exec_command', ['Bash', 'Shell']),
  def('search_extra_tools', ['SearchExtraTools']),
  def('execute_extra_tool', ['ExecuteExtraTool']),
  def('read_image'),
];

describe('resolveToolName', () => {
  it('resolves exact names and aliases, ignoring ASCII case', () => {
    for (const [call, want] of [
      ['exec_command', 'exec_command'],
      ['EXEC_COMMAND', 'exec_command'],
      ['bash', 'exec_command'],
      ['BASH', 'exec_command'],
      ['shell', 'exec_command'],
      ['searchextratools', 'search_extra_tools'],
      ['Read_Image', 'read_image'],
    ] as const) {
      const r = resolveToolName(call, builtins);
      expect(r.ok ? r.definition.name : r.error).toBe(want);
    }
  });

  it('does not apply Unicode case folding', () => {
    // U+212A KELVIN SIGN lower-cases to "k" under Unicode rules; U+0130 lower-cases to "i̇".
    const tools = [def('kill'), def('ils')];
    expect(resolveToolName('\u212Aill', tools).ok).toBe(false);
    expect(resolveToolName('\u0130ls', tools).ok).toBe(false);
    expect(asciiLower('ABC_\u00C9\u212A')).toBe('abc_\u00C9\u212A');
  });

  it('lists the sorted available names for an unknown tool', () => {
    const r = resolveToolName('write_file', builtins);
    expect(r).toEqual({
      ok: false,
      error:
        'Unknown tool: write_file\nAvailable tools: exec_command, execute_extra_tool, read_image, search_extra_tools',
    });
    expect(resolveToolName('x', [])).toEqual({ ok: false, error: 'Unknown tool: x\nAvailable tools: (none)' });
  });

  it('does not match prefixes or substrings', () => {
    expect(resolveToolName('exec', builtins).ok).toBe(false);
    expect(resolveToolName('exec_command ', builtins).ok).toBe(false);
    expect(resolveToolName('', builtins).ok).toBe(false);
  });

  it('reports ambiguity when several tools match case-insensitively', () => {
    const tools = [def('zeta', ['run']), def('alpha', ['RUN'])];
    expect(resolveToolName('run', tools)).toEqual({
      ok: false,
      error: 'Tool call "run" failed: ambiguous tool name (matches alpha, zeta).',
    });
  });

  it('prefers the one tool whose name matches exactly, case-sensitively', () => {
    const tools = [def('Deploy'), def('deploy'), def('other', ['deploy'])];
    const r = resolveToolName('deploy', tools);
    expect(r.ok && r.definition).toBe(tools[1]);
    const r2 = resolveToolName('Deploy', tools);
    expect(r2.ok && r2.definition).toBe(tools[0]);
    // neither matches exactly → all three are candidates
    const r3 = resolveToolName('DEPLOY', tools);
    expect(r3.ok).toBe(false);
    expect(!r3.ok && r3.error).toBe('Tool call "DEPLOY" failed: ambiguous tool name (matches Deploy, deploy, other).');
  });

  it('an exact name beats another tool alias equal to it', () => {
    const tools = [def('bash'), def('exec_command', ['Bash'])];
    const r = resolveToolName('bash', tools);
    expect(r.ok && r.definition.name).toBe('bash');
    // "BASH" is no exact name: both match
    expect(resolveToolName('BASH', tools).ok).toBe(false);
  });

  it('two tools with the identical name are ambiguous, not silently the first', () => {
    const tools = [def('dup'), def('dup')];
    const r = resolveToolName('dup', tools);
    expect(!r.ok && r.error).toBe('Tool call "dup" failed: ambiguous tool name (matches dup, dup).');
  });

  it('a tool listing its own name as alias still resolves once', () => {
    const tools = [def('ping', ['PING', 'ping'])];
    const r = resolveToolName('Ping', tools);
    expect(r.ok && r.definition.name).toBe('ping');
  });
});

describe('findAliasConflicts', () => {
  it('finds nothing in the default set', () => {
    expect(findAliasConflicts(builtins)).toEqual([]);
  });

  it('reports two tools declaring the same alias (ignoring case) once', () => {
    const msgs = findAliasConflicts([def('b_tool', ['Run']), def('a_tool', ['run']), def('c')]);
    expect(msgs).toEqual([
      'The alias "Run" is declared by more than one tool ("a_tool", "b_tool"). Remove it from all but one of them.',
    ]);
  });

  it('reports an alias equal to another tool name', () => {
    const msgs = findAliasConflicts([def('exec_command', ['Bash']), def('bash')]);
    expect(msgs).toEqual([
      'The alias "Bash" of tool "exec_command" equals the name of tool "bash". Remove or rename the alias.',
    ]);
  });

  it('reports names that differ only in case, and exact duplicates', () => {
    expect(findAliasConflicts([def('Deploy'), def('deploy')])).toEqual([
      'Tool names "Deploy" and "deploy" differ only in case, so calls cannot tell them apart. Rename one of them.',
    ]);
    expect(findAliasConflicts([def('x'), def('x')])).toEqual([
      'Two tools are named "x"; tool names must be unique. Rename or remove one of them.',
    ]);
  });

  it('ignores an alias equal to the own name and repeated aliases in one tool', () => {
    expect(findAliasConflicts([def('ping', ['PING', 'p', 'P', 'p'])])).toEqual([]);
  });

  it('reports several conflicts, one message each', () => {
    const msgs = findAliasConflicts([def('a', ['x', 'b']), def('b', ['x']), def('c', ['X'])]);
    expect(msgs).toHaveLength(2);
    expect(msgs).toContain('The alias "b" of tool "a" equals the name of tool "b". Remove or rename the alias.');
    expect(msgs).toContain(
      'The alias "x" is declared by more than one tool ("a", "b", "c"). Remove it from all but one of them.',
    );
  });
});
