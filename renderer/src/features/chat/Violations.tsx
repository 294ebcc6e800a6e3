// What the sandbox refused a tool call's command (issue 19), on its tool card: each blocked domain or refused write
// with its message, and one button that adds a project rule (rules.add): for a blocked domain `allow network
// "<domain>"`, so the next request to it passes without asking; for a refused write `allow sandbox_write
// "<folder>"` (the path's folder), so the project's next command may write there (the host refuses a secret or
// protected folder and the card shows why). Must not retry the command.
import { useState } from 'react';
import { call, messageOf } from '../../api/client.js';
import type { Violation } from './transcript.js';

export function Violations({ items, rootId }: { items: Violation[]; rootId: string }) {
  const [added, setAdded] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<string | null>(null);
  const allow = async (tool: 'network' | 'sandbox_write', pattern: string) => {
    setError(null);
    try {
      await call('rules.add', { action: 'allow', tool, pattern, scope: 'project', sessionId: rootId });
      setAdded((a) => ({ ...a, [`${tool}:${pattern}`]: true }));
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <div className="violations" data-testid="violations">
      <ul>
        {items.map((v) => (
          <li key={`${v.what}:${v.target}`} data-violation={v.what}>
            <span className="chip bad">{v.what === 'network' ? 'blocked domain' : 'write refused'}</span>{' '}
            <code>{v.target}</code> <span className="muted">— {v.message}</span>
            {v.what === 'network' &&
              (added[`network:${v.target}`] ? (
                <span className="chip" role="status">
                  allowed in this project
                </span>
              ) : (
                <button
                  className="small"
                  aria-label={`Allow ${v.target} in this project`}
                  onClick={() => void allow('network', v.target)}
                >
                  Allow <code>{v.target}</code> in this project
                </button>
              ))}
            {v.what === 'write' &&
              v.folder &&
              (added[`sandbox_write:${v.folder}`] ? (
                <span className="chip" role="status">
                  writable in this project
                </span>
              ) : (
                <button
                  className="small"
                  aria-label={`Allow writing ${v.folder} in this project`}
                  onClick={() => void allow('sandbox_write', v.folder!)}
                >
                  Allow writing <code>{v.folder}</code> in this project
                </button>
              ))}
          </li>
        ))}
      </ul>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
