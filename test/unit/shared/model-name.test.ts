// Unit tests of matching a typed model name against the configured models (shared/model-name.ts), used by /model
// in the composer and by sessions.setModel.
import { describe, expect, it } from 'vitest';
import { matchModelName } from '../../../shared/model-name.js';

const refs = ['local/qwen3', 'openai/gpt-5', 'azure/gpt-5', 'openai/o4/mini'];

describe('matchModelName', () => {
  it('takes provider/id exactly, or an id only one provider has', () => {
    expect(matchModelName('openai/gpt-5', refs)).toEqual({ ok: true, ref: 'openai/gpt-5' });
    expect(matchModelName(' qwen3 ', refs)).toEqual({ ok: true, ref: 'local/qwen3' });
    expect(matchModelName('o4/mini', refs)).toEqual({ ok: true, ref: 'openai/o4/mini' });
  });
  it('names the choices for an unknown model and the providers for an ambiguous id', () => {
    expect(matchModelName('llama', refs)).toEqual({
      ok: false,
      message: 'Unknown model "llama". Choose one of: local/qwen3, openai/gpt-5, azure/gpt-5, openai/o4/mini.',
    });
    expect(matchModelName('gpt-5', refs)).toEqual({
      ok: false,
      message: '"gpt-5" is a model of more than one provider (openai/gpt-5, azure/gpt-5); give provider/id.',
    });
    expect(matchModelName('', [])).toEqual({
      ok: false,
      message: 'Name a model. No models are configured; add one in Settings.',
    });
  });
});
