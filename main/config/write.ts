// Editing config.yaml from the UI or CLI (SPEC §8): add/remove a provider, pick the default/vision model and the
// default approval mode — through the yaml Document API so the user's comments and layout survive — and redacting
// secrets for display.
// Every edit is validated as a whole before it is written (atomically, mode 0600). Must not touch other files.
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { isMap, isScalar, isSeq, YAMLMap, type Document } from 'yaml';
import { ConfigError } from './errors.js';
import { explainIssue, formatPath } from './issues.js';
import { ensureConfigFile, parseConfigText, parseYaml } from './load.js';
import {
  APPROVAL_MODE_VALUES,
  ProviderConfigSchema,
  type FloeConfig,
  type ProviderConfigInput,
  type SystemConfig,
} from './schema.js';

function openDoc(home: string): { file: string; doc: Document } {
  const file = ensureConfigFile(home);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError(`${file}: cannot read the file: ${(e as Error).message}.`, file);
  }
  parseConfigText(text, file); // refuse to edit a file that is already broken: the user fixes it first
  const { doc } = parseYaml(text, file);
  if (!isMap(doc.contents)) doc.contents = new YAMLMap() as never;
  return { file, doc };
}

/** Validates the edited document and writes it atomically with mode 0600. */
function commit(file: string, doc: Document): FloeConfig {
  const text = doc.toString();
  const config = parseConfigText(text, file);
  const tmp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(tmp, text, { mode: 0o600, flag: 'wx' });
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new ConfigError(`${file}: cannot save the file: ${(e as Error).message}. Check that FLOE_HOME is writable.`, file);
  }
  return config;
}

const providerNameAt = (item: unknown): string | undefined => {
  if (!isMap(item)) return undefined;
  const v = item.get('name', true);
  return isScalar(v) ? String(v.value) : undefined;
};

/** Adds a provider at the end of `providers`. Throws ConfigError for an invalid provider or a name in use. */
export function addProvider(home: string, provider: ProviderConfigInput): FloeConfig {
  const { file, doc } = openDoc(home);
  const checked = ProviderConfigSchema.safeParse(provider);
  if (!checked.success) {
    const lines = checked.error.issues.flatMap((i) =>
      explainIssue(i, provider, ProviderConfigSchema).map((x) => `${file}: new provider: ${formatPath(x.path)}: ${x.text}`),
    );
    throw new ConfigError(lines.join('\n'), file);
  }
  let seq = doc.get('providers', true);
  if (!isSeq(seq)) {
    seq = doc.createNode([]);
    doc.set('providers', seq);
  }
  if (!isSeq(seq)) throw new ConfigError(`${file}: providers must be a list.`, file);
  if (seq.items.some((it) => providerNameAt(it) === provider.name)) {
    throw new ConfigError(
      `${file}: a provider named "${provider.name}" already exists. Remove it first or choose another name.`,
      file,
    );
  }
  seq.flow = false;
  seq.add(doc.createNode(JSON.parse(JSON.stringify(provider))));
  return commit(file, doc);
}

/**
 * Removes the provider named `name`. Refuses (ConfigError) when it is unknown or when default_model or
 * vision_model still point at it — change those first (setModelChoice).
 */
export function removeProvider(home: string, name: string): FloeConfig {
  const { file, doc } = openDoc(home);
  const seq = doc.get('providers', true);
  const items = isSeq(seq) ? seq.items : [];
  const idx = items.findIndex((it) => providerNameAt(it) === name);
  if (idx < 0) {
    const names = items.map(providerNameAt).filter((n): n is string => !!n);
    throw new ConfigError(
      `${file}: no provider named "${name}"${names.length ? ` (providers: ${names.join(', ')})` : ' (no providers are configured)'}.`,
      file,
    );
  }
  for (const key of ['default_model', 'vision_model'] as const) {
    const ref = doc.get(key);
    if (typeof ref === 'string' && ref.startsWith(`${name}/`)) {
      throw new ConfigError(
        `${file}: provider "${name}" is still used by ${key} (${ref}). Choose another ${key} or remove it first.`,
        file,
      );
    }
  }
  doc.deleteIn(['providers', idx]);
  return commit(file, doc);
}

/** Sets (or with `undefined` removes) default_model or vision_model; the model must be configured. */
export function setModelChoice(home: string, key: 'default_model' | 'vision_model', ref: string | undefined): FloeConfig {
  const { file, doc } = openDoc(home);
  if (ref === undefined) doc.delete(key);
  else doc.set(key, ref);
  return commit(file, doc);
}

/** Sets `default_approval_mode`, the mode new sessions start in. */
export function setDefaultApprovalMode(home: string, mode: (typeof APPROVAL_MODE_VALUES)[number]): FloeConfig {
  const { file, doc } = openDoc(home);
  doc.set('default_approval_mode', mode);
  return commit(file, doc);
}

/** `"••••" + last 4` (keys shorter than 8 characters are hidden completely). */
export function redactSecret(secret: string): string {
  return secret.length >= 8 ? `••••${secret.slice(-4)}` : '••••';
}

/** A copy of the config safe to show in a UI: every api_key redacted (api_key_env names are kept). */
export function redactConfig(config: FloeConfig): FloeConfig {
  const copy = structuredClone(config);
  for (const p of copy.providers) if (p.api_key !== undefined) p.api_key = redactSecret(p.api_key);
  return copy;
}

/** A copy of a system config safe to show in a UI: MCP server env values and headers redacted. */
export function redactSystemConfig(config: SystemConfig): SystemConfig {
  const copy = structuredClone(config);
  for (const s of copy.tools?.mcpServers ?? []) {
    for (const rec of [s.config.env, s.config.headers]) {
      if (rec) for (const k of Object.keys(rec)) rec[k] = redactSecret(rec[k]);
    }
  }
  return copy;
}
