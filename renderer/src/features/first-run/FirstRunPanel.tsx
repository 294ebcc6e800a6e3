// First run: while no model provider is configured, lists the providers found on this machine (API-key variables,
// a local Ollama; settings.detectProviders) with their models and adds them in one click (settings.adoptDetected:
// keys stay in the environment, only the variable's name is saved). When nothing is found it says what to set and
// links to Settings. Renders nothing once a provider exists. Must not edit settings in any other way.
import { useEffect, useState } from 'react';
import type { ApiDetectedProvider } from '../../../../shared/api.js';
import { call, messageOf } from '../../api/client.js';
import { useNav } from '../../app/nav.js';
import { useSettings } from '../settings/store.js';

export function FirstRunPanel() {
  const settings = useSettings((s) => s.settings);
  const load = useSettings((s) => s.load);
  const go = useNav((s) => s.go);
  const [found, setFound] = useState<ApiDetectedProvider[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const empty = settings !== null && settings.providers.length === 0;

  useEffect(() => {
    if (!settings) void load();
  }, [settings, load]);
  useEffect(() => {
    if (!empty || found) return;
    call('settings.detectProviders', {}).then(
      (r) => setFound(r.providers),
      (e: unknown) => setError(messageOf(e)),
    );
  }, [empty, found]);

  if (!empty) return null;
  const usable = found?.filter((p) => p.models.length > 0 && !p.configured) ?? [];
  const failed = found?.filter((p) => p.error) ?? [];

  const adopt = async () => {
    setBusy(true);
    try {
      const settings = await call('settings.adoptDetected', { names: usable.map((p) => p.name) });
      useSettings.setState({ settings, error: null });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="banner first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title">Set up a model provider</h2>
      {!found && !error && (
        <p className="hint" role="status">
          Looking for providers: API keys in the environment and a local Ollama…
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {usable.length > 0 && (
        <>
          <p>Found on this machine (keys stay in the environment; only the variable&apos;s name is saved):</p>
          <ul aria-label="Detected providers">
            {usable.map((p) => (
              <li key={p.name}>
                <strong>{p.name}</strong> — found {p.source}; {p.models.length} model
                {p.models.length === 1 ? '' : 's'}
                {p.defaultModel ? `, default ${p.defaultModel}` : ''}
              </li>
            ))}
          </ul>
          <button className="primary" disabled={busy} onClick={() => void adopt()}>
            {usable.length === 1 ? `Use ${usable[0]!.name}` : 'Use these providers'}
          </button>{' '}
        </>
      )}
      {failed.map((p) => (
        <p key={p.name} className="hint bad">
          Found {p.source}, but its models could not be listed: {p.error}
        </p>
      ))}
      {found && usable.length === 0 && (
        <p>
          No provider found. Set OPENAI_API_KEY, ANTHROPIC_API_KEY, DEEPSEEK_API_KEY or OPENROUTER_API_KEY before
          starting Floe, start Ollama, or add a provider by hand.
        </p>
      )}
      <button onClick={() => go('settings')}>Open Settings</button>
    </section>
  );
}
