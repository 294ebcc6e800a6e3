// Handlers for model settings and usage (and, from mcp-status.ts, MCP servers): providers (keys never returned in
// full; edited in place; models discovered), default/vision model, default approval mode, a tiny real test request
// to a provider (failures classified), token totals. Must not keep config in memory: every
// read goes to config.yaml (main/config) so edits by hand are seen.
import type { ApiSettings } from '../../shared/api.js';
import { userText } from '../../shared/omni/builders.js';
import { isComplete } from '../../shared/omni/guards.js';
import {
  adoptProviders,
  addProvider,
  listAgents,
  listModels,
  loadConfig,
  redactSecret,
  removeProvider,
  resolveModel,
  setDefaultApprovalMode,
  setModelChoice,
  updateProvider,
  type FloeConfig,
} from '../config/index.js';
import { detectProviders, discover } from '../llm/discover.js';
import { createModelClient } from '../llm/index.js';
import type { HostContext } from './context.js';
import { mcpHandlers } from './mcp-status.js';
import { describeProviderFailure } from './provider-failure.js';
import { notFound } from './errors.js';
import type { Handlers } from './table.js';

type M =
  | 'settings.get'
  | 'settings.addProvider'
  | 'settings.testProvider'
  | 'settings.removeProvider'
  | 'settings.detectProviders'
  | 'settings.adoptDetected'
  | 'settings.update'
  | 'settings.updateProvider'
  | 'settings.discoverModels'
  | 'usage.totals';

const TEST_PROVIDER_TIMEOUT_MS = 20_000;
const DISCOVER_TIMEOUT_MS = 10_000;

function settingsView(config: FloeConfig, agents: string[]): ApiSettings {
  return {
    providers: config.providers.map((p) => ({
      name: p.name,
      protocol: p.protocol,
      baseUrl: p.base_url,
      apiKey:
        p.api_key !== undefined ? redactSecret(p.api_key) : p.api_key_env !== undefined ? `env:${p.api_key_env}` : null,
      models: p.models.map((m) => ({ id: m.id, vision: m.vision, contextWindow: m.context_window })),
    })),
    models: listModels(config).map((m) => ({ ref: m.ref, vision: m.vision, contextWindow: m.contextWindow })),
    defaultModel: config.default_model ?? null,
    visionModel: config.vision_model ?? null,
    defaultApprovalMode: config.default_approval_mode ?? 'always-ask',
    agents: agents.length ? agents : ['default'],
  };
}

