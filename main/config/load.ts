// Loading config.yaml and agents/<agent>/system_config.yaml (SPEC §8): YAML with positions → zod → typed config,
// writing the default files on first use and keeping config.yaml private (0600).
// Every user mistake ends in a ConfigError (file, line, column, what to do): never a stack trace, never a silent
// default. Must not resolve models or edit existing files (models.ts, write.ts).
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { DEFAULT_CONFIG_YAML, defaultSystemConfigText } from './defaults.js';
import { ConfigError } from './errors.js';
import { agentsDir, configPath, DEFAULT_AGENT, isAgentName, systemConfigPath } from './home.js';
import { schemaError } from './issues.js';
import { ConfigSchema, SystemConfigSchema, type FloeConfig, type SystemConfig } from './schema.js';

export interface ParsedYaml {
  doc: Document;
  lineCounter: LineCounter;
  /** the plain JS value; `{}` for an empty document */
  data: unknown;
}

const errnoText = (e: unknown): string => {
  const err = e as NodeJS.ErrnoException;
  if (err?.code === 'EACCES' || err?.code === 'EPERM') return 'permission denied; check the owner and mode of the file';
  if (err?.code === 'EISDIR') return 'it is a folder, not a file';
  return err?.message ?? String(e);
};

/** Parses YAML keeping positions; a syntax error becomes a ConfigError at its line and column. */
export function parseYaml(text: string, file: string): ParsedYaml {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  const err = doc.errors[0];
  if (err) {
    const pos = err.linePos?.[0] ?? { line: 1, col: 1 };
    const [what, ...snippet] = err.message.split('\n');
    const reason = what.replace(/ at line \d+, column \d+:?$/, '');
    const shown = snippet.filter((l) => l.trim() !== '').join('\n');
    throw new ConfigError(
      `${file}:${pos.line}:${pos.col}: YAML syntax error: ${reason}. Fix the YAML at that line.${shown ? `\n${shown}` : ''}`,
      file,
      pos.line,
      pos.col,
    );
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    throw new ConfigError(`${file}:1:1: YAML could not be read: ${(e as Error).message}.`, file, 1, 1);
  }
  return { doc, lineCounter, data: data ?? {} };
}

function validate<S extends z.ZodType>(schema: S, parsed: ParsedYaml, file: string): z.output<S> {
  const r = schema.safeParse(parsed.data);
  if (r.success) return r.data;
  throw schemaError(file, r.error.issues, parsed.data, schema, parsed.doc, parsed.lineCounter);
}

/** Validates config.yaml text (pure apart from nothing: no file access). */
export function parseConfigText(text: string, file = 'config.yaml'): FloeConfig {
  return validate(ConfigSchema, parseYaml(text, file), file);
}

/** Validates system_config.yaml text. */
export function parseSystemConfigText(text: string, file = 'system_config.yaml'): SystemConfig {
  return validate(SystemConfigSchema, parseYaml(text, file), file);
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError(`${file}: cannot read the file: ${errnoText(e)}.`, file);
  }
}

/** Writes `text` to `file` unless it exists (creating folders). */
function writeIfMissing(file: string, text: string, mode: number): void {
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, text, { mode, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw new ConfigError(
      `${file}: cannot create the default file: ${errnoText(e)}. Check that FLOE_HOME is writable.`,
      file,
    );
  }
}

/** Creates config.yaml (no providers, mode 0600) when missing; narrows its mode to 0600 when wider. */
export function ensureConfigFile(home: string): string {
  const file = configPath(home);
  if (!existsSync(file)) writeIfMissing(file, DEFAULT_CONFIG_YAML, 0o600);
  if (process.platform !== 'win32') {
    try {
      const st = statSync(file);
      if (st.isFile() && (st.mode & 0o077) !== 0) chmodSync(file, 0o600);
    } catch (e) {
      throw new ConfigError(`${file}: cannot make the file private (mode 0600): ${errnoText(e)}.`, file);
    }
  }
  return file;
}

/** Creates agents/default/system_config.yaml from resources/default-system_config.yaml when missing. */
export function ensureDefaultAgent(home: string): string {
  const file = systemConfigPath(home, DEFAULT_AGENT);
  if (!existsSync(file)) {
    let text: string;
    try {
      text = defaultSystemConfigText();
    } catch (e) {
      throw new ConfigError(`${file}: cannot write the default agent: ${(e as Error).message}`, file);
    }
    writeIfMissing(file, text, 0o600); // MCP env and headers may hold secrets
  }
  return file;
}

/** Writes whatever default file is missing. */
export function ensureDefaults(home: string): void {
  ensureConfigFile(home);
  ensureDefaultAgent(home);
}

/** Loads and validates `<home>/config.yaml`, writing the default file on first use. */
export function loadConfig(home: string): FloeConfig {
  const file = ensureConfigFile(home);
  return parseConfigText(readText(file), file);
}

/** Names of the agents that have a system_config.yaml. */
export function listAgents(home: string): string[] {
  try {
    return readdirSync(agentsDir(home), { withFileTypes: true })
      .filter((e) => e.isDirectory() && isAgentName(e.name) && existsSync(systemConfigPath(home, e.name)))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

/** Loads and validates `<home>/agents/<agent>/system_config.yaml` (the default agent's is written on first use). */
export function loadSystemConfig(home: string, agent: string = DEFAULT_AGENT): SystemConfig {
  if (!isAgentName(agent)) {
    throw new ConfigError(
      `Invalid agent name "${agent}": use letters, digits, "_", "-" and "." only (it names a folder under ${agentsDir(home)}).`,
      agentsDir(home),
    );
  }
  const file = agent === DEFAULT_AGENT ? ensureDefaultAgent(home) : systemConfigPath(home, agent);
  if (!existsSync(file)) {
    const known = listAgents(home);
    throw new ConfigError(
      `${file}: agent "${agent}" has no system_config.yaml. Create it (copy ${systemConfigPath(home, DEFAULT_AGENT)} as a start) or use one of the existing agents: ${known.length ? known.join(', ') : DEFAULT_AGENT}.`,
      file,
    );
  }
  return parseSystemConfigText(readText(file), file);
}
