// Tests for model resolution and listing over a parsed config.
import { describe, it, expect } from 'vitest';
import { parseConfigText } from '../../../main/config/load.js';
import { listModels, ModelNotFoundError, resolveModel, splitModelRef } from '../../../main/config/models.js';

const config = parseConfigText(`providers:
  - name: local
    protocol: openai
    base_url: http://127.0.0.1:11434/v1
    api_key_env: FLOE_TEST_KEY
    models:
      - id: qwen3
        context_window: 32768
      - id: meta/llama-3
        vision: true
  - name: claude
    protocol: anthropic
    base_url: https://api.anthropic.com
    api_key: sk-ant-secret
    models:
      - id: opus
        thinking_budget: 4000
        max_output_tokens: 8000
default_model: local/qwen3
vision_model: local/meta/llama-3
`);

describe('resolveModel', () => {
  it('takes the key from the environment variable named by api_key_env', () => {
    expect(resolveModel(config, 'local/qwen3', { FLOE_TEST_KEY: 'k-1' })).toEqual({
      provider: 'local',
      protocol: 'openai',
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: 'k-1',
      id: 'qwen3',
      vision: false,
      contextWindow: 32768,
    });
  });
  it('leaves the key absent when that variable is unset or empty', () => {
    expect('apiKey' in resolveModel(config, 'local/qwen3', {})).toBe(false);
    expect('apiKey' in resolveModel(config, 'local/qwen3', { FLOE_TEST_KEY: '' })).toBe(false);
  });
  it('uses api_key, thinking budget and max output tokens; ids may contain "/"', () => {
    expect(resolveModel(config, 'claude/opus', {})).toEqual({
      provider: 'claude',
      protocol: 'anthropic',
      baseUrl: 'https://api.anthropic.com',
      apiKey: 'sk-ant-secret',
      id: 'opus',
      vision: false,
      contextWindow: 128000,
      thinking: { budgetTokens: 4000 },
      maxOutputTokens: 8000,
    });
    expect(resolveModel(config, 'local/meta/llama-3', {})).toMatchObject({ id: 'meta/llama-3', vision: true });
  });
  it('explains unknown providers and models, listing what is configured', () => {
    const all = 'Configured models: local/qwen3, local/meta/llama-3, claude/opus.';
    expect(() => resolveModel(config, 'openai/gpt', {})).toThrow(
      `Unknown provider "openai" in model "openai/gpt" (providers: local, claude). ${all}`,
    );
    expect(() => resolveModel(config, 'local/qwen9', {})).toThrow(
      `Unknown model "qwen9" for provider "local" (its models: qwen3, meta/llama-3). ${all}`,
    );
    expect(() => resolveModel(config, 'qwen3', {})).toThrow(
      /^Invalid model "qwen3": expected "<provider>\/<model id>"/,
    );
    try {
      resolveModel(parseConfigText(''), 'a/b', {});
    } catch (e) {
      expect(e).toBeInstanceOf(ModelNotFoundError);
      expect((e as ModelNotFoundError).available).toEqual([]);
      expect((e as Error).message).toMatch(/No models are configured: add a provider to config\.yaml/);
    }
  });
});

describe('listModels / splitModelRef', () => {
  it('lists every model in file order with its flags', () => {
    const l = listModels(config);
    expect(l.map((m) => m.ref)).toEqual(['local/qwen3', 'local/meta/llama-3', 'claude/opus']);
    expect(l[0]).toEqual({
      ref: 'local/qwen3',
      provider: 'local',
      id: 'qwen3',
      protocol: 'openai',
      vision: false,
      contextWindow: 32768,
      isDefault: true,
      isVisionModel: false,
    });
    expect(l[1].isVisionModel).toBe(true);
  });
  it('splits at the first slash', () => {
    expect(splitModelRef('a/b/c')).toEqual({ provider: 'a', id: 'b/c' });
    expect(splitModelRef('/b')).toBeUndefined();
    expect(splitModelRef('a/')).toBeUndefined();
  });
});
