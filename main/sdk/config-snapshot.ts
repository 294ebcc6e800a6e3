// The configuration an Agent is built from, read once when the agent is composed: config.yaml, the chosen agent's
// system_config.yaml, and every other agent's (for subagents started with agent_id). Nothing is read again while
// sessions run; a broken file of another agent is kept as its error and reported when that agent is asked for.
import { ConfigError, agentsDir, listAgents, loadConfig, loadSystemConfig, systemConfigPath } from '../config/index.js';
import type { FloeConfig, SystemConfig } from '../config/index.js';

export interface ConfigSnapshot {
  readonly home: string;
  readonly config: FloeConfig;
  /** every agent found under FLOE_HOME/agents: its parsed file, or why it could not be used */
  readonly agents: ReadonlyMap<string, SystemConfig | Error>;
}

/** Reads and validates the files; a problem in `agent`'s own file or in config.yaml throws (ConfigError). */
export function readConfigSnapshot(home: string, agent: string): ConfigSnapshot {
  const config = loadConfig(home);
  const agents = new Map<string, SystemConfig | Error>();
  agents.set(agent, loadSystemConfig(home, agent));
  for (const name of listAgents(home)) {
    if (agents.has(name)) continue;
    try {
      agents.set(name, loadSystemConfig(home, name));
    } catch (e) {
      agents.set(name, e instanceof Error ? e : new Error(String(e)));
    }
  }
  return { home, config, agents };
}

/** The parsed system config of `agent`, or the clear error that names the file and what to do. */
export function systemConfigOf(snap: ConfigSnapshot, agent: string): SystemConfig {
  const got = snap.agents.get(agent);
  if (got instanceof Error) throw got;
  if (got) return got;
  const known = [...snap.agents.keys()].sort();
  const file = systemConfigPath(snap.home, agent);
  throw new ConfigError(
    `${file}: agent "${agent}" has no system_config.yaml (agents are read from ${agentsDir(snap.home)} when the ` +
      `session's agent is loaded). Create it and start a new session, or use one of: ${known.join(', ')}.`,
    file,
  );
}
