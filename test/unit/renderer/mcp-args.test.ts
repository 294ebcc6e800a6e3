// The argument splitter of Settings' "Add an MCP server" form.
import { describe, expect, it } from 'vitest';
import { splitArgs } from '../../../renderer/src/features/settings/McpPanel.js';

describe('splitArgs', () => {
  it('splits on spaces and keeps quoted parts whole', () => {
    expect(splitArgs('  -y  @modelcontextprotocol/server-memory ')).toEqual([
      '-y',
      '@modelcontextprotocol/server-memory',
    ]);
    expect(splitArgs(`--root "/a b/c" 'x y' z`)).toEqual(['--root', '/a b/c', 'x y', 'z']);
    expect(splitArgs('')).toEqual([]);
    expect(splitArgs('""')).toEqual(['']);
  });
});
