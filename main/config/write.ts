// Editing config.yaml and system_config.yaml from the UI or CLI (SPEC §8): add/edit/remove a provider, add or
// enable/disable an agent's MCP server, pick the default/vision model and the default approval mode — through the
// yaml Document API so the user's comments and layout survive — and redacting secrets for display.
// Every edit is validated as a whole before it is written (atomically, mode 0600). Must not touch other files.
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { isMap, isScalar, isSeq, YAMLMap, type Document } from 'yaml';
import { ConfigError } from './errors.js';
import { systemConfigPath } from './home.js';
import { explainIssue, formatPath } from './issues.js';
import { ensureConfigFile, loadSystemConfig, parseConfigText, parseSystemConfigText, parseYaml } from './load.js';
import {
  APPROVAL_MODE_VALUES,
  ProviderConfigSchema,
  type FloeConfig,
  type McpServerConfig,
  type ProviderConfigInput,
  type SystemConfig,
} from './schema.js';

function openDoc(home: string): { file: string; doc: Document } {
  return openFile(ensureConfigFile(home), parseConfigText);
}

function openFile(file: string, check: (text: string, file: string) => unknown): { file: string; doc: Document } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError(`${file}: cannot read the file: ${(e as Error).message}.`, file);
  }
  check(text, file); // refuse to edit a file that is already broken: the user fixes it first
  const { doc } = parseYaml(text, file);
  if (!isMap(doc.contents)) doc.contents = new YAMLMap() as never;
  return { file, doc };
}

/** Validates the edited document and writes it atomically with mode 0600. */
function commit(file: string, doc: Document): FloeConfig {
  return commitWith(file, doc, parseConfigText);
}

function commitWith<T>(file: string, doc: Document, check: (text: string, file: string) => T): T {
  const text = doc.toString();
  const config = check(text, file);
  const tmp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(tmp, text, { mode: 0o600, flag: 'wx' });
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new ConfigError(
      `${file}: cannot save the file: ${(e as Error).message}. Check that FLOE_HOME is writable.`,
      file,
    );
  }
  return config;
}

const providerNameAt = (item: unknown): string | undefined => {
  if (!isMap(item)) return undefined;
  const v = item.get('name', true);
  return isScalar(v) ? String(v.value) : undefined;
};

/**
 * Adds a provider at the end of `providers`; the first provider of a file with no `default_model` sets it to the
 * provider's first model. Throws ConfigError for an invalid provider or a name in use. */
