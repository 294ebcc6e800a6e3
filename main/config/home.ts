// FLOE_HOME and the fixed paths inside it (SPEC §8). Pure path arithmetic: must not read or create anything.
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

export const DEFAULT_AGENT = 'default';
const AGENT_RE = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** `FLOE_HOME` (a leading `~/` is expanded, relative paths resolve against the cwd) or `~/.floe`. */
export function floeHome(env: NodeJS.ProcessEnv = process.env): string {
  const v = env.FLOE_HOME?.trim();
  if (!v) return join(homedir(), '.floe');
  if (v === '~') return homedir();
  if (v.startsWith('~/')) return join(homedir(), v.slice(2));
  return isAbsolute(v) ? v : resolve(v);
}

export const configPath = (home: string): string => join(home, 'config.yaml');
export const dbPath = (home: string): string => join(home, 'floe.db');
export const agentsDir = (home: string): string => join(home, 'agents');

/** True for a usable agent name (one folder name: letters, digits, `_`, `-`, `.`; not hidden). */
export const isAgentName = (agent: string): boolean => AGENT_RE.test(agent);

function checkAgent(agent: string): void {
  if (!isAgentName(agent)) {
    throw new Error(
      `Invalid agent name "${agent}": use letters, digits, "_", "-" and "." only (it names a folder under agents/).`,
    );
  }
}

export function agentDir(home: string, agent: string): string {
  checkAgent(agent);
  return join(agentsDir(home), agent);
}

/** `<home>/agents/<agent>/system_config.yaml` */
export function systemConfigPath(home: string, agent: string): string {
  return join(agentDir(home, agent), 'system_config.yaml');
}
