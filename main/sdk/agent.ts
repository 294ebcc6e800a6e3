// Agent: builds AgentSessions from parsed configuration (a ConfigSnapshot) — model clients, the trace writer, the
// command-session registry, MCP, tool assembly and, for top-level sessions, the subagent registry with a child-
// session factory. Part of the composition root: the engine below it reads no files; this reads traces (resume)
// and checks the workspace, but never reads config files (main/sdk/index.ts does, once).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventMsg, sessionMeta } from '../../shared/omni/builders.js';
import { isSessionMeta } from '../../shared/omni/guards.js';
import type { OmniMessage, SessionMetaMessage, TokenCounts } from '../../shared/omni/types.js';
import type { FloeConfig, SystemConfig } from '../config/index.js';
import { resolveModel } from '../config/models.js';
import { UserError } from '../engine/errors.js';
import { orderOutputs } from '../engine/pairing.js';
import {
  DEFAULT_COMPACTION,
  compactionThreshold,
  promptTokens,
  type CompactionSettings,
} from '../engine/compaction.js';
import { AgentSession } from '../engine/session.js';
import { assembleTools } from '../environment/assembly.js';
import { builtinImplementations } from '../environment/builtins.js';
import { CommandRegistry } from '../environment/commands/registry.js';
import { commandTextCap } from '../environment/commands/text-cap.js';
import { connectMcpServers, type McpConnection } from '../environment/mcp/index.js';
import { CommandSandbox } from '../environment/sandbox/sandbox.js';
import { SubagentManager } from '../environment/subagents/manager.js';
import type { ChildRequest } from '../environment/subagents/types.js';
import { makeSearchExtraToolsTool } from '../environment/tools/search-extra-tools.js';
import type { ToolDefinition, ToolServices } from '../environment/types.js';
import { createModelClient } from '../llm/index.js';
import type { ModelClient, ResolvedModel } from '../llm/types.js';
import { findTraceFiles, newSessionId, traceFilePath } from '../trace/paths.js';
import { readTrace } from '../trace/reader.js';
import { leftOpenBy, rebuildHistory } from '../trace/resume.js';
import { systemConfigOf, type ConfigSnapshot } from './config-snapshot.js';
import { readProjectInstructions, type ProjectInstructions } from './instructions.js';
import { SemanticSearch } from './semantic-search.js';
import { toolConfigError } from './tool-config-error.js';
import { TraceParts } from './trace-parts.js';

/** Called after each trace record is written: its byte offset and length (without the newline). */
export type TraceListener = (sessionId: string, file: string, offset: number, length: number, msg: OmniMessage) => void;

export interface AgentOptions {
  /** FLOE_HOME (default: $FLOE_HOME or ~/.floe) */
  home?: string;
  /** agent name: agents/<agent>/system_config.yaml (default `default`) */
  agent?: string;
  /** --bare: no MCP servers */
  bare?: boolean;
  modelClientFactory?: (m: ResolvedModel) => ModelClient;
  retrySchedule?: readonly number[];
  requestTimeoutMs?: number;
  /** called after each trace record is written (the store's index) */
  onTraceRecord?: TraceListener;
  /**
   * the folders the project's writable-folder rules name for a session's commands, asked at every launch (hosts
   * read them from the store: main/approval/write-rules.ts)
   */
  writableFolders?: (sessionId: string, workspace: string) => readonly string[];
}

export interface CreateSessionOptions {
  workspace: string;
  /** `provider/id`; default: config.yaml default_model */
  model?: string;
  /** subagent sessions: depth 1, source `subagent`, parent facts inherited */
  child?: { parentId: string; thinking?: ResolvedModel['thinking'] };
  /** extra services for tools (hosts add theirs) */
  services?: ToolServices;
  /** the environment and writable roots of the session's commands (a session in its own worktree) */
  commands?: SessionCommandOptions;
  /**
   * the conversation the session starts from (a fork): complete model messages in replay order, written to the
   * trace after session_meta, so a resume rebuilds the same history
   */
  history?: OmniMessage[];
}

