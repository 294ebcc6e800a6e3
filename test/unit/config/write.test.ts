// Tests for editing config.yaml on real temp homes: add/remove provider round trip keeping comments and mode
// 0600, refusals with clear messages, model choice, and redaction for display.
import { describe, it, expect, afterAll } from 'vitest';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configPath } from '../../../main/config/home.js';
import { loadConfig, parseConfigText } from '../../../main/config/load.js';
import {
  addProvider,
  redactConfig,
  redactSecret,
  redactSystemConfig,
  removeProvider,
  setModelChoice,
  updateProvider,
} from '../../../main/config/write.js';
import { ConfigError } from '../../../main/config/errors.js';

const root = mkdtempSync(join(tmpdir(), 'floe-write-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const newHome = () => join(root, `home${++n}`);
const mode = (f: string) => (statSync(f).mode & 0o777).toString(8);

const USER = `# My Floe config — hand written
providers:
  # the box under my desk
  - name: local # keep this one
    protocol: openai
    base_url: http://127.0.0.1:11434/v1
    models:
      - id: qwen3
default_model: local/qwen3 # daily driver
`;

describe('addProvider / removeProvider', () => {
  it('round-trips on a user file, preserving comments and mode 0600', () => {
    const home = newHome();
    mkdirSync(home, { recursive: true });
    writeFileSync(configPath(home), USER);
    chmodSync(configPath(home), 0o644);
    const cfg = addProvider(home, {
      name: 'claude',
      protocol: 'anthropic',
      base_url: 'https://api.anthropic.com',
      api_key_env: 'ANTHROPIC_API_KEY',
      models: [{ id: 'opus', vision: true }],
    });
    expect(cfg.providers.map((p) => p.name)).toEqual(['local', 'claude']);
    expect(cfg.providers[1].models[0]).toEqual({ id: 'opus', vision: true, context_window: 128000 });
    const text = readFileSync(configPath(home), 'utf8');
    for (const c of [
      '# My Floe config — hand written',
      '# the box under my desk',
      '# keep this one',
      '# daily driver',
    ]) {
      expect(text).toContain(c);
    }
    expect(text).toContain('  - name: claude\n    protocol: anthropic\n');
    expect(mode(configPath(home))).toBe('600');
    expect(loadConfig(home)).toEqual(cfg);

    const back = removeProvider(home, 'claude');
    expect(back.providers.map((p) => p.name)).toEqual(['local']);
    expect(readFileSync(configPath(home), 'utf8')).toBe(USER);
    expect(mode(configPath(home))).toBe('600');
  });

  it('adds the first provider to a fresh default file as a block list, keeping the example comment', () => {
    const home = newHome();
    loadConfig(home);
    addProvider(home, {
      name: 'local',
      protocol: 'openai',
      base_url: 'http://127.0.0.1:8080/v1',
      models: [{ id: 'm' }],
    });
    const text = readFileSync(configPath(home), 'utf8');
    expect(text).toMatch(/^# Floe configuration/);
    expect(text).toContain('providers:\n  - name: local\n');
    expect(parseConfigText(text).providers[0].name).toBe('local');
  });

  it('the first provider added becomes the default model; a later one does not replace it (issue 25)', () => {
    const home = newHome();
    loadConfig(home);
    const first = addProvider(home, {
      name: 'local',
      protocol: 'openai',
      base_url: 'http://127.0.0.1:8080/v1',
      models: [{ id: 'm' }, { id: 'n' }],
    });
    expect(first.default_model).toBe('local/m');
    const second = addProvider(home, {
      name: 'other',
      protocol: 'openai',
      base_url: 'http://127.0.0.1:8081/v1',
      models: [{ id: 'x' }],
    });
    expect(second.default_model).toBe('local/m');
    expect(loadConfig(home).default_model).toBe('local/m');
  });

  it('refuses invalid providers, duplicate names and unknown names with clear messages', () => {
    const home = newHome();
    mkdirSync(home, { recursive: true });
    writeFileSync(configPath(home), USER, { mode: 0o600 });
    const file = configPath(home);
    expect(() =>
      addProvider(home, { name: 'local', protocol: 'openai', base_url: 'http://x', models: [{ id: 'a' }] }),
    ).toThrow(`${file}: a provider named "local" already exists. Remove it first or choose another name.`);
    expect(() =>
      addProvider(home, {
        name: 'bad name',
        protocol: 'opnai' as 'openai',
        base_url: 'http://x',
        models: [{ id: 'a' }],
      }),
    ).toThrow(
      `${file}: new provider: name: must use only letters, digits, "_" and "-" (got "bad name")\n${file}: new provider: protocol: must be "openai" or "anthropic" (got "opnai")`,
    );
    expect(() => removeProvider(home, 'nope')).toThrow(`${file}: no provider named "nope" (providers: local).`);
    expect(() => removeProvider(home, 'local')).toThrow(
      `${file}: provider "local" is still used by default_model (local/qwen3). Choose another default_model or remove it first.`,
    );
    expect(readFileSync(file, 'utf8')).toBe(USER);
  });

  it('refuses to edit a file that is already broken', () => {
    const home = newHome();
    mkdirSync(home, { recursive: true });
    writeFileSync(configPath(home), 'providers: [\n', { mode: 0o600 });
    expect(() => removeProvider(home, 'x')).toThrow(ConfigError);
    expect(readFileSync(configPath(home), 'utf8')).toBe('providers: [\n');
  });
});

describe('updateProvider', () => {
  const EDITABLE = `# mine
providers:
  - name: local # keep this one
    protocol: openai
    base_url: http://127.0.0.1:11434/v1
    api_key_env: LOCAL_KEY
    models:
      # the one I use
      - id: qwen3
        thinking_budget: 2000 # tuned by hand
      - id: old
default_model: local/qwen3
`;

  it('edits URL, key and models in place, keeping comments and the fields of kept models', () => {
    const home = newHome();
    mkdirSync(home, { recursive: true });
    writeFileSync(configPath(home), EDITABLE, { mode: 0o600 });
    const cfg = updateProvider(home, 'local', {
      base_url: 'http://10.0.0.2:8000/v1',
      api_key: 'sk-new-key-1234',
      models: [
        { id: 'qwen3', vision: true, context_window: 64000 },
        { id: 'llava', vision: true, context_window: 4096 },
      ],
    });
    expect(cfg.providers[0]).toMatchObject({ base_url: 'http://10.0.0.2:8000/v1', api_key: 'sk-new-key-1234' });
    expect(cfg.providers[0].api_key_env).toBeUndefined();
    expect(cfg.providers[0].models).toEqual([
      { id: 'qwen3', vision: true, context_window: 64000, thinking_budget: 2000 },
      { id: 'llava', vision: true, context_window: 4096 },
    ]);
    const text = readFileSync(configPath(home), 'utf8');
    for (const c of ['# mine', '# keep this one', '# the one I use', '# tuned by hand']) expect(text).toContain(c);
    expect(text).not.toContain('old');
    expect(mode(configPath(home))).toBe('600');
    expect(loadConfig(home)).toEqual(cfg);
    expect(updateProvider(home, 'local', { api_key_env: 'OTHER_KEY' }).providers[0]).toMatchObject({
      api_key_env: 'OTHER_KEY',
    });
    expect(readFileSync(configPath(home), 'utf8')).not.toContain('sk-new-key');
  });

  it('refuses an edit that breaks the file, and leaves the file as it was', () => {
    const home = newHome();
    mkdirSync(home, { recursive: true });
    writeFileSync(configPath(home), EDITABLE, { mode: 0o600 });
    expect(() =>
      updateProvider(home, 'local', { models: [{ id: 'other', vision: false, context_window: 1000 }] }),
    ).toThrow(/default_model.*"local\/qwen3" is not a configured model/);
    expect(() => updateProvider(home, 'local', { base_url: 'ftp://x' })).toThrow(
      /providers\[0\] \(local\): base_url: must be an http/,
    );
    expect(() => updateProvider(home, 'local', { models: [] })).toThrow(/models: must list at least one model/);
    expect(() => updateProvider(home, 'ghost', {})).toThrow(/no provider named "ghost" \(providers: local\)/);
    expect(readFileSync(configPath(home), 'utf8')).toBe(EDITABLE);
  });
});

describe('setModelChoice', () => {
  it('sets and removes default_model / vision_model, validating the reference', () => {
    const home = newHome();
    mkdirSync(home, { recursive: true });
    writeFileSync(configPath(home), USER, { mode: 0o600 });
    expect(setModelChoice(home, 'default_model', undefined).default_model).toBeUndefined();
    expect(removeProvider(home, 'local').providers).toEqual([]);
    expect(() => setModelChoice(home, 'vision_model', 'local/qwen3')).toThrow(
      /vision_model: "local\/qwen3" is not a configured model/,
    );
    addProvider(home, {
      name: 'v',
      protocol: 'openai',
      base_url: 'http://127.0.0.1:1',
      models: [{ id: 'see', vision: true }],
    });
    expect(setModelChoice(home, 'vision_model', 'v/see').vision_model).toBe('v/see');
    expect(readFileSync(configPath(home), 'utf8')).toContain('# My Floe config — hand written');
  });
});

describe('redaction', () => {
  it('replaces api keys by dots and their last 4 characters, without touching the input', () => {
    const cfg = parseConfigText(`providers:
  - name: a
    protocol: openai
    base_url: http://x
    api_key: sk-abcdefgh1234
    models: [{id: m}]
  - name: b
    protocol: openai
    base_url: http://y
    api_key_env: KEY
    models: [{id: m}]
`);
    const r = redactConfig(cfg);
    expect(r.providers[0].api_key).toBe('••••1234');
    expect(r.providers[1].api_key_env).toBe('KEY');
    expect(cfg.providers[0].api_key).toBe('sk-abcdefgh1234');
    expect(JSON.stringify(r)).not.toContain('abcdefgh');
    expect(redactSecret('short')).toBe('••••');
  });
  it('redacts MCP env values and headers', () => {
    const r = redactSystemConfig({
      tools: {
        mcpServers: [
          {
            name: 's',
            config: {
              transport: 'http',
              url: 'http://127.0.0.1:1',
              headers: { Authorization: 'Bearer tok-987654321' },
              env: { TOKEN: 'abcdefghijk' },
              connectTimeoutMs: 10000,
              permission: 'auto',
            },
          },
        ],
      },
    });
    expect(r.tools?.mcpServers?.[0].config.headers).toEqual({ Authorization: '••••4321' });
    expect(r.tools?.mcpServers?.[0].config.env).toEqual({ TOKEN: '••••hijk' });
  });
});
