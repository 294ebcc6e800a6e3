// The tool contract (SPEC §4–6): what a tool declares, what it receives, what it returns.
// Tools only yield output deltas (or forwarded child messages) and return a ToolResult; the Environment
// (environment.ts) closes every call. Types only.
import type { OmniMessage, ToolCallPayload } from '../../shared/omni/types.js';
import type { ApproveFn, Permission } from '../approval/types.js';
import type { ToolResult } from './tool-result.js';

export type { Permission } from '../approval/types.js';
export type { ToolResult } from './tool-result.js';
export type Visibility = 'direct' | 'deferred';
export type JsonSchema = Record<string, unknown>;

/** SPEC §8 ToolDefinitionConfig plus our visibility flag. */
export interface ToolDefinition {
  name: string;
  /** a human-readable title (an MCP tool's `title`); deferred-tool search indexes it */
  title?: string;
  description: string;
  parameters: JsonSchema;
  permission: Permission;
  /** absent = every model */
  forModel?: 'vision' | 'text-only';
  /** default 120000; <= 0 disables */
  timeoutMs?: number;
  /** default 16000; <= 0 disables */
  maxOutputLength?: number;
  aliases?: string[];
  /** default 'direct' */
  visibility?: Visibility;
}

/**
 * What a tool's generator yields: a string is a delta of its output text; an OmniMessage is forwarded to the
 * session stream unchanged (used by subagents to surface origin-tagged child messages). Forwarded messages
 * never count as output.
 */
export type ToolYield = string | OmniMessage;

/** Services a host or session offers to tools. Every field is optional: assembly drops tools whose needs are unmet. */
export interface ToolServices {
  /** main/environment/commands registry (exec_command, input_command) */
  commands?: import('./commands/registry.js').CommandRegistry;
  /** the commands' egress proxy gate (main/environment/sandbox/egress.ts), when the sandbox runs one */
  egress?: import('./sandbox/egress.js').EgressGate;
  /** anything else a later tool needs (subagents, vision model, MCP) is added here by its module */
  [key: string]: unknown;
}

export interface ToolContext {
  workspace: string;
  /** the session that made the call (absent where a tool runs outside a session, as in some tests) */
  sessionId?: string;
  toolCallId: string;
  /** aborted on user abort or timeout; tools must stop promptly and release what they started */
  signal: AbortSignal;
  /** the session's approve function, for tools that spawn child sessions (approval inheritance) */
  approve?: ApproveFn;
  /** the call being executed (after name resolution: `resolvedName` is the tool's own name) */
  call: ToolCallPayload;
  services: ToolServices;
  /** the tool's definition as assembled (timeouts etc.) */
  definition: ToolDefinition;
}

export interface Tool {
  definition: ToolDefinition;
  /**
   * True when this call runs wholly inside the session's OS sandbox, provided the session's command registry is
   * sandboxed (main/environment/sandbox): approval mode `auto` then lets it run unasked. Absent: never contained.
   */
  contained?(args: Record<string, unknown>): boolean;
  execute(args: Record<string, unknown>, ctx: ToolContext): AsyncGenerator<ToolYield, ToolResult | void, void>;
}