export function settingsHandlers(ctx: HostContext): Handlers<M | keyof ReturnType<typeof mcpHandlers>> {
  const { home } = ctx;
  const view = (config: FloeConfig = loadConfig(home)) => settingsView(config, listAgents(home));
  const changed = async (config: FloeConfig) => {
    ctx.runtime.invalidateAgents();
    await ctx.runtime.refreshLiveModels();
    return view(config);
  };
  return {
    ...mcpHandlers(ctx),
    'settings.get': () => view(),
    'settings.addProvider': (p) =>
      changed(
        addProvider(home, {
          name: p.name,
          protocol: p.protocol,
          base_url: p.baseUrl,
          ...(p.apiKey ? { api_key: p.apiKey } : {}),
          ...(p.apiKeyEnv ? { api_key_env: p.apiKeyEnv } : {}),
          models: p.models.map((m) => ({ id: m.id, vision: m.vision, context_window: m.contextWindow })),
        }),
      ),
    'settings.removeProvider': ({ name }) => changed(removeProvider(home, name)),
    'settings.detectProviders': async () => {
      const configured = new Set(loadConfig(home).providers.map((p) => p.name));
      const found = await detectProviders();
      return { providers: found.map((p) => ({ ...p, configured: configured.has(p.name) })) };
    },
    'settings.adoptDetected': async ({ names }) => {
      const found = await detectProviders();
      return changed(adoptProviders(home, found, names).config);
    },
    'settings.update': ({ defaultModel, visionModel, defaultApprovalMode }) => {
      let config = loadConfig(home);
      if (defaultModel !== undefined) config = setModelChoice(home, 'default_model', defaultModel ?? undefined);
      if (visionModel !== undefined) config = setModelChoice(home, 'vision_model', visionModel ?? undefined);
      if (defaultApprovalMode !== undefined) config = setDefaultApprovalMode(home, defaultApprovalMode);
      return changed(config);
    },
    'settings.updateProvider': ({ name, baseUrl, apiKey, apiKeyEnv, models }) =>
      changed(
        updateProvider(home, name, {
          ...(baseUrl !== undefined ? { base_url: baseUrl } : {}),
          ...(apiKey !== undefined ? { api_key: apiKey } : {}),
          ...(apiKeyEnv !== undefined ? { api_key_env: apiKeyEnv } : {}),
          ...(models
            ? { models: models.map((m) => ({ id: m.id, vision: m.vision, context_window: m.contextWindow })) }
            : {}),
        }),
      ),
    'settings.discoverModels': async (p) => {
      const configured = loadConfig(home).providers.find((x) => x.name === p.name);
      const protocol = p.protocol ?? configured?.protocol;
      const baseUrl = p.baseUrl ?? configured?.base_url;
      if (!protocol || !baseUrl) {
        throw notFound(
          `There is no provider named "${p.name}" in ${home}/config.yaml; give its protocol and base URL.`,
        );
      }
      const key =
        p.apiKey ??
        (p.apiKeyEnv ? process.env[p.apiKeyEnv] : undefined) ??
        configured?.api_key ??
        (configured?.api_key_env ? process.env[configured.api_key_env] : undefined);
      // discover() reads the key from an environment; hand it one holding just this key
      const env = key ? { FLOE_DISCOVERY_KEY: key } : {};
      const cand = { name: p.name, protocol, baseUrl: baseUrl.replace(/\/+$/, ''), source: p.name, prefer: [] };
      const found = await discover(key ? { ...cand, apiKeyEnv: 'FLOE_DISCOVERY_KEY' } : cand, env, DISCOVER_TIMEOUT_MS);
      if (!found.error) return { models: found.models };
      const status = /answered HTTP (\d+)/.exec(found.error)?.[1];
      const f = describeProviderFailure(
        { stopReason: 'failed', errorMessage: found.error, ...(status ? { status: Number(status) } : {}) },
        baseUrl,
        p.name,
      );
      return { models: [], error: f.message };
    },
    'settings.testProvider': async ({ name, model }) => {
      const config = loadConfig(home);
      const provider = config.providers.find((p) => p.name === name);
      if (!provider) throw notFound(`There is no provider named "${name}" in ${home}/config.yaml; add it first.`);
      const id = model ?? provider.models[0]!.id;
      const resolved = resolveModel(config, `${name}/${id}`);
      const client = (ctx.opts.modelClientFactory ?? createModelClient)(resolved);
      const gen = client.stream({
        system: 'You are a connectivity check. Answer with one word.',
        messages: [userText('Reply with OK.')],
        tools: [],
        timeoutMs: TEST_PROVIDER_TIMEOUT_MS,
        signal: AbortSignal.timeout(TEST_PROVIDER_TIMEOUT_MS + 1000),
      });
      let text = '';
      for (;;) {
        const r = await gen.next();
        if (r.done) {
          if (r.value.stopReason === 'completed') {
            const said = text.trim().slice(0, 80);
            return { ok: true, message: `${name}/${id} answered${said ? `: ${said}` : ' (no text)'}` };
          }
          const f = describeProviderFailure(r.value, provider.base_url, name);
          return { ok: false, kind: f.kind, message: `${name}/${id}: ${f.message}` };
        }
        const p = r.value.payload as { type?: string; text?: string; role?: string };
        if (isComplete(r.value) && p.type === 'text' && p.role === 'assistant') text += p.text ?? '';
      }
    },
    'usage.totals': ({ sessionId, projectId }) => {
      const rows = sessionId
        ? [ctx.store.sessions.get(sessionId)].filter((s) => s !== undefined)
        : ctx.store.sessions.list(projectId ? { projectId } : {});
      if (sessionId && !rows.length) throw notFound(`There is no session with id ${sessionId}; reload the list.`);
      const t = { cache_read: 0, cache_write: 0, output: 0, total: 0, sessions: rows.length };
      for (const s of rows) {
        t.cache_read += s.tokens.cache_read;
        t.cache_write += s.tokens.cache_write;
        t.output += s.tokens.output;
        t.total += s.tokens.total;
      }
      return t;
    },
  };
}
