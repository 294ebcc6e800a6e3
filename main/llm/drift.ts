// Environment drift (issue 27): a provider written to config.yaml at first run keeps the base URL and key it was
// found with, while the environment may have moved on (OPENAI_BASE_URL now points elsewhere, OPENAI_API_KEY holds
// another key than the api_key written there). Each difference is one line naming both values and how to update;
// keys are shown shortened, never whole. Pure: the callers print. Must not read or write config.yaml.
import { KNOWN_PROVIDERS } from './discover.js';

/** What drift needs of a configured provider (structurally the config schema's provider). */
export interface ConfiguredProvider {
  name: string;
  base_url: string;
  api_key?: string;
  api_key_env?: string;
}

/** A key as it may be shown: its first 3 and last 4 characters (fewer for short keys). */
export function shortKey(key: string): string {
  if (key.length <= 8) return `${key.slice(0, 1)}…(${key.length} characters)`;
  return `${key.slice(0, 3)}…${key.slice(-4)}`;
}

const trimUrl = (u: string): string => u.trim().replace(/\/+$/, '');

/** One line per difference between the environment and the providers of `configFile`. */
export function driftLines(providers: ConfiguredProvider[], env: NodeJS.ProcessEnv, configFile: string): string[] {
  const lines: string[] = [];
  for (const p of providers) {
    // the known provider this one was adopted from: same key variable, or the same name without a variable
    const k = KNOWN_PROVIDERS.find((q) => (p.api_key_env ? p.api_key_env === q.keyEnv : p.name === q.name));
    if (!k) continue;
    const envUrl = k.baseEnv ? env[k.baseEnv]?.trim() : undefined;
    if (envUrl && trimUrl(envUrl) !== trimUrl(p.base_url)) {
      lines.push(
        `floe: ${k.baseEnv} is ${envUrl} but provider "${p.name}" in ${configFile} has base_url ${p.base_url}; ` +
          `Floe uses config.yaml — set base_url there to ${envUrl} to follow the variable, or unset ${k.baseEnv}.`,
      );
    }
    const envKey = env[k.keyEnv]?.trim();
    if (p.api_key !== undefined && envKey && envKey !== p.api_key.trim()) {
      lines.push(
        `floe: ${k.keyEnv} holds ${shortKey(envKey)} but provider "${p.name}" in ${configFile} has api_key ` +
          `${shortKey(p.api_key)}; Floe uses config.yaml — replace api_key with api_key_env: ${k.keyEnv} to use ` +
          'the variable, or update api_key.',
      );
    }
  }
  return lines;
}
