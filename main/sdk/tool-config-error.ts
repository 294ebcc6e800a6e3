// The error for a tool configuration that cannot be assembled (unknown builtin, alias or name conflicts, MCP tool
// names differing only in case): `<file>:<line>:<col>: tool configuration of agent "<name>": <problems>`, the line
// being that of the config entry that brought the conflicting tool in (a builtin entry or an MCP server).
import type { SystemConfig } from '../config/index.js';
import { locateInYaml } from '../config/locate.js';
import { UserError } from '../engine/errors.js';
import type { ToolNameProblem } from '../environment/names.js';

type Path = (string | number)[];

/** The config path of the entry that declares `tool`: its builtin entry, or the MCP server it comes from. */
export function configPathOfTool(config: SystemConfig, tool: string): Path | undefined {
  const builtin = (config.tools?.builtin ?? []) as { name?: unknown }[];
  const b = builtin.findIndex((d) => d?.name === tool);
  if (b >= 0) return ['tools', 'builtin', b];
  const servers = (config.tools?.mcpServers ?? []) as { name?: unknown }[];
  const m = servers.findIndex((s) => typeof s?.name === 'string' && tool.startsWith(`mcp__${s.name}__`));
  return m >= 0 ? ['tools', 'mcpServers', m] : undefined;
}

/** The entry a problem is reported at: of the entries involved, the one declared last (the one that collided). */
export function problemPath(config: SystemConfig, problem: ToolNameProblem): Path | undefined {
  const paths = problem.tools.map((t) => configPathOfTool(config, t)).filter((p): p is Path => p !== undefined);
  const rank = (p: Path) => (p[1] === 'mcpServers' ? 1_000_000 : 0) + Number(p[2]);
  return paths.sort((a, b) => rank(b) - rank(a))[0];
}

export function toolConfigError(
  file: string,
  agent: string,
  config: SystemConfig,
  problems: ToolNameProblem[],
): UserError {
  const path = problems.map((p) => problemPath(config, p)).find((p) => p !== undefined);
  const at = path ? locateInYaml(file, path) : undefined;
  const where = at ? `${file}:${at.line}:${at.col}` : file;
  return new UserError(
    `${where}: tool configuration of agent "${agent}": ${problems.map((p) => p.message).join('; ')}`,
  );
}
