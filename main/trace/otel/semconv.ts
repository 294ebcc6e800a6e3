// The OpenTelemetry names Floe's OTLP export uses: the GenAI and MCP semantic conventions, pinned to one version
// (the spans say it in their scope's schema URL), plus Floe's own `floe.*` attributes for what the conventions do
// not name (approvals, exit codes, the session's running token totals). Constants only; no logic.

/** The semantic conventions version the spans follow. Change it only together with the names below. */
const SEMCONV_VERSION = '1.40.0';
export const SCHEMA_URL = `https://opentelemetry.io/schemas/${SEMCONV_VERSION}`;
/** The instrumentation scope of every exported span. */
export const SCOPE_NAME = 'floe';

/** OTLP span kinds (opentelemetry-proto trace.proto `Span.SpanKind`). */
export const SpanKind = { INTERNAL: 1, SERVER: 2, CLIENT: 3 } as const;
/** OTLP status codes (`Status.StatusCode`). */
export const StatusCode = { UNSET: 0, OK: 1, ERROR: 2 } as const;

export const Op = { invokeAgent: 'invoke_agent', chat: 'chat', executeTool: 'execute_tool' } as const;

export const A = {
  operation: 'gen_ai.operation.name',
  provider: 'gen_ai.provider.name',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  finishReasons: 'gen_ai.response.finish_reasons',
  conversationId: 'gen_ai.conversation.id',
  agentName: 'gen_ai.agent.name',
  agentId: 'gen_ai.agent.id',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  cacheReadTokens: 'gen_ai.usage.cache_read.input_tokens',
  cacheCreationTokens: 'gen_ai.usage.cache_creation.input_tokens',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  /** opt-in content */
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  systemInstructions: 'gen_ai.system_instructions',
  toolArguments: 'gen_ai.tool.call.arguments',
  toolResult: 'gen_ai.tool.call.result',
  errorType: 'error.type',
  mcpMethod: 'mcp.method.name',
  serviceName: 'service.name',
  serviceVersion: 'service.version',
} as const;

/** Floe's own attributes (not in the conventions). */
export const F = {
  sessionStart: 'floe.session.start',
  workspace: 'floe.workspace',
  contextWindow: 'floe.model.context_window',
  source: 'floe.session.source',
  parentSession: 'floe.session.parent',
  requestStatus: 'floe.request.status',
  requestAttempt: 'floe.request.attempt',
  retryInMs: 'floe.request.retry_in_ms',
  sessionTotal: 'floe.usage.session.total',
  sessionOutput: 'floe.usage.session.output',
  sessionCacheRead: 'floe.usage.session.cache_read',
  sessionCacheWrite: 'floe.usage.session.cache_write',
  toolTarget: 'floe.tool.target',
  stopReason: 'floe.tool.stop_reason',
  exitCode: 'floe.tool.exit_code',
  abortedBy: 'floe.tool.aborted_by',
  decision: 'floe.approval.decision',
  decidedBy: 'floe.approval.decided_by',
  approvalMode: 'floe.approval.mode',
  approvalRule: 'floe.approval.rule',
  mcpServer: 'floe.mcp.server',
  mcpToolCount: 'floe.mcp.tool_count',
  compactionReason: 'floe.compaction.reason',
  compactionStatus: 'floe.compaction.status',
  subagent: 'floe.subagent.session_id',
  unfinished: 'floe.unfinished',
} as const;

/** Span event names (Floe's). */
export const E = {
  approval: 'floe.approval_decision',
  subagent: 'floe.subagent',
  abort: 'floe.abort',
  /** when the request's usage was reported (the chat span's attributes hold the counts) */
  usage: 'floe.token_usage',
} as const;
