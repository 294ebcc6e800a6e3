// Shown under "New session" when no session can start because no model is chosen: no provider configured at all,
// or providers but no default model and none picked. Says which, with a button to Settings. Presentation only.
import { useNav } from '../../app/nav.js';

export function NoModelNotice({ hasModels }: { hasModels: boolean }) {
  const go = useNav((s) => s.go);
  return (
    <div className="banner error" role="alert">
      <p>
        {hasModels
          ? 'No default model is set: pick a model above, or choose a default model in Settings.'
          : 'No model provider is configured yet, so a session has no model to talk to. Add a provider in Settings.'}
      </p>
      <button className="primary" onClick={() => go('settings')}>
        Open Settings
      </button>
    </div>
  );
}
