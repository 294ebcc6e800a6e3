// Editing one configured provider in Settings: base URL, API key or key variable, and its models (id, vision,
// context window) — added by hand or picked from those its models endpoint lists ("Discover models"). Saved
// through settings.updateProvider, which validates the whole config.yaml before writing it.
import { useState } from 'react';
import type { ApiProviderView } from '../../../../shared/api.js';
import { call, messageOf } from '../../api/client.js';
import { useSettings } from './store.js';
import './settings.css';

type ModelRow = { id: string; vision: boolean; contextWindow: number };
type Discovered = { state: 'idle' } | { state: 'loading' } | { state: 'done'; models: ModelRow[]; error?: string };

export function ProviderEditor({ provider, onDone }: { provider: ApiProviderView; onDone(): void }) {
  const updateProvider = useSettings((s) => s.updateProvider);
  const keyVar = provider.apiKey?.startsWith('env:') ? provider.apiKey.slice(4) : '';
  const [baseUrl, setBaseUrl] = useState(provider.baseUrl);
  const [apiKey, setApiKey] = useState('');
  const [apiKeyEnv, setApiKeyEnv] = useState(keyVar);
  const [models, setModels] = useState<ModelRow[]>(provider.models.map((m) => ({ ...m })));
  const [newId, setNewId] = useState('');
  const [found, setFound] = useState<Discovered>({ state: 'idle' });
  const [saving, setSaving] = useState(false);
  const p = provider.name;

  const setModel = (i: number, patch: Partial<ModelRow>) =>
    setModels(models.map((m, k) => (k === i ? { ...m, ...patch } : m)));
  const addModel = (m: ModelRow) => {
    if (!m.id.trim() || models.some((x) => x.id === m.id.trim())) return;
    setModels([...models, { ...m, id: m.id.trim() }]);
  };

  const discover = async () => {
    setFound({ state: 'loading' });
    try {
      const r = await call('settings.discoverModels', {
        name: p,
        protocol: provider.protocol,
        baseUrl: baseUrl.trim(),
        ...(apiKey ? { apiKey } : {}),
        ...(apiKeyEnv.trim() && apiKeyEnv.trim() !== keyVar ? { apiKeyEnv: apiKeyEnv.trim() } : {}),
      });
      setFound({ state: 'done', models: r.models, ...(r.error ? { error: r.error } : {}) });
    } catch (e) {
      setFound({ state: 'done', models: [], error: messageOf(e) });
    }
  };

  const save = async () => {
    setSaving(true);
    const ok = await updateProvider({
      name: p,
      baseUrl: baseUrl.trim(),
      ...(apiKey ? { apiKey } : apiKeyEnv.trim() && apiKeyEnv.trim() !== keyVar ? { apiKeyEnv: apiKeyEnv.trim() } : {}),
      models,
    });
    setSaving(false);
    if (ok) onDone();
  };

  const offered = found.state === 'done' ? found.models.filter((m) => !models.some((x) => x.id === m.id)) : [];
  return (
    <form
      className="provider-editor"
      aria-label={`Edit provider ${p}`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="grid2">
        <label htmlFor={`e-url-${p}`}>Base URL</label>
        <input id={`e-url-${p}`} required type="url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />
        <label htmlFor={`e-key-${p}`}>New API key (leave empty to keep {provider.apiKey ?? 'none'})</label>
        <input
          id={`e-key-${p}`}
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
        />
        <label htmlFor={`e-env-${p}`}>…or key environment variable</label>
        <input
          id={`e-env-${p}`}
          placeholder="OPENAI_API_KEY"
          value={apiKeyEnv}
          onChange={(e) => setApiKeyEnv(e.target.value)}
        />
      </div>
      <table className="model-table">
        <caption>Models of {p}</caption>
        <thead>
          <tr>
            <th scope="col">Model id</th>
            <th scope="col">Vision</th>
            <th scope="col">Context window</th>
            <th scope="col">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {models.map((m, i) => (
            <tr key={m.id}>
              <td>
                <code>{m.id}</code>
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Vision for ${m.id}`}
                  checked={m.vision}
                  onChange={(e) => setModel(i, { vision: e.target.checked })}
                />
              </td>
              <td>
                <input
                  type="number"
                  min={1}
                  aria-label={`Context window of ${m.id}`}
                  value={m.contextWindow}
                  onChange={(e) => setModel(i, { contextWindow: Number(e.target.value) || 1 })}
                />
              </td>
              <td>
                <button
                  type="button"
                  className="danger"
                  aria-label={`Remove model ${m.id}`}
                  disabled={models.length === 1}
                  onClick={() => setModels(models.filter((_, k) => k !== i))}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="row">
        <label htmlFor={`e-new-${p}`}>Add a model by id</label>
        <input id={`e-new-${p}`} value={newId} onChange={(e) => setNewId(e.target.value)} />
        <button
          type="button"
          aria-label={`Add model to ${p}`}
          onClick={() => {
            addModel({ id: newId, vision: false, contextWindow: 128000 });
            setNewId('');
          }}
        >
          Add model
        </button>
        <button
          type="button"
          aria-label={`Discover models of ${p}`}
          disabled={found.state === 'loading'}
          onClick={() => void discover()}
        >
          {found.state === 'loading' ? 'Discovering…' : 'Discover models'}
        </button>
      </div>
      {found.state === 'done' && (
        <div className="discovered" role="region" aria-label={`Models offered by ${p}`}>
          {found.error ? (
            <p className="error" role="alert">
              {found.error}
            </p>
          ) : offered.length === 0 ? (
            <p className="empty">Every model the server lists is already configured.</p>
          ) : (
            <ul>
              {offered.map((m) => (
                <li key={m.id}>
                  <code>{m.id}</code> · {m.contextWindow.toLocaleString()} tokens{m.vision ? ' · vision' : ''}{' '}
                  <button type="button" aria-label={`Add ${m.id}`} onClick={() => addModel(m)}>
                    Add
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="row">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