/** What a host adds to every command of one session (its subagents inherit it). */
export interface SessionCommandOptions {
  /** variables every command gets, e.g. FLOE_PORT_BASE */
  env?: Record<string, string>;
  /** folders a sandbox must leave writable besides the workspace (CommandRegistryOptions.extraWritableRoots) */
  extraWritableRoots?: readonly string[];
}

export interface SessionFacts {
  agent: string;
  model: string;
  depth: number;
  parentId?: string;
}

export class Agent {
  readonly home: string;
  private semanticSearch: SemanticSearch | undefined;
  readonly config: FloeConfig;
  readonly systemConfig: SystemConfig;
  /** agents of the same snapshot, by name (for subagents started with agent_id) */
  private readonly peers: Map<string, Agent>;

  constructor(
    readonly snapshot: ConfigSnapshot,
    readonly name: string,
    readonly opts: AgentOptions,
    peers?: Map<string, Agent>,
  ) {
    this.home = snapshot.home;
    this.config = snapshot.config;
    this.systemConfig = systemConfigOf(snapshot, name);
    this.peers = peers ?? new Map();
    this.peers.set(name, this);
  }

  /** Another agent of the same configuration snapshot (no file is read). */
  peer(name: string): Agent {
    return this.peers.get(name) ?? new Agent(this.snapshot, name, this.opts, this.peers);
  }

  defaultModel(): string {
    const m = this.config.default_model;
    if (!m) {
      throw new UserError(
        `no model chosen: pass --model provider/id or set default_model in ${this.home}/config.yaml (configured: ${listModelNames(this.config).join(', ') || 'none — add a provider first'})`,
      );
    }
    return m;
  }

  /** Semantic ranking of deferred tools, per provider with `embeddings` (built on first use). */
  private semantic(): SemanticSearch {
    return (this.semanticSearch ??= new SemanticSearch(this.config, this.home));
  }

  /** A client for "provider/id" of this configuration; ModelNotFoundError (listing the choices) when unknown. */
  modelClient(modelRef: string): ModelClient {
    const resolved = resolveModel(this.config, modelRef);
    return (this.opts.modelClientFactory ?? createModelClient)(resolved);
  }

  /** Where this agent's sessions compact for a model window (system_config.yaml `compaction`, or the defaults). */
  compactionThreshold(window: number): number {
    return compactionThreshold(window, compactionSettings(this.systemConfig));
  }

  async createSession(o: CreateSessionOptions): Promise<AgentSession> {
    const id = newSessionId();
    const modelRef = o.model ?? this.defaultModel();
    const client = this.modelClient(modelRef);
    if (o.child?.thinking && !client.model.thinking) (client.model as ResolvedModel).thinking = o.child.thinking;
    const file = traceFilePath(this.home, this.name, id);
    const instructions = readProjectInstructions(o.workspace);
    const system = this.systemPrompt(o.workspace, instructions);
    const meta = sessionMeta({
      session_id: id,
      provider: client.model.provider,
      model_id: client.model.id,
      model_context_window: client.model.contextWindow,
      system_prompt: system,
      agent_state: {
        agent: this.name,
        model: modelRef,
        ...(o.child ? { parent_session_id: o.child.parentId, depth: 1 } : {}),
        ...(instructions.files.length ? { instructions: instructions.files } : {}),
        ...(instructions.refused.length ? { instructions_refused: instructions.refused } : {}),
      },
      workspace: o.workspace,
      ...(o.child ? { source: 'subagent' } : {}),
    });
    const writer = this.openWriter(id, file, meta);
    writer.append(meta);
    const history = o.history ?? [];
    for (const m of history) writer.append(m);
    return this.build(
      id,
      o.workspace,
      client,
      writer,
      modelRef,
      o.child ? 1 : 0,
      o.child?.parentId,
      history,
      undefined,
      o.services,
      system,
      undefined,
      instructions,
      o.commands,
    );
  }

