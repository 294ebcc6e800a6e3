// Types of the MCP client (SPEC §6, §8 tools.mcpServers): a server entry as configured and the connection
// handed to the session. Types only. Structurally compatible with main/config/schema.ts McpServerConfig.
import type { McpServerResult } from '../../../shared/omni/types.js';
import type { Tool } from '../types.js';

export interface McpServerEntry {
  name: string;
  config: {
    /** default: stdio when `command` is set, else http */
    transport?: 'stdio' | 'http' | 'sse';
    command?: string;
    args?: string[];
    /** merged over process.env */
    env?: Record<string, string>;
    /** default: the workspace */
    cwd?: string;
    url?: string;
    headers?: Record<string, string>;
    /** default 10000 */
    connectTimeoutMs?: number;
    /** default auto: `r` when the tool's annotations.readOnlyHint is true, else `rw` */
    permission?: 'auto' | 'r' | 'rw';
    /** default false: MCP tools are deferred */
    direct?: boolean;
  };
}

export interface McpConnection {
  /** every tool of every connected server, in server order then the server's order */
  tools: Tool[];
  /** one per configured server, in configuration order */
  results: McpServerResult[];
  /** closes every client and kills stdio children; never throws */
  close(): Promise<void>;
}

export interface McpConnectOptions {
  workspace: string;
  signal?: AbortSignal;
  /**
   * Turns a stdio server's program + args into the launch that contains it (the session's OS sandbox,
   * main/environment/sandbox); absent: the server runs as the user.
   */
  contain?: (command: string, args: string[], cwd: string) => { file: string; args: string[] };
}
