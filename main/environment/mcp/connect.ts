// Connects ONE MCP server (stdio, Streamable HTTP or legacy SSE), lists its tools (following pagination) and
// wraps each as a Floe Tool. Bounded by connectTimeoutMs and the caller's signal; every failure becomes a
// `failed` McpServerResult — it never throws. It does not decide which tools a session gets (assembly does).
import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServerResult } from '../../../shared/omni/types.js';
import type { Permission, Tool } from '../types.js';
import { mcpToolName, uniqueName } from './naming.js';
import { mapCallToolResult } from './results.js';
import type { McpConnectOptions, McpServerEntry } from './types.js';
import { inOwnGroup } from '../../os/own-group.js';

const DEFAULT_CONNECT_TIMEOUT_MS = 10000;
const DEFAULT_TOOL_TIMEOUT_MS = 120000;
const MAX_TIMER_MS = 2 ** 31 - 1;
const MAX_PAGES = 1000;
const STDERR_TAIL = 2000;

interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  annotations?: { readOnlyHint?: boolean; title?: string };
}

/**
 * Keeps a reference to the spawned child: the SDK drops it as soon as it starts closing, before the child is
 * gone, and Floe must be able to make sure it dies. (Reads the SDK's private `_process` field once after start.)
 */
class TrackedStdioTransport extends StdioClientTransport {
  child: ChildProcess | undefined;
  override async start(): Promise<void> {
    try {
      await super.start();
    } finally {
      const proc = (this as unknown as { _process?: unknown })._process;
      if (proc instanceof EventEmitter && typeof (proc as ChildProcess).kill === 'function')
        this.child = proc as ChildProcess;
    }
  }
}

function running(child: ChildProcess): boolean {
  return child.pid !== undefined && child.exitCode === null && child.signalCode === null;
}

/** SIGTERM, then SIGKILL after graceMs, for a child that outlived its transport. Never signals a reaped pid. */
async function ensureDead(child: ChildProcess, graceMs = 1000): Promise<void> {
  if (!running(child)) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs).unref())]);
  if (running(child)) {
    child.kill('SIGKILL');
    await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs).unref())]);
  }
}

/** A live (or dead) server: what its tools need at call time. */
export class ServerHandle {
  closedReason: string | undefined;
  private closing = false;
  private stderr = '';
  private closePromise: Promise<void> | undefined;

  constructor(
    readonly name: string,
    readonly client: Client,
    readonly transport: Transport,
  ) {}

  /** last lines the server wrote to stderr (stdio only), for error messages */
  stderrTail(): string {
    return this.stderr.trim();
  }

  appendStderr(chunk: string): void {
    this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL);
  }

  markClosed(reason: string): void {
    if (!this.closing && this.closedReason === undefined) this.closedReason = reason;
  }

  /** the stdio child (kept after exit), undefined for http/sse */
  get child(): ChildProcess | undefined {
    return this.transport instanceof TrackedStdioTransport ? this.transport.child : undefined;
  }

  /** Closes the client; kills a stdio child that outlives it. Idempotent, never throws. */
  close(): Promise<void> {
    this.closing = true;
    this.closedReason ??= 'the connection was closed';
    this.closePromise ??= (async () => {
      const child = this.child;
      await this.client.close().catch(() => {});
      await this.transport.close().catch(() => {});
      if (child) await ensureDead(child);
    })();
    return this.closePromise;
  }
}

function describeError(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    if (code === 'ENOENT' && /spawn/.test(err.message)) {
      return `${err.message}: the command was not found. Check "command" (and PATH), or install the server`;
    }
    const cause = (err as { cause?: unknown }).cause;
    const causeMsg = cause instanceof Error && cause.message !== err.message ? `: ${cause.message}` : '';
    return `${err.message}${causeMsg}`;
  }
  return String(err);
}

function withTail(msg: string, handle: ServerHandle | undefined): string {
  const tail = handle?.stderrTail();
  if (!tail) return msg;
  const lines = tail.split('\n').slice(-5).join('\n');
  return `${msg}\nserver stderr:\n${lines}`;
}

function makeTransport(entry: McpServerEntry, workspace: string, contain: McpConnectOptions['contain']): Transport {
  const c = entry.config;
  const kind = c.transport ?? (c.command ? 'stdio' : 'http');
  if (kind === 'stdio') {
    if (!c.command) throw new Error('transport stdio needs "command" (the program to start)');
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (typeof v === 'string') env[k] = v;
    Object.assign(env, c.env ?? {});
    const cwd = c.cwd ? path.resolve(workspace, c.cwd) : workspace;
    // in a process group of its own: a Ctrl-C at the host's terminal must not end the server
    const plain = contain ? contain(c.command, c.args ?? [], cwd) : { file: c.command, args: c.args ?? [] };
    const launch = inOwnGroup(plain, { path: env.PATH ?? '', cwd });
    return new TrackedStdioTransport({ command: launch.file, args: launch.args, env, cwd, stderr: 'pipe' });
  }
  if (!c.url) throw new Error(`transport ${kind} needs "url" (the server's URL)`);
  let url: URL;
  try {
    url = new URL(c.url);
  } catch {
    throw new Error(`"url" is not a valid URL: ${c.url}`);
  }
  const requestInit: RequestInit | undefined = c.headers ? { headers: c.headers } : undefined;
  return kind === 'sse'
    ? new SSEClientTransport(url, { requestInit })
    : new StreamableHTTPClientTransport(url, { requestInit });
}