  /**
   * Resume from the trace alone: the latest part (after a compaction it starts with the compacted context), its
   * committed turns replayed, every tool_call paired. A compaction the process did not finish is closed as failed;
   * the context from before it is used.
   */
  async resumeSession(id: string, services?: ToolServices, commands?: SessionCommandOptions): Promise<AgentSession> {
    const files = findTraceFiles(this.home, id);
    if (!files.length)
      throw new UserError(
        `no trace found for session ${id} under ${this.home}/agents/*/traces — check the id with "floe traces list"`,
      );
    const latest = files[files.length - 1];
    const messages = readTrace(latest).messages;
    const meta = messages.find(isSessionMeta) ?? readTrace(files[0]).messages.find(isSessionMeta);
    if (!meta) throw new UserError(`trace of ${id} has no session_meta line (${latest}); it cannot be resumed`);
    const { history, unpaired } = rebuildHistory(messages);
    const state = meta.payload.agent_state as { model?: string; depth?: number; parent_session_id?: string };
    // the model of the last model_switch wins (it may sit in an earlier part when a compaction came after it)
    let switched = lastModelSwitch(messages);
    for (let i = files.length - 2; !switched && i >= 0; i--) switched = lastModelSwitch(readTrace(files[i]).messages);
    const modelRef = switched ?? state.model ?? `${meta.payload.provider}/${meta.payload.model_id}`;
    const client = this.modelClient(modelRef);
    let usage = lastUsage(messages);
    for (let i = files.length - 2; !usage && i >= 0; i--) usage = lastUsage(readTrace(files[i]).messages);
    const writer = this.openWriter(id, latest, meta);
    if (openCompaction(messages)) {
      writer.append(eventMsg({ type: 'compaction_end', status: 'failed', error: INTERRUPTED_COMPACTION }));
    }
    return this.build(
      id,
      meta.payload.workspace,
      client,
      writer,
      modelRef,
      state.depth ?? (meta.payload.source === 'subagent' ? 1 : 0),
      state.parent_session_id,
      orderOutputs(history),
      usage,
      services,
      undefined,
      { lastPrompt: lastPromptTokens(messages), leftOpenBy: leftOpenBy(messages, unpaired) },
      undefined,
      commands,
    );
  }

  /** The child-session factory given to a parent's subagent registry: depth 1, same workspace and thinking. */
  private createChild(parent: AgentSession, req: ChildRequest): Promise<AgentSession> {
    const agent = req.agentId && req.agentId !== this.name ? this.peer(req.agentId) : this;
    // the parent's model now (it may have been switched since the session began)
    let model = `${parent.model.model.provider}/${parent.model.model.id}`;
    if (req.modelId) model = req.modelId.includes('/') ? req.modelId : `${parent.model.model.provider}/${req.modelId}`;
    const reg = parent.services.commands as CommandRegistry | undefined;
    return agent.createSession({
      workspace: parent.workspace,
      model,
      child: { parentId: parent.id, thinking: parent.model.model.thinking },
      commands: reg
        ? { env: { ...reg.baseEnv } as Record<string, string>, extraWritableRoots: reg.extraWritableRoots }
        : undefined,
    });
  }

  /** The agent's system prompt, the workspace line, then the project instructions (AGENTS.md, CLAUDE.md). */
  systemPrompt(workspace: string, instructions: ProjectInstructions = readProjectInstructions(workspace)): string {
    const base = this.systemConfig.system_prompt ?? '';
    const ws = `${base}${base ? '\n\n' : ''}Workspace: ${workspace}\nAll commands run in this folder unless told otherwise.`;
    return instructions.text ? `${ws}\n\n${instructions.text}` : ws;
  }

  private openWriter(id: string, file: string, meta: SessionMetaMessage): TraceParts {
    const listener = this.opts.onTraceRecord;
    return new TraceParts(
      file,
      meta,
      listener ? (f, offset, length, msg) => listener(id, f, offset, length, msg) : undefined,
    );
  }

