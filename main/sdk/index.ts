// The SDK entry and composition root (SPEC §10): createAgent reads the configuration once (config.yaml and the
// agents' system_config.yaml) and builds an Agent from the parsed values; agent.createSession / resumeSession
// give AgentSessions. Hosts (CLI, desktop, browser mode) and SDK users all start here; the engine never reads
// configuration itself.
import { DEFAULT_AGENT, floeHome } from '../config/home.js';
import { UserError } from '../engine/errors.js';
import { Agent, type AgentOptions } from './agent.js';
import { readConfigSnapshot } from './config-snapshot.js';

export { Agent } from './agent.js';
export type {
  AgentOptions,
  CreateSessionOptions,
  SessionCommandOptions,
  SessionFacts,
  TraceListener,
} from './agent.js';
export { AgentSession } from '../engine/session.js';
export type { RunOptions, TaskResult } from '../engine/session.js';
export type { ConfigSnapshot } from './config-snapshot.js';

export async function createAgent(opts: AgentOptions = {}): Promise<Agent> {
  const home = opts.home ?? floeHome();
  const name = opts.agent ?? DEFAULT_AGENT;
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new UserError(`invalid agent name "${name}": use letters, digits, _ and -`);
  return new Agent(readConfigSnapshot(home, name), name, opts);
}
