// Environment drift (issue 27): one line per provider whose base URL or key variable differs from config.yaml,
// naming both values (keys shortened) and how to update.
import { describe, expect, it } from 'vitest';
import { driftLines, shortKey } from '../../../main/llm/drift.js';

const FILE = '/home/ann/.floe/config.yaml';
const adopted = { name: 'openai', base_url: 'http://127.0.0.1:9000/v1', api_key_env: 'OPENAI_API_KEY' };

describe('driftLines', () => {
  it('names OPENAI_BASE_URL and the base_url it differs from, and how to update', () => {
    const lines = driftLines([adopted], { OPENAI_BASE_URL: 'http://10.0.0.5:8000/v1' }, FILE);
    expect(lines).toEqual([
      `floe: OPENAI_BASE_URL is http://10.0.0.5:8000/v1 but provider "openai" in ${FILE} has base_url ` +
        'http://127.0.0.1:9000/v1; Floe uses config.yaml — set base_url there to http://10.0.0.5:8000/v1 to ' +
        'follow the variable, or unset OPENAI_BASE_URL.',
    ]);
  });

  it('says nothing when the variable matches (a trailing slash aside) or is not set', () => {
    expect(driftLines([adopted], { OPENAI_BASE_URL: 'http://127.0.0.1:9000/v1/' }, FILE)).toEqual([]);
    expect(driftLines([adopted], {}, FILE)).toEqual([]);
    expect(
      driftLines([{ ...adopted, name: 'mine', api_key_env: 'MY_KEY' }], { OPENAI_BASE_URL: 'http://x' }, FILE),
    ).toEqual([]);
  });

  it('a key in config.yaml that differs from the variable: both shortened, never whole', () => {
    const p = { name: 'anthropic', base_url: 'https://api.anthropic.com', api_key: 'sk-ant-old-0000001111' };
    const lines = driftLines([p], { ANTHROPIC_API_KEY: 'sk-ant-new-2222223333' }, FILE);
    expect(lines).toEqual([
      `floe: ANTHROPIC_API_KEY holds sk-…3333 but provider "anthropic" in ${FILE} has api_key sk-…1111; ` +
        'Floe uses config.yaml — replace api_key with api_key_env: ANTHROPIC_API_KEY to use the variable, or ' +
        'update api_key.',
    ]);
    expect(lines[0]).not.toContain('2222223333');
    expect(driftLines([p], { ANTHROPIC_API_KEY: 'sk-ant-old-0000001111' }, FILE)).toEqual([]);
  });

  it('shortens short keys to their first character and length', () => {
    expect(shortKey('abcdef')).toBe('a…(6 characters)');
    expect(shortKey('sk-1234567890')).toBe('sk-…7890');
  });
});