  private build(
    id: string,
    workspace: string,
    client: ModelClient,
    writer: TraceParts,
    modelRef: string,
    depth: number,
    parentId: string | undefined,
    history: OmniMessage[],
    usage: TokenCounts | undefined,
    extra?: ToolServices,
    systemText?: string,
    resumed: { lastPrompt?: number; leftOpenBy?: 'user' | 'host' } = {},
    instructions: ProjectInstructions = readProjectInstructions(workspace),
    commandOptions?: SessionCommandOptions,
  ): AgentSession {
    const system = systemText ?? this.systemPrompt(workspace, instructions);
    if (!fs.existsSync(workspace) || !fs.statSync(workspace).isDirectory()) {
      throw new UserError(`workspace ${workspace} is not a folder; pass an existing folder with --workspace`);
    }
    // the login environment is captured once per session unless system_config.yaml says shell.login_snapshot: false
    const snapshot =
      this.systemConfig.shell?.login_snapshot === false
        ? undefined
        : { dir: path.join(this.home, 'shell-snapshots'), sessionId: id };
    // every command (and MCP stdio server) of the session runs in its OS sandbox unless system_config.yaml says
    // sandbox.enabled: false; a machine that cannot sandbox says so in the session's first command (a warning)
    const sb = this.systemConfig.sandbox;
    const sandbox = new CommandSandbox({
      workspace: fs.realpathSync(workspace),
      home: process.env.HOME ?? os.homedir(),
      floeHome: this.home,
      sessionId: id,
      enabled: sb?.enabled,
      network: sb?.network,
      // a session in its own worktree also writes its git dir and the shared objects and refs (main/worktrees)
      extraWritable: [...(sb?.writable ?? []), ...(commandOptions?.extraWritableRoots ?? [])],
      ruleWritable: this.opts.writableFolders ? () => this.opts.writableFolders!(id, workspace) : undefined,
    });
    const reapDir = path.join(this.home, 'commands');
    const commands = new CommandRegistry({
      loginSnapshot: snapshot,
      reapDir,
      sandbox,
      env: commandOptions?.env,
      extraWritableRoots: commandOptions?.extraWritableRoots,
      // a flood is rendered for the model only as far as exec_command/input_command can show it
      modelTextCap: commandTextCap(this.systemConfig.tools?.builtin),
      // the login capture and the sandbox's probe start once the first request has an answer (onFirstReply)
      warmUp: 'later',
    });
    const services: ToolServices = { commands, egress: sandbox.egress, ...extra };
    if (this.config.vision_model) {
      try {
        services.visionModel = this.modelClient(this.config.vision_model);
      } catch {
        /* an unresolvable vision_model is reported by config validation */
      }
    }
    let mcp: McpConnection | undefined;
    const disposers: (() => Promise<void>)[] = [];
    const servers = (this.systemConfig.tools?.mcpServers ?? []).filter((s) => s.enabled !== false);
    const bare = !!this.opts.bare;
    const session: AgentSession = new AgentSession({
      id,
      workspace,
      model: client,
      systemPrompt: system,
      services,
      trace: writer,
      history,
      usage,
      retrySchedule: this.opts.retrySchedule,
      requestTimeoutMs: this.opts.requestTimeoutMs,
      compaction: compactionSettings(this.systemConfig),
      lastPromptTokens: resumed.lastPrompt,
      leftOpenBy: resumed.leftOpenBy,
      instructions: instructions.files,
      onFirstReply: () => commands.warm(),
      tools: async (emit, signal) => {
        // tools are assembled again after a switch to a model that differs in vision; MCP connects only once
        if (!bare && servers.length && !mcp) {
          emit(eventMsg({ type: 'mcp_connect_begin', servers: servers.map((s) => s.name) }));
          await sandbox.ready();
          const contain = sandbox.active
            ? (command: string, args: string[], cwd: string) => sandbox.wrap(command, args, cwd)
            : undefined;
          mcp = await connectMcpServers(servers, { workspace, signal, contain });
          const failed = mcp.results.filter((r) => r.status !== 'connected').length;
          emit(
            eventMsg({
              type: 'mcp_connect_end',
              status: failed === 0 ? 'ok' : failed === mcp.results.length ? 'failed' : 'partial',
              results: mcp.results,
            }),
          );
        }
        const ranker = this.semantic().forProvider(session.model.model.provider);
        const assembly = assembleTools({
          implementations: builtinImplementations(),
          builtinConfig: this.systemConfig.tools?.builtin as ToolDefinition[] | undefined,
          modelVision: session.model.model.vision,
          hasVisionModel: !!services.visionModel,
          depth,
          hostHasCommands: true,
          bare,
          mcpTools: mcp?.tools ?? [],
          makeSearchTool: (getDeferred) => makeSearchExtraToolsTool(getDeferred, ranker),
        });
        if (assembly.errors.length) {
          // where to fix it: the agent's system_config.yaml (MCP tool names come from the servers it lists)
          const file = path.join(this.home, 'agents', this.name, 'system_config.yaml');
          throw toolConfigError(file, this.name, this.systemConfig, assembly.errors);
        }
        // the bundled model encodes the deferred tools now, in its worker, so that the first search already ranks
        // by meaning (a search never waits for it: semantic.ts background)
        if (ranker?.background && assembly.toolset.deferred.length > 0) {
          void ranker.warm(
            assembly.toolset.deferred.map((t) => t.definition),
            true,
          );
        }
        return assembly.toolset;
      },
      onDispose: async () => {
        for (const d of disposers) await d();
        await commands.disposeAll();
        await mcp?.close();
        sandbox.dispose();
        writer.close();
      },
    });
    if (depth === 0) {
      const subagents = new SubagentManager<AgentSession>((req) => this.createChild(session, req));
      services.subagents = subagents;
      disposers.push(() => subagents.disposeAll());
    }
    return session;
  }
}