function permissionOf(entry: McpServerEntry, tool: ListedTool): Permission {
  const p = entry.config.permission ?? 'auto';
  if (p === 'r' || p === 'rw') return p;
  return tool.annotations?.readOnlyHint === true ? 'r' : 'rw';
}

const title = (tool: ListedTool): string | undefined => tool.title ?? tool.annotations?.title;

function wrapTool(entry: McpServerEntry, handle: ServerHandle, tool: ListedTool, name: string): Tool {
  const server = entry.name;
  const schema =
    tool.inputSchema && typeof tool.inputSchema === 'object' ? tool.inputSchema : { type: 'object', properties: {} };
  return {
    definition: {
      name,
      ...(title(tool) ? { title: title(tool) } : {}),
      description:
        tool.description ?? tool.title ?? tool.annotations?.title ?? `Tool "${tool.name}" of MCP server "${server}".`,
      parameters: schema,
      permission: permissionOf(entry, tool),
      visibility: entry.config.direct ? 'direct' : 'deferred',
    },
    async *execute(args, ctx) {
      const notConnected = () => `MCP server "${server}" is not connected: ${handle.closedReason}`;
      if (handle.closedReason !== undefined) {
        yield notConnected();
        return { stopReason: 'failed' };
      }
      const t = ctx.definition.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
      // The Environment enforces the tool timeout through ctx.signal; the SDK timeout is only a backstop.
      const timeout = t > 0 ? Math.min(t + 5000, MAX_TIMER_MS) : MAX_TIMER_MS;
      let result: unknown;
      try {
        result = await handle.client.callTool({ name: tool.name, arguments: args }, undefined, {
          signal: ctx.signal,
          timeout,
          maxTotalTimeout: timeout,
        });
      } catch (err) {
        if (ctx.signal.aborted) return { stopReason: 'aborted' };
        if (handle.closedReason !== undefined) {
          yield notConnected();
        } else {
          yield `MCP tool "${tool.name}" of server "${server}" failed: ${describeError(err)}`;
        }
        return { stopReason: 'failed' };
      }
      const mapped = mapCallToolResult(result);
      if (mapped.text) yield mapped.text;
      return mapped.images.length
        ? { stopReason: mapped.stopReason, images: mapped.images }
        : { stopReason: mapped.stopReason };
    },
  };
}

async function listAllTools(client: Client, signal: AbortSignal): Promise<ListedTool[]> {
  const tools: ListedTool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await client.listTools(cursor ? { cursor } : undefined, { signal });
    tools.push(...(res.tools as ListedTool[]));
    cursor = res.nextCursor;
    if (!cursor || seen.has(cursor)) break;
    seen.add(cursor);
  }
  return tools;
}

export interface ServerConnectOutcome {
  result: McpServerResult;
  tools: Tool[];
  /** present whenever a client was created; the caller must close() it (also after a failure) */
  handle?: ServerHandle;
}

export async function connectServer(
  entry: McpServerEntry,
  opts: McpConnectOptions,
  taken: Set<string>,
): Promise<ServerConnectOutcome> {
  const started = Date.now();
  const timeoutMs = entry.config.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const failed = (error: string): ServerConnectOutcome => ({
    result: { server: entry.name, status: 'failed', duration_ms: Date.now() - started, tool_count: 0, error },
    tools: [],
  });

  let handle: ServerHandle;
  try {
    const transport = makeTransport(entry, opts.workspace, opts.contain);
    const client = new Client({ name: 'floe', version: '0.1.0' }, { capabilities: {} });
    handle = new ServerHandle(entry.name, client, transport);
    if (transport instanceof StdioClientTransport) {
      transport.stderr?.on('data', (d: Buffer) => handle.appendStderr(d.toString('utf8')));
    }
    client.onclose = () =>
      handle.markClosed(
        withTail(
          transport instanceof StdioClientTransport ? 'the server process exited' : 'the connection closed',
          handle,
        ),
      );
  } catch (err) {
    return failed(`MCP server "${entry.name}": ${describeError(err)}. Fix its entry in tools.mcpServers.`);
  }

  const ac = new AbortController();
  const onAbort = () => ac.abort(new Error('aborted'));
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  if (opts.signal?.aborted) onAbort();
  let timer: NodeJS.Timeout | undefined;
  const bounded = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs}ms`)), Math.min(timeoutMs, MAX_TIMER_MS));
    ac.signal.addEventListener('abort', () => reject(new Error('connecting was aborted')), { once: true });
  });
  bounded.catch(() => {});
  try {
    const listed = await Promise.race([
      (async () => {
        await handle.client.connect(handle.transport, { signal: ac.signal, timeout: timeoutMs });
        return listAllTools(handle.client, ac.signal);
      })(),
      bounded,
    ]);
    const tools = listed.map((t) => wrapTool(entry, handle, t, uniqueName(mcpToolName(entry.name, t.name), taken)));
    return {
      result: { server: entry.name, status: 'connected', duration_ms: Date.now() - started, tool_count: tools.length },
      tools,
      handle,
    };
  } catch (err) {
    ac.abort();
    // give a dying process a moment to flush stderr, so the reason can quote it
    await new Promise((r) => setTimeout(r, 50));
    const reason = withTail(describeError(err), handle);
    return { ...failed(`MCP server "${entry.name}" failed to connect: ${reason}`), handle };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}
