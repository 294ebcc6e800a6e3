// Tests for loading config files on real temp homes: defaults and modes, YAML syntax errors and schema errors
// with file, line and path, cross checks, and system_config.yaml validation.
import { describe, it, expect, afterAll } from 'vitest';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../../main/config/errors.js';
import type { ToolDefinition } from '../../../main/environment/types.js';
import { configPath, systemConfigPath } from '../../../main/config/home.js';
import { loadConfig, loadSystemConfig, parseConfigText, parseSystemConfigText } from '../../../main/config/load.js';

const root = mkdtempSync(join(tmpdir(), 'floe-config-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const newHome = () => join(root, `home${++n}`);
const mode = (f: string) => (statSync(f).mode & 0o777).toString(8);

function configErrorOf(f: () => unknown): ConfigError {
  try {
    f();
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('expected a ConfigError');
}

const GOOD = `# my models
providers:
  - name: local
    protocol: openai
    base_url: http://127.0.0.1:11434/v1
    api_key_env: OPENAI_API_KEY
    models:
      - id: qwen3
        context_window: 32768
      - id: qwen2.5-vl
        vision: true
default_model: local/qwen3
vision_model: local/qwen2.5-vl
default_approval_mode: read-only
`;

describe('defaults on first use', () => {
  it('writes config.yaml with no providers and mode 0600, and the default agent from resources', () => {
    const home = newHome();
    const cfg = loadConfig(home);
    expect(cfg).toEqual({ providers: [] });
    const text = readFileSync(configPath(home), 'utf8');
    expect(text).toMatch(/# providers:\n# {3}- name: local/);
    expect(mode(configPath(home))).toBe('600');

    const sys = loadSystemConfig(home);
    const sysFile = systemConfigPath(home, 'default');
    expect(readFileSync(sysFile, 'utf8')).toBe(
      readFileSync(new URL('../../../resources/default-system_config.yaml', import.meta.url), 'utf8'),
    );
    expect(sys.system_prompt).toMatch(/workspace/);
    expect(sys.tools?.builtin).toBeUndefined();
  });

  it('narrows a wider mode on config.yaml to 0600 and keeps the user text', () => {
    const home = newHome();
    mkdirSync(home, { recursive: true });
    writeFileSync(configPath(home), GOOD, { mode: 0o644 });
    chmodSync(configPath(home), 0o644);
    const cfg = loadConfig(home);
    expect(mode(configPath(home))).toBe('600');
    expect(readFileSync(configPath(home), 'utf8')).toBe(GOOD);
    expect(cfg.default_model).toBe('local/qwen3');
    expect(cfg.providers[0].models[0]).toEqual({ id: 'qwen3', vision: false, context_window: 32768 });
    expect(cfg.providers[0].models[1]).toEqual({ id: 'qwen2.5-vl', vision: true, context_window: 128000 });
    expect(cfg.default_approval_mode).toBe('read-only');
  });

  it('accepts an empty or comment-only config.yaml as no providers', () => {
    expect(parseConfigText('# nothing yet\n')).toEqual({ providers: [] });
  });
});

describe('YAML syntax errors', () => {
  it('give a ConfigError with the file and the line of the problem', () => {
    const home = newHome();
    mkdirSync(home, { recursive: true });
    writeFileSync(configPath(home), 'providers:\n  - name: local\n    protocol: openai\n    base_url: "http://x\n', {
      mode: 0o600,
    });
    const e = configErrorOf(() => loadConfig(home));
    expect(e.file).toBe(configPath(home));
    expect(e.line).toBe(5);
    expect(e.message).toMatch(new RegExp(`^${configPath(home).replace(/[.]/g, '\\.')}:5:\\d+: YAML syntax error: `));
    expect(e.stack).toBeDefined();
  });

  it('report a bad indentation where the parser sees it, with the offending line shown', () => {
    const e = configErrorOf(() => parseConfigText('providers:\n  - name: a\n     protocol: openai\n', '/c.yaml'));
    expect([e.line, e.column]).toEqual([2, 11]);
    expect(e.message).toBe(
      '/c.yaml:2:11: YAML syntax error: Nested mappings are not allowed in compact mappings. Fix the YAML at that line.\n  - name: a\n          ^',
    );
  });

  it('report duplicate keys', () => {
    const e = configErrorOf(() => parseConfigText('default_model: a/b\ndefault_model: a/c\n', '/c.yaml'));
    expect(e.line).toBe(2);
    expect(e.message).toMatch(/unique/);
  });
});

describe('schema errors', () => {
  it('name the file, line, column, path, what is allowed and what was found', () => {
    const text = GOOD.replace('protocol: openai', 'protocol: opnai');
    const e = configErrorOf(() => parseConfigText(text, '/h/config.yaml'));
    expect(e.message).toBe('/h/config.yaml:4:15: providers[0].protocol: must be "openai" or "anthropic" (got "opnai")');
    expect([e.file, e.line, e.column]).toEqual(['/h/config.yaml', 4, 15]);
  });

  it('reject unknown keys at the key, listing the allowed ones', () => {
    const e = configErrorOf(() => parseConfigText(GOOD.replace('api_key_env:', 'api_kye_env:'), '/c.yaml'));
    expect(e.line).toBe(6);
    expect(e.message).toBe(
      '/c.yaml:6:5: providers[0].api_kye_env: unknown key "api_kye_env"; remove it or fix its spelling (allowed here: name, protocol, base_url, api_key_env, api_key, models, embeddings)',
    );
    const top = configErrorOf(() => parseConfigText(GOOD + 'default_modle: local/qwen3\n', '/c.yaml'));
    expect(top.line).toBe(15);
    expect(top.message).toMatch(/^\/c\.yaml:15:1: default_modle: unknown key/);
  });

  it('list every problem sorted by line, with missing fields pointing at their parent', () => {
    const text = 'providers:\n  - name: "has space"\n    base_url: not a url\n    models: []\n';
    const e = configErrorOf(() => parseConfigText(text, '/c.yaml'));
    expect(e.message.split('\n')).toEqual([
      '/c.yaml:2:5: providers[0].protocol: is required ("openai" or "anthropic")',
      '/c.yaml:2:11: providers[0].name: must use only letters, digits, "_" and "-" (got "has space")',
      '/c.yaml:3:15: providers[0].base_url: must be an http:// or https:// URL (got "not a url")',
      '/c.yaml:4:13: providers[0].models: must list at least one model',
    ]);
    expect(e.line).toBe(2);
  });

  it('check types and numbers', () => {
    const e = configErrorOf(() =>
      parseConfigText(GOOD.replace('context_window: 32768', 'context_window: big'), '/c.yaml'),
    );
    expect(e.message).toBe('/c.yaml:9:25: providers[0].models[0].context_window: must be a number (got "big")');
    const neg = configErrorOf(() => parseConfigText(GOOD.replace('32768', '-1'), '/c.yaml'));
    expect(neg.message).toMatch(/context_window: must be greater than 0 \(got -1\)/);
    const list = configErrorOf(() => parseConfigText('- a\n', '/c.yaml'));
    expect(list.message).toBe('/c.yaml:1:1: (top level): must be a mapping (got a list)');
  });

  it('cross-check provider names and model references', () => {
    const dup = GOOD.replace(
      'default_model:',
      `  - name: local
    protocol: anthropic
    base_url: https://api.anthropic.com
    models:
      - id: claude
default_model:`,
    );
    const e = configErrorOf(() => parseConfigText(dup, '/c.yaml'));
    expect(e.message).toBe(
      '/c.yaml:12:11: providers[1].name: duplicate provider name "local"; every provider needs its own name',
    );
    const ref = configErrorOf(() =>
      parseConfigText(GOOD.replace('default_model: local/qwen3', 'default_model: local/qwen9'), '/c.yaml'),
    );
    expect(ref.message).toBe(
      '/c.yaml:12:16: default_model: "local/qwen9" is not a configured model (configured: local/qwen3, local/qwen2.5-vl)',
    );
    const vis = configErrorOf(() => parseConfigText('vision_model: x/y\n', '/c.yaml'));
    expect(vis.message).toMatch(
      /vision_model: "x\/y" is not a configured model \(no models are configured; add a provider first\)/,
    );
    const both = configErrorOf(() =>
      parseConfigText(GOOD.replace('api_key_env: OPENAI_API_KEY', 'api_key_env: K\n    api_key: sk-123'), '/c.yaml'),
    );
    expect(both.message).toMatch(/providers\[0\]\.api_key: use either api_key or api_key_env, not both/);
    const mode = configErrorOf(() => parseConfigText(GOOD.replace('read-only', 'ask'), '/c.yaml'));
    expect(mode.message).toMatch(
      /default_approval_mode: must be "allow-all", "deny-all", "read-only", "always-ask" or "auto" \(got "ask"\)/,
    );
  });
});

describe('system_config.yaml', () => {
  it('parses builtin tools and MCP servers with defaults and inferred transports', () => {
    const s = parseSystemConfigText(`system_prompt: hi
tools:
  builtin:
    - name: exec_command
      description: run a command
      parameters: {type: object, properties: {cmd: {type: string}}}
      permission: rw
      timeoutMs: 5000
      aliases: [Bash]
  mcpServers:
    - name: files
      config: {command: npx, args: ["-y", "x"], env: {A: "1"}}
    - name: remote
      config: {url: "http://127.0.0.1:9000/mcp", permission: r, direct: true, headers: {Authorization: "Bearer t"}}
`);
    const defs: ToolDefinition[] = s.tools?.builtin ?? []; // the parsed entries fit the environment's contract
    expect(defs).toHaveLength(1);
    expect(s.tools?.builtin?.[0]).toMatchObject({
      name: 'exec_command',
      permission: 'rw',
      timeoutMs: 5000,
      aliases: ['Bash'],
    });
    expect(s.tools?.mcpServers?.[0].config).toEqual({
      command: 'npx',
      args: ['-y', 'x'],
      env: { A: '1' },
      transport: 'stdio',
      connectTimeoutMs: 10000,
      permission: 'auto',
    });
    expect(s.tools?.mcpServers?.[1].config).toMatchObject({ transport: 'http', permission: 'r', direct: true });
  });

  it('reports transport requirements, unknown keys and duplicates with lines', () => {
    const text = `tools:
  mcpServers:
    - name: a
      config:
        transport: stdio
        url: http://127.0.0.1:1/
    - name: b
      config: {transport: sse, command: x}
    - name: a
      config: {command: y, timeout: 5}
`;
    const e = configErrorOf(() => parseSystemConfigText(text, '/s.yaml'));
    const lines = e.message.split('\n');
    expect(lines[0]).toBe(
      '/s.yaml:5:9: tools.mcpServers[0].config.command: is required for transport stdio (the program to start)',
    );
    expect(lines[1]).toBe(
      "/s.yaml:8:15: tools.mcpServers[1].config.url: is required for transport sse (the server's URL)",
    );
    expect(lines[2]).toBe('/s.yaml:9:13: tools.mcpServers[2].name: duplicate MCP server name "a"');
    expect(lines[3]).toMatch(/^\/s\.yaml:10:28: tools\.mcpServers\[2\]\.config\.timeout: unknown key "timeout"/);
    const dup = configErrorOf(() =>
      parseSystemConfigText(
        'tools:\n  mcpServers:\n    - {name: a, config: {command: x}}\n    - {name: a, config: {command: y}}\n',
        '/s.yaml',
      ),
    );
    expect(dup.message).toBe('/s.yaml:4:14: tools.mcpServers[1].name: duplicate MCP server name "a"');
    const perm = configErrorOf(() =>
      parseSystemConfigText(
        'tools:\n  builtin:\n    - {name: t, description: d, parameters: {}, permission: w}\n',
        '/s.yaml',
      ),
    );
    expect(perm.message).toBe('/s.yaml:3:61: tools.builtin[0].permission: must be "r" or "rw" (got "w")');
  });

  it('accepts shell.login_snapshot as a boolean and rejects anything else with its line', () => {
    expect(parseSystemConfigText('shell:\n  login_snapshot: false\n').shell).toEqual({ login_snapshot: false });
    const e = configErrorOf(() => parseSystemConfigText('shell:\n  login_snapshot: "no"\n', '/s.yaml'));
    expect(e.message).toMatch(/^\/s\.yaml:2:19: shell\.login_snapshot: /);
    const typo = configErrorOf(() => parseSystemConfigText('shell:\n  login_snapshots: false\n', '/s.yaml'));
    expect(typo.message).toMatch(/shell\.login_snapshots: unknown key "login_snapshots"/);
  });

  it('accepts tool_search.local_model as a boolean (default on) and rejects anything else with its line', () => {
    expect(parseConfigText('tool_search: {}\n').tool_search).toEqual({ local_model: true });
    expect(parseConfigText('tool_search:\n  local_model: false\n').tool_search).toEqual({ local_model: false });
    expect(parseConfigText('').tool_search).toBeUndefined();
    const e = configErrorOf(() => parseConfigText('tool_search:\n  local_model: "off"\n', '/c.yaml'));
    expect(e.message).toMatch(/^\/c\.yaml:2:16: tool_search\.local_model: /);
    const typo = configErrorOf(() => parseConfigText('tool_search:\n  local_models: false\n', '/c.yaml'));
    expect(typo.message).toMatch(/tool_search\.local_models: unknown key "local_models"/);
  });

  it('explains a missing agent and lists the existing ones', () => {
    const home = newHome();
    loadSystemConfig(home);
    const e = configErrorOf(() => loadSystemConfig(home, 'reviewer'));
    expect(e.file).toBe(systemConfigPath(home, 'reviewer'));
    expect(e.message).toMatch(/agent "reviewer" has no system_config\.yaml\. Create it .* existing agents: default\.$/);
    expect(() => loadSystemConfig(home, '../x')).toThrow(ConfigError);
  });

  it('loads another agent from its own folder', () => {
    const home = newHome();
    mkdirSync(join(home, 'agents', 'reviewer'), { recursive: true });
    writeFileSync(systemConfigPath(home, 'reviewer'), 'system_prompt: Review only.\ntools:\n  builtin: []\n');
    expect(loadSystemConfig(home, 'reviewer')).toEqual({ system_prompt: 'Review only.', tools: { builtin: [] } });
  });
});