function listModelNames(config: FloeConfig): string[] {
  return (config.providers ?? []).flatMap((p) => p.models.map((m) => `${p.name}/${m.id}`));
}

/** The `to` of the last model_switch of the main session in these messages. */
function lastModelSwitch(messages: OmniMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    const p = m.payload as { type?: string; to?: unknown };
    if (m.type === 'event_msg' && !m.origin && p.type === 'model_switch' && typeof p.to === 'string') return p.to;
  }
  return undefined;
}

function lastUsage(messages: OmniMessage[]): TokenCounts | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const p = messages[i].payload as { type?: string; session?: TokenCounts };
    if (messages[i].type === 'event_msg' && p.type === 'token_usage' && p.session) return p.session;
  }
  return undefined;
}

const INTERRUPTED_COMPACTION = 'interrupted: the compaction did not finish; the context from before it is kept';

/** A compaction_begin in these messages with no compaction_end after it. */
function openCompaction(messages: OmniMessage[]): boolean {
  let open = false;
  for (const m of messages) {
    const t = (m.payload as { type?: string }).type;
    if (m.type !== 'event_msg' || m.origin) continue;
    if (t === 'compaction_begin') open = true;
    else if (t === 'compaction_end') open = false;
  }
  return open;
}

/** Prompt tokens of the last request of a trace part (0 when a compaction came after it). */
/** Prompt tokens of the last request in these messages (0 after a completed compaction): tokens in context. */
export function lastPromptTokens(messages: readonly OmniMessage[]): number {
  let n = 0;
  for (const m of messages) {
    if (m.type !== 'event_msg' || m.origin) continue;
    const p = m.payload as { type?: string; request?: TokenCounts; status?: string };
    if (p.type === 'token_usage' && p.request) n = promptTokens(p.request);
    else if (p.type === 'compaction_end' && p.status === 'completed') n = 0;
  }
  return n;
}

function compactionSettings(sc: SystemConfig): CompactionSettings {
  const c = sc.compaction;
  if (!c) return DEFAULT_COMPACTION;
  return {
    headroom: c.headroom,
    mode: c.mode,
    ...(c.max_context_length ? { maxContextLength: c.max_context_length } : {}),
  };
}
