// Handlers for Settings' MCP panel: an agent's MCP servers (system_config.yaml tools.mcpServers) with the status
// of a real connection attempt (connected + tool count, failed + message, disabled), reconnect, enable/disable and
// adding a server — the last two written through config/write.ts. A probe connects, lists tools and closes at
// once; its outcome is cached per server until the entry changes or the user asks to reconnect.
// Must not keep connections open (sessions make their own) nor show env values or headers.
import { dirname } from 'node:path';
import type { ApiMcpServer } from '../../shared/api.js';
import {
  addMcpServer,
  DEFAULT_AGENT,
  listMcpServers,
  setMcpServerEnabled,
  systemConfigPath,
  type McpServerConfig,
} from '../config/index.js';
import { connectMcpServers } from '../environment/mcp/index.js';
import type { HostContext } from './context.js';
import { notFound } from './errors.js';
import type { Handlers } from './table.js';

type M = 'mcp.list' | 'mcp.reconnect' | 'mcp.setEnabled' | 'mcp.add';

/** The command line or URL of a server, for display (pure). */
function mcpTarget(s: McpServerConfig): string {
  const c = s.config;
  if (c.transport === 'stdio')
    return [c.command ?? '', ...(c.args ?? [])].map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(' ');
  return c.url ?? '';
}

export function mcpHandlers(ctx: HostContext): Handlers<M> {
  const { home } = ctx;
  /** agent + name → the probe of one exact entry */
  const probes = new Map<string, { entry: string; result: Promise<ApiMcpServer> }>();

  const probe = async (agent: string, s: McpServerConfig): Promise<ApiMcpServer> => {
    const base = { name: s.name, agent, transport: s.config.transport, target: mcpTarget(s), enabled: true };
    const checkedAt = new Date().toISOString();
    const conn = await connectMcpServers([s], { workspace: dirname(systemConfigPath(home, agent)) });
    try {
      const r = conn.results[0]!;
      if (r.status === 'connected') {
        return {
          ...base,
          status: 'connected',
          toolCount: r.tool_count,
          tools: conn.tools.map((t) => t.definition.name),
          checkedAt,
        };
      }
      return { ...base, status: 'failed', toolCount: 0, tools: [], error: r.error ?? 'failed to connect', checkedAt };
    } finally {
      await conn.close();
    }
  };

  const list = async (agent: string, fresh?: string): Promise<ApiMcpServer[]> => {
    const servers = listMcpServers(home, agent);
    return Promise.all(
      servers.map((s) => {
        const key = `${agent}\0${s.name}`;
        if (s.enabled === false) {
          probes.delete(key);
          const view: ApiMcpServer = {
            name: s.name,
            agent,
            transport: s.config.transport,
            target: mcpTarget(s),
            enabled: false,
            status: 'disabled',
            toolCount: 0,
            tools: [],
          };
          return view;
        }
        const entry = JSON.stringify(s);
        const cached = probes.get(key);
        if (cached && cached.entry === entry && s.name !== fresh) return cached.result;
        const result = probe(agent, s);
        probes.set(key, { entry, result });
        return result;
      }),
    );
  };

  const changed = (agent: string) => {
    ctx.runtime.invalidateAgents();
    return list(agent);
  };

  return {
    'mcp.list': ({ agent }) => list(agent ?? DEFAULT_AGENT),
    'mcp.reconnect': ({ agent, name }) => {
      const a = agent ?? DEFAULT_AGENT;
      if (!listMcpServers(home, a).some((s) => s.name === name)) {
        throw notFound(`Agent "${a}" has no MCP server named "${name}" in its system_config.yaml.`);
      }
      return list(a, name);
    },
    'mcp.setEnabled': ({ agent, name, enabled }) => {
      const a = agent ?? DEFAULT_AGENT;
      setMcpServerEnabled(home, a, name, enabled);
      return changed(a);
    },
    'mcp.add': ({ agent, name, transport, command, args, url }) => {
      const a = agent ?? DEFAULT_AGENT;
      const config =
        transport === 'stdio' ? { transport, command, ...(args?.length ? { args } : {}) } : { transport, url };
      addMcpServer(home, a, { name, config });
      return changed(a);
    },
  };
}
