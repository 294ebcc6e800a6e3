// Schemas of config.yaml and agents/<agent>/system_config.yaml (SPEC §8), with their cross-field checks.
// Declarative zod schemas and the types inferred from them; no file access, no error formatting (see issues.ts).
// Every object is strict: an unknown key (a typo) is an error, never silently ignored.
// a namespace import, so the bundlers keep only the parts of zod used (`{ z }` kept all of it: 580 kB, every locale)
import * as z from 'zod';

const NAME_RE = /^[A-Za-z0-9_-]+$/;
const ENV_NAME_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;
const TOOL_NAME_RE = /^[A-Za-z0-9_-]{1,64}$/;
const MODEL_REF_RE = /^[A-Za-z0-9_-]+\/.+$/;

export const APPROVAL_MODE_VALUES = ['allow-all', 'deny-all', 'read-only', 'always-ask', 'auto'] as const;

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });
const modelRef = z.string().regex(MODEL_REF_RE, { error: 'must be "<provider>/<model id>", e.g. "local/qwen3"' });

const ModelConfigSchema = z.strictObject({
  id: z.string().min(1, { error: 'must not be empty' }),
  vision: z.boolean().default(false),
  context_window: z.number().int().positive().default(128000),
  thinking_budget: z.number().int().nonnegative().optional(),
  max_output_tokens: z.number().int().positive().optional(),
  /** prices in currency units per million tokens, for cost in `floe traces` and the UI (absent: tokens only) */
  input_per_mtok: z.number().nonnegative().optional(),
  output_per_mtok: z.number().nonnegative().optional(),
  cached_input_per_mtok: z.number().nonnegative().optional(),
});

export const ProviderConfigSchema = z
  .strictObject({
    name: z.string().regex(NAME_RE, { error: 'must use only letters, digits, "_" and "-"' }),
    protocol: z.enum(['openai', 'anthropic']),
    base_url: httpUrl,
    api_key_env: z
      .string()
      .regex(ENV_NAME_RE, { error: 'must be the name of an environment variable (letters, digits and "_")' })
      .optional(),
    api_key: z.string().min(1, { error: 'must not be empty (remove the key instead)' }).optional(),
    models: z.array(ModelConfigSchema).min(1, { error: 'must list at least one model' }),
    /** semantic ranking of deferred tools through this provider's embeddings endpoint (off when absent) */
    embeddings: z
      .strictObject({
        model: z.string().min(1, { error: 'must name the embedding model' }),
        /** openai: POST <base_url>/embeddings; ollama: POST <base_url>/api/embed */
        wire: z.enum(['openai', 'ollama']).default('openai'),
        /** default: the provider's base_url (for ollama, without a trailing /v1) */
        base_url: httpUrl.optional(),
      })
      .optional(),
  })
  .superRefine((p, ctx) => {
    if (p.api_key !== undefined && p.api_key_env !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['api_key'], message: 'use either api_key or api_key_env, not both' });
    }
    const seen = new Set<string>();
    p.models.forEach((m, i) => {
      if (seen.has(m.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['models', i, 'id'],
          message: `duplicate model id "${m.id}" in this provider`,
        });
      }
      seen.add(m.id);
    });
  });

export const ConfigSchema = z
  .strictObject({
    providers: z.array(ProviderConfigSchema).default([]),
    default_model: modelRef.optional(),
    vision_model: modelRef.optional(),
    default_approval_mode: z.enum(APPROVAL_MODE_VALUES).optional(),
    /** deferred-tool search (search_extra_tools) */
    tool_search: z
      .strictObject({
        /** rank by meaning with the bundled sentence encoder too, when the session's provider has no `embeddings` */
        local_model: z.boolean().default(true),
      })
      .optional(),
    /** where `floe traces push` sends OpenTelemetry spans (OTLP/HTTP JSON), e.g. Langfuse's /api/public/otel */
    otlp: z
      .strictObject({
        endpoint: httpUrl,
        headers: z.record(z.string(), z.string()).optional(),
        /** record prompts, texts, tool arguments and outputs in the spans (off: names, timings and tokens only) */
        capture_content: z.boolean().default(false),
      })
      .optional(),
  })
  .superRefine((c, ctx) => {
    const names = new Set<string>();
    c.providers.forEach((p, i) => {
      if (names.has(p.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['providers', i, 'name'],
          message: `duplicate provider name "${p.name}"; every provider needs its own name`,
        });
      }
      names.add(p.name);
    });
    const refs = c.providers.flatMap((p) => p.models.map((m) => `${p.name}/${m.id}`));
    for (const key of ['default_model', 'vision_model'] as const) {
      const ref = c[key];
      if (ref !== undefined && !refs.includes(ref)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `"${ref}" is not a configured model (${refs.length ? `configured: ${refs.join(', ')}` : 'no models are configured; add a provider first'})`,
        });
      }
    }
  });

