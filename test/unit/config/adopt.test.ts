// adoptProviders (main/config/adopt.ts) on a real config.yaml in a temp FLOE_HOME: providers written with
// api_key_env and never a key, names already configured and providers without models skipped, `only` honoured,
// an existing default_model kept.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { adoptProviders, type Adoptable } from '../../../main/config/adopt.js';
import { addProvider, loadConfig, setModelChoice } from '../../../main/config/index.js';

const homes: string[] = [];
afterEach(() => homes.splice(0).forEach((h) => fs.rmSync(h, { recursive: true, force: true })));
const home = () => {
  const h = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-adopt-'));
  homes.push(h);
  return h;
};

const openai: Adoptable = {
  name: 'openai',
  protocol: 'openai',
  baseUrl: 'https://api.openai.com/v1',
  apiKeyEnv: 'OPENAI_API_KEY',
  models: [{ id: 'gpt-4o', vision: true, contextWindow: 128000 }],
  defaultModel: 'openai/gpt-4o',
};
const ollama: Adoptable = {
  name: 'ollama',
  protocol: 'openai',
  baseUrl: 'http://127.0.0.1:11434/v1',
  models: [{ id: 'qwen3', vision: false, contextWindow: 128000 }],
  defaultModel: 'ollama/qwen3',
};
const broken: Adoptable = {
  name: 'deepseek',
  protocol: 'openai',
  baseUrl: 'https://api.deepseek.com/v1',
  apiKeyEnv: 'DEEPSEEK_API_KEY',
  models: [],
};

describe('adoptProviders', () => {
  it('writes each usable provider by variable and makes the first one’s model the default', () => {
    const h = home();
    const r = adoptProviders(h, [broken, openai, ollama]);
    expect(r.added).toEqual(['openai', 'ollama']);
    expect(r.defaultModel).toBe('openai/gpt-4o');
    const text = fs.readFileSync(path.join(h, 'config.yaml'), 'utf8');
    expect(text).toContain('api_key_env: OPENAI_API_KEY');
    expect(text).not.toMatch(/^\s*-?\s*api_key:/m); // only the commented example mentions it
    expect(loadConfig(h).providers.map((p) => [p.name, p.api_key_env ?? null])).toEqual([
      ['openai', 'OPENAI_API_KEY'],
      ['ollama', null],
    ]);
  });

  it('skips names already configured, honours `only`, and keeps a default that is set', () => {
    const h = home();
    addProvider(h, {
      name: 'ollama',
      protocol: 'openai',
      base_url: 'http://10.0.0.2:11434/v1',
      models: [{ id: 'mine' }],
    });
    setModelChoice(h, 'default_model', 'ollama/mine');
    const r = adoptProviders(h, [openai, ollama], ['ollama', 'openai']);
    expect(r.added).toEqual(['openai']);
    expect(r.defaultModel).toBe('ollama/mine');
    expect(loadConfig(h).providers.find((p) => p.name === 'ollama')!.base_url).toBe('http://10.0.0.2:11434/v1');
    expect(adoptProviders(home(), [openai, ollama], ['ollama']).added).toEqual(['ollama']);
  });
});
