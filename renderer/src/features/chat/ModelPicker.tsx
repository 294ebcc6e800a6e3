// The composer's model picker: the open session's model among the configured ones (settings.get); choosing one
// switches the model for the next task (sessions.setModel, traced as model_switch). Disabled while a task runs.
// Also the list `/model` alone shows. Presentation and one store call; matching typed names is in model-name.ts.
import { useEffect } from 'react';
import type { ApiSession } from '../../../../shared/api.js';
import { useSettings } from '../settings/store.js';

/** The configured models ("provider/id"), loading the settings once when they are not there yet. */
export function useModelRefs(): string[] | null {
  const settings = useSettings((s) => s.settings);
  const load = useSettings((s) => s.load);
  useEffect(() => {
    if (!settings) void load();
  }, [settings, load]);
  return settings ? settings.models.map((m) => m.ref) : null;
}

export function ModelPicker({
  session,
  running,
  onPick,
}: {
  session: ApiSession;
  running: boolean;
  onPick: (ref: string) => void;
}) {
  const refs = useModelRefs() ?? [];
  const options = refs.includes(session.model) ? refs : [session.model, ...refs];
  return (
    <>
      <label htmlFor="session-model">Model</label>
      <select
        id="session-model"
        aria-label="Session model"
        title={running ? 'The model can be switched when the task ends' : 'The model of the next turn'}
        value={session.model}
        disabled={running}
        onChange={(e) => onPick(e.target.value)}
      >
        {options.map((r) => (
          <option key={r} value={r}>
            {r}
            {refs.includes(r) ? '' : ' (not configured)'}
          </option>
        ))}
      </select>
    </>
  );
}

/** What `/model` alone shows: every configured model, the current one marked. */
export function ModelChoices({ current, refs, onClose }: { current: string; refs: string[]; onClose: () => void }) {
  return (
    <div className="slash-hints" role="status">
      <ul aria-label="Models" className="model-choices">
        {refs.map((r) => (
          <li key={r}>
            <code>{r}</code>
            {r === current ? <span className="muted"> (current)</span> : null}
          </li>
        ))}
      </ul>
      <span className="muted">
        Type <code>/model &lt;name&gt;</code> or use the Model menu below.{' '}
        <button type="button" className="link" onClick={onClose}>
          Close
        </button>
      </span>
    </div>
  );
}
