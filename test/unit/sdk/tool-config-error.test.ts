import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SystemConfig } from '../../../main/config/index.js';
import { configPathOfTool, problemPath, toolConfigError } from '../../../main/sdk/tool-config-error.js';

const config = {
  tools: {
    builtin: [{ name: 'exec_command' }, { name: 'input_command' }],
    mcpServers: [{ name: 'fs' }, { name: 'FS' }],
  },
} as unknown as SystemConfig;

describe('tool configuration errors point at the entry to fix', () => {
  it('maps a builtin to its entry and an MCP tool to its server', () => {
    expect(configPathOfTool(config, 'input_command')).toEqual(['tools', 'builtin', 1]);
    expect(configPathOfTool(config, 'mcp__FS__read_file')).toEqual(['tools', 'mcpServers', 1]);
    expect(configPathOfTool(config, 'mcp__fs__read_file')).toEqual(['tools', 'mcpServers', 0]);
    expect(configPathOfTool(config, 'search_extra_tools')).toBeUndefined();
  });

  it('reports a conflict at the entry declared last', () => {
    expect(problemPath(config, { message: 'm', tools: ['input_command', 'exec_command'] })).toEqual([
      'tools',
      'builtin',
      1,
    ]);
    expect(problemPath(config, { message: 'm', tools: ['mcp__FS__x', 'exec_command'] })).toEqual([
      'tools',
      'mcpServers',
      1,
    ]);
  });

  it('names file:line:col, or the file alone when the entry is not found', () => {
    const dir = mkdtempSync(join(tmpdir(), 'floe-tce-'));
    try {
      const file = join(dir, 'system_config.yaml');
      writeFileSync(file, 'tools:\n  builtin:\n    - name: exec_command\n    - name: input_command\n');
      const e = toolConfigError(file, 'default', config, [{ message: 'boom', tools: ['input_command'] }]);
      expect(e.message).toBe(`${file}:4:7: tool configuration of agent "default": boom`);
      const none = toolConfigError(file, 'default', config, [{ message: 'boom', tools: ['nowhere'] }]);
      expect(none.message).toBe(`${file}: tool configuration of agent "default": boom`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