export function addProvider(home: string, provider: ProviderConfigInput): FloeConfig {
  const { file, doc } = openDoc(home);
  const checked = ProviderConfigSchema.safeParse(provider);
  if (!checked.success) {
    const lines = checked.error.issues.flatMap((i) =>
      explainIssue(i, provider, ProviderConfigSchema).map(
        (x) => `${file}: new provider: ${formatPath(x.path)}: ${x.text}`,
      ),
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
  // the first provider of a file without a default model becomes the default: its first model
  const models = checked.data.models;
  const first = seq.items.length === 0 && doc.get('default_model') == null && models.length > 0;
  seq.flow = false;
  seq.add(doc.createNode(JSON.parse(JSON.stringify(provider))));
  if (first) doc.set('default_model', `${provider.name}/${models[0]!.id}`);
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

/** What updateProvider may change; a key left out stays as it is. */
export interface ProviderPatch {
  base_url?: string;
  /** a new literal key (removes api_key_env); null removes the literal key */
  api_key?: string | null;
  /** a new key variable (removes api_key); null removes it */
  api_key_env?: string | null;
  /** the full new model list, in order; models kept by id keep their other fields and comments */
  models?: { id: string; vision: boolean; context_window: number }[];
}

/**
 * Edits the provider named `name` in place (comments on it and on kept models survive). The whole file is
 * validated before it is written, so a model still named by default_model cannot be dropped silently.
 */
export function updateProvider(home: string, name: string, patch: ProviderPatch): FloeConfig {
  const { file, doc } = openDoc(home);
  const seq = doc.get('providers', true);
  const items = isSeq(seq) ? seq.items : [];
  const node = items.find((it) => providerNameAt(it) === name);
  if (!isMap(node)) {
    const names = items.map(providerNameAt).filter((n): n is string => !!n);
    throw new ConfigError(
      `${file}: no provider named "${name}"${names.length ? ` (providers: ${names.join(', ')})` : ' (no providers are configured)'}.`,
      file,
    );
  }
  if (patch.base_url !== undefined) node.set('base_url', patch.base_url);
  if (patch.api_key !== undefined) {
    if (patch.api_key === null) node.delete('api_key');
    else {
      node.set('api_key', patch.api_key);
      node.delete('api_key_env');
    }
  }
  if (patch.api_key_env !== undefined) {
    if (patch.api_key_env === null) node.delete('api_key_env');
    else {
      node.set('api_key_env', patch.api_key_env);
      node.delete('api_key');
    }
  }
  if (patch.models !== undefined) {
    const old = node.get('models', true);
    const oldItems = isSeq(old) ? old.items : [];
    const byId = new Map<string, unknown>();
    for (const it of oldItems) {
      const idNode = isMap(it) ? it.get('id', true) : undefined;
      if (isScalar(idNode)) byId.set(String(idNode.value), it);
    }
    const next: unknown[] = [];
    for (const m of patch.models) {
      const kept = byId.get(m.id);
      if (isMap(kept)) {
        kept.set('vision', m.vision);
        kept.set('context_window', m.context_window);
        next.push(kept);
      } else next.push(doc.createNode({ id: m.id, vision: m.vision, context_window: m.context_window }));
    }
    if (isSeq(old)) old.items = next;
    else node.set('models', doc.createNode(next));
  }
  const idx = items.indexOf(node);
  const checked = ProviderConfigSchema.safeParse(node.toJSON());
  if (!checked.success) {
    const lines = checked.error.issues.flatMap((i) =>
      explainIssue(i, node.toJSON(), ProviderConfigSchema).map(
        (x) => `${file}: providers[${idx}] (${name}): ${formatPath(x.path)}: ${x.text}`,
      ),
    );
    throw new ConfigError(lines.join('\n'), file);
  }
  return commit(file, doc);
}

/** Sets (or with `undefined` removes) default_model or vision_model; the model must be configured. */
export function setModelChoice(
  home: string,
  key: 'default_model' | 'vision_model',
  ref: string | undefined,
): FloeConfig {
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

/** Opens an agent's system_config.yaml for editing (loadSystemConfig first: it names a missing agent clearly). */
function openSystem(home: string, agent: string): { file: string; doc: Document } {
  loadSystemConfig(home, agent);
  const opened = openFile(systemConfigPath(home, agent), parseSystemConfigText);
  return opened;
}

/** The tools.mcpServers list of a system_config document, created when `create` and missing. */
function mcpSeq(doc: Document, file: string, create: boolean) {
  let seq = doc.getIn(['tools', 'mcpServers'], true);
  if (!isSeq(seq) && create) {
    if (!isMap(doc.get('tools', true))) doc.set('tools', doc.createNode({}));
    seq = doc.createNode([]);
    doc.setIn(['tools', 'mcpServers'], seq);
  }
  if (seq !== undefined && !isSeq(seq)) throw new ConfigError(`${file}: tools.mcpServers must be a list.`, file);
  return seq;
}

/** Adds an MCP server at the end of the agent's tools.mcpServers (system_config.yaml); the file is validated whole. */
export function addMcpServer(
  home: string,
  agent: string,
  server: { name: string; config: Record<string, unknown> },
): SystemConfig {
  const { file, doc } = openSystem(home, agent);
  const seq = mcpSeq(doc, file, true)!;
  if (seq.items.some((it) => providerNameAt(it) === server.name)) {
    throw new ConfigError(`${file}: an MCP server named "${server.name}" already exists. Choose another name.`, file);
  }
  seq.flow = false;
  seq.add(doc.createNode(JSON.parse(JSON.stringify(server))));
  return commitWith(file, doc, parseSystemConfigText);
}

/** Enables (removes `enabled: false`) or disables (`enabled: false`) an MCP server of the agent. */
export function setMcpServerEnabled(home: string, agent: string, name: string, enabled: boolean): SystemConfig {
  const { file, doc } = openSystem(home, agent);
  const seq = mcpSeq(doc, file, false);
  const node = seq?.items.find((it) => providerNameAt(it) === name);
  if (!isMap(node)) {
    const names = (seq?.items ?? []).map(providerNameAt).filter((n): n is string => !!n);
    throw new ConfigError(
      `${file}: no MCP server named "${name}"${names.length ? ` (servers: ${names.join(', ')})` : ' (none are configured)'}.`,
      file,
    );
  }
  if (enabled) node.delete('enabled');
  else node.set('enabled', false);
  return commitWith(file, doc, parseSystemConfigText);
}

/** The MCP servers of an agent as configured (disabled ones included). */
export function listMcpServers(home: string, agent: string): McpServerConfig[] {
  return loadSystemConfig(home, agent).tools?.mcpServers ?? [];
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