const ToolDefinitionConfigSchema = z.strictObject({
  name: z.string().regex(TOOL_NAME_RE, { error: 'must be 1–64 letters, digits, "_" or "-"' }),
  description: z.string(),
  parameters: z.record(z.string(), z.unknown()),
  permission: z.enum(['r', 'rw']),
  forModel: z.enum(['vision', 'text-only']).optional(),
  timeoutMs: z.number().int().optional(),
  maxOutputLength: z.number().int().optional(),
  aliases: z.array(z.string().regex(TOOL_NAME_RE, { error: 'must be 1–64 letters, digits, "_" or "-"' })).optional(),
});

const McpServerConnectionSchema = z
  .strictObject({
    transport: z.enum(['stdio', 'http', 'sse']).optional(),
    command: z.string().min(1, { error: 'must not be empty' }).optional(),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
    cwd: z.string().optional(),
    url: httpUrl.optional(),
    headers: z.record(z.string(), z.string()).optional(),
    connectTimeoutMs: z.number().int().positive().default(10000),
    permission: z.enum(['auto', 'r', 'rw']).default('auto'),
    direct: z.boolean().optional(),
  })
  .superRefine((c, ctx) => {
    const t = c.transport;
    if (t === undefined) {
      if (c.command === undefined && c.url === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: 'needs "command" (a local stdio server) or "url" (an http/sse server)',
        });
      } else if (c.command !== undefined && c.url !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['transport'],
          message: 'both "command" and "url" are set: add transport: stdio, http or sse to say which one to use',
        });
      }
    } else if (t === 'stdio' && c.command === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['command'],
        message: 'is required for transport stdio (the program to start)',
      });
    } else if (t !== 'stdio' && c.url === undefined) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: `is required for transport ${t} (the server's URL)` });
    }
  })
  .transform((c) => ({ ...c, transport: c.transport ?? (c.command !== undefined ? 'stdio' : 'http') }) as const);

const McpServerConfigSchema = z.strictObject({
  name: z.string().regex(NAME_RE, { error: 'must use only letters, digits, "_" and "-"' }),
  /** false: kept in the file but not connected (Settings' enable/disable); default true */
  enabled: z.boolean().optional(),
  config: McpServerConnectionSchema,
});

const CompactionConfigSchema = z.strictObject({
  /** compaction fires when the last prompt reaches min(max_context_length, context_window − headroom) */
  max_context_length: z.number().int().positive().optional(),
  headroom: z.number().int().nonnegative().default(2048),
  mode: z.enum(['auto', 'prune', 'summarize', 'off']).default('auto'),
});

export const SystemConfigSchema = z
  .strictObject({
    system_prompt: z.string().optional(),
    compaction: CompactionConfigSchema.optional(),
    shell: z
      .strictObject({
        /** capture the login environment once per session and source it per command (default true) */
        login_snapshot: z.boolean().optional(),
      })
      .optional(),
    /** the OS sandbox every command, MCP stdio server and subagent command runs in (docs/security.md) */
    sandbox: z
      .strictObject({
        /** default true; false runs commands as the user (mode auto then asks for every command) */
        enabled: z.boolean().optional(),
        /** default false: only loopback; true keeps the machine's network */
        network: z.boolean().optional(),
        /** more folders commands may write (absolute paths) */
        writable: z
          .array(z.string().refine((p) => p.startsWith('/'), { error: 'must be an absolute path' }))
          .optional(),
      })
      .optional(),
    tools: z
      .strictObject({
        builtin: z.array(ToolDefinitionConfigSchema).optional(),
        mcpServers: z.array(McpServerConfigSchema).optional(),
      })
      .optional(),
  })
  .superRefine((s, ctx) => {
    const dup = (list: { name: string }[] | undefined, key: string, what: string) => {
      const seen = new Set<string>();
      list?.forEach((t, i) => {
        if (seen.has(t.name)) {
          ctx.addIssue({
            code: 'custom',
            path: ['tools', key, i, 'name'],
            message: `duplicate ${what} name "${t.name}"`,
          });
        }
        seen.add(t.name);
      });
    };
    dup(s.tools?.builtin, 'builtin', 'tool');
    dup(s.tools?.mcpServers, 'mcpServers', 'MCP server');
  });

/** What a caller may pass to addProvider: defaults (vision, context_window) may be left out. */
export type ProviderConfigInput = z.input<typeof ProviderConfigSchema>;
export type FloeConfig = z.output<typeof ConfigSchema>;
export type McpServerConfig = z.output<typeof McpServerConfigSchema>;
export type SystemConfig = z.output<typeof SystemConfigSchema>;
