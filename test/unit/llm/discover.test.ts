// Pure parts of zero-configuration discovery (main/llm/discover.ts): which providers the environment offers, where
// their models endpoints are, which listed models count as chat models, and which default is chosen.
import { describe, expect, it } from 'vitest';
import { candidates, chooseModel, modelsUrl, ollamaBaseUrl, parseModels } from '../../../main/llm/discover.js';

describe('candidates', () => {
  it('one per key that is set (base URL overridable where the SDK allows), plus the Ollama probe', () => {
    const c = candidates({
      OPENAI_API_KEY: 'k',
      OPENAI_BASE_URL: 'http://127.0.0.1:5/v1/',
      ANTHROPIC_API_KEY: ' ',
      OPENROUTER_API_KEY: 'r',
    });
    expect(c.map((x) => [x.name, x.baseUrl, x.apiKeyEnv, x.source])).toEqual([
      ['openai', 'http://127.0.0.1:5/v1', 'OPENAI_API_KEY', 'OPENAI_API_KEY'],
      ['openrouter', 'https://openrouter.ai/api/v1', 'OPENROUTER_API_KEY', 'OPENROUTER_API_KEY'],
      ['ollama', 'http://127.0.0.1:11434/v1', undefined, 'Ollama at http://127.0.0.1:11434'],
    ]);
  });

  it('OLLAMA_HOST as host:port or URL', () => {
    expect(ollamaBaseUrl({ OLLAMA_HOST: '10.0.0.2:8080' })).toBe('http://10.0.0.2:8080/v1');
    expect(ollamaBaseUrl({ OLLAMA_HOST: 'https://box.example/' })).toBe('https://box.example/v1');
  });

  it("Anthropic's models endpoint sits under /v1 whether or not the base URL has it", () => {
    expect(modelsUrl({ protocol: 'anthropic', baseUrl: 'https://api.anthropic.com' })).toBe(
      'https://api.anthropic.com/v1/models?limit=100',
    );
    expect(modelsUrl({ protocol: 'anthropic', baseUrl: 'https://api.anthropic.com/v1' })).toBe(
      'https://api.anthropic.com/v1/models?limit=100',
    );
    expect(modelsUrl({ protocol: 'openai', baseUrl: 'https://api.deepseek.com/v1' })).toBe(
      'https://api.deepseek.com/v1/models',
    );
  });
});

describe('parseModels and chooseModel', () => {
  it('keeps chat models, drops embeddings, speech and images, reads vision and context where given', () => {
    const body = {
      data: [
        { id: 'gpt-4o' },
        { id: 'text-embedding-3-small' },
        { id: 'whisper-1' },
        { id: 'gpt-image-1' },
        { id: 'o1-mini' },
        { id: 'gpt-4o' },
      ],
    };
    expect(parseModels(body, { name: 'openai', protocol: 'openai' })).toEqual([
      { id: 'gpt-4o', vision: true, contextWindow: 128000 },
      { id: 'o1-mini', vision: false, contextWindow: 128000 },
    ]);
    const router = {
      data: [{ id: 'x/y', context_length: 64000, architecture: { input_modalities: ['text', 'image'] } }],
    };
    expect(parseModels(router, { name: 'openrouter', protocol: 'openai' })).toEqual([
      { id: 'x/y', vision: true, contextWindow: 64000 },
    ]);
    expect(
      parseModels({ data: [{ id: 'claude-x', type: 'model' }] }, { name: 'anthropic', protocol: 'anthropic' }),
    ).toEqual([{ id: 'claude-x', vision: true, contextWindow: 200000 }]);
    expect(parseModels({ error: 'no' }, { name: 'openai', protocol: 'openai' })).toEqual([]);
  });

  it('prefers the listed ids in order, else the first model', () => {
    const ms = ['a', 'gpt-4o', 'gpt-4.1'].map((id) => ({ id, vision: false, contextWindow: 1 }));
    expect(chooseModel(ms, ['gpt-5', 'gpt-4.1', 'gpt-4o'])).toBe('gpt-4.1');
    expect(chooseModel(ms, [])).toBe('a');
    expect(chooseModel([], ['a'])).toBeUndefined();
  });
});
