// Settings: providers and their models (add, edit, discover models, test the connection, remove; keys shown masked
// only), default and vision model, default approval mode, theme (system/light/dark), MCP servers
// (McpPanel), approval rules (RulesSection).
import { useEffect, useState } from 'react';
import { APPROVAL_MODE, type ApiApprovalMode } from '../../../../shared/api.js';
import { InlineConfirm } from '../../app/InlineConfirm.js';
import { McpPanel } from './McpPanel.js';
import { ProviderEditor } from './ProviderEditor.js';
import { RulesSection } from './RulesSection.js';
import { useSettings } from './store.js';
import type { ThemeChoice } from './theme.js';

export function SettingsScreen() {
  const { settings, error, tests, theme, load, removeProvider, testProvider, update, setTheme } = useSettings();
  const [editing, setEditing] = useState<string | null>(null);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <section className="settings" aria-label="Settings">
      <h1>Settings</h1>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <h2>Appearance</h2>
      <label htmlFor="theme">Theme</label>{' '}
      <select id="theme" value={theme} onChange={(e) => setTheme(e.target.value as ThemeChoice)}>
        <option value="system">follow the system</option>
        <option value="light">light</option>
        <option value="dark">dark</option>
      </select>
      {settings && (
        <>
          <h2>Defaults</h2>
          <div className="grid2">
            <label htmlFor="default-model">Default model</label>
            <select
              id="default-model"
              value={settings.defaultModel ?? ''}
              onChange={(e) => void update({ defaultModel: e.target.value || null })}
            >
              <option value="">(none)</option>
              {settings.models.map((m) => (
                <option key={m.ref}>{m.ref}</option>
              ))}
            </select>
            <label htmlFor="vision-model">Vision model (for describe_image)</label>
            <select
              id="vision-model"
              value={settings.visionModel ?? ''}
              onChange={(e) => void update({ visionModel: e.target.value || null })}
            >
              <option value="">(none)</option>
              {settings.models
                .filter((m) => m.vision)
                .map((m) => (
                  <option key={m.ref}>{m.ref}</option>
                ))}
            </select>
            <label htmlFor="default-mode">Default approval mode</label>
            <select
              id="default-mode"
              value={settings.defaultApprovalMode}
              onChange={(e) => void update({ defaultApprovalMode: e.target.value as ApiApprovalMode })}
            >
              {APPROVAL_MODE.options.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
          </div>
          <h2>Providers</h2>
          {settings.providers.length === 0 && <p className="empty">No providers yet. Add one below.</p>}
          <ul className="providers">
            {settings.providers.map((p) => {
              const t = tests[p.name];
              return (
                <li key={p.name} className="provider">
                  <div className="row">
                    <strong>{p.name}</strong>
                    <span className="chip">{p.protocol}</span>
                    <code>{p.baseUrl}</code>
                    <span className="chip">key: {p.apiKey ?? 'none'}</span>
                    <span className="spacer" />
                    <button
                      aria-label={`Test connection of ${p.name}`}
                      disabled={t === 'testing'}
                      onClick={() => void testProvider(p.name)}
                    >
                      {t === 'testing' ? 'Testing…' : 'Test'}
                    </button>
                    <button
                      aria-label={`Edit provider ${p.name}`}
                      aria-expanded={editing === p.name}
                      onClick={() => setEditing(editing === p.name ? null : p.name)}
                    >
                      Edit
                    </button>
                    <InlineConfirm
                      className="danger"
                      label={`Remove provider ${p.name}`}
                      question={`Remove provider ${p.name}?`}
                      confirmLabel="Remove"
                      onConfirm={() => void removeProvider(p.name)}
                    >
                      Remove
                    </InlineConfirm>
                  </div>
                  {t && t !== 'testing' && (
                    <p className={t.ok ? 'ok-text' : 'error'} role="status">
                      {t.message}
                    </p>
                  )}
                  {editing === p.name ? (
                    <ProviderEditor provider={p} onDone={() => setEditing(null)} />
                  ) : (
                    <ul className="models">
                      {p.models.map((m) => (
                        <li key={m.id}>
                          {m.id} · {m.contextWindow.toLocaleString()} tokens{m.vision ? ' · vision' : ''}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
          <AddProvider />
          <McpPanel agents={settings.agents} />
          <RulesSection />
        </>
      )}
    </section>
  );
}

function AddProvider() {
  const addProvider = useSettings((s) => s.addProvider);
  const [f, setF] = useState({
    name: '',
    protocol: 'openai' as 'openai' | 'anthropic',
    baseUrl: '',
    apiKey: '',
    apiKeyEnv: '',
    model: '',
    vision: false,
    contextWindow: '128000',
  });
  const set = (k: keyof typeof f, v: unknown) => setF({ ...f, [k]: v });
  return (
    <form
      className="add-provider"
      onSubmit={async (e) => {
        e.preventDefault();
        const ok = await addProvider({
          name: f.name.trim(),
          protocol: f.protocol,
          baseUrl: f.baseUrl.trim(),
          ...(f.apiKey ? { apiKey: f.apiKey } : {}),
          ...(f.apiKeyEnv ? { apiKeyEnv: f.apiKeyEnv.trim() } : {}),
          models: [{ id: f.model.trim(), vision: f.vision, contextWindow: Number(f.contextWindow) || 128000 }],
        });
        if (ok) setF({ ...f, name: '', baseUrl: '', apiKey: '', apiKeyEnv: '', model: '' });
      }}
    >
      <h3>Add a provider</h3>
      <div className="grid2">
        <label htmlFor="p-name">Name</label>
        <input
          id="p-name"
          required
          pattern="[A-Za-z0-9_\-]+"
          value={f.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <label htmlFor="p-proto">Protocol</label>
        <select id="p-proto" value={f.protocol} onChange={(e) => set('protocol', e.target.value)}>
          <option value="openai">openai (Chat Completions)</option>
          <option value="anthropic">anthropic</option>
        </select>
        <label htmlFor="p-url">Base URL</label>
        <input
          id="p-url"
          required
          type="url"
          placeholder="http://127.0.0.1:11434/v1"
          value={f.baseUrl}
          onChange={(e) => set('baseUrl', e.target.value)}
        />
        <label htmlFor="p-key">API key (stored in config.yaml, 0600)</label>
        <input
          id="p-key"
          type="password"
          autoComplete="off"
          value={f.apiKey}
          onChange={(e) => set('apiKey', e.target.value)}
        />
        <label htmlFor="p-env">…or environment variable</label>
        <input
          id="p-env"
          placeholder="OPENAI_API_KEY"
          value={f.apiKeyEnv}
          onChange={(e) => set('apiKeyEnv', e.target.value)}
        />
        <label htmlFor="p-model">Model id</label>
        <input id="p-model" required value={f.model} onChange={(e) => set('model', e.target.value)} />
        <label htmlFor="p-ctx">Context window</label>
        <input
          id="p-ctx"
          type="number"
          min={1}
          value={f.contextWindow}
          onChange={(e) => set('contextWindow', e.target.value)}
        />
        <label htmlFor="p-vision">Vision</label>
        <input id="p-vision" type="checkbox" checked={f.vision} onChange={(e) => set('vision', e.target.checked)} />
      </div>
      <button type="submit" className="primary" aria-label="Add provider">
        Add provider
      </button>
    </form>
  );
}
