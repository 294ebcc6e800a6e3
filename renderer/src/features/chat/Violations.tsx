// What the sandbox refused a tool call's command (issue 19), on its tool card: each blocked domain or refused write
// with its message, and for a blocked domain one button that adds `allow network "<domain>"` for the session's
// project (rules.add), so the next request to it passes without asking. Must not retry the command.
import { useState } from 'react';
import { call, messageOf } from '../../api/client.js';
import type { Violation } from './transcript.js';

export function Violations({ items, rootId }: { items: Violation[]; rootId: string }) {
  const [added, setAdded] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<string | null>(null);
  const allow = async (domain: string) => {
    setError(null);
    try {
      await call('rules.add', {
        action: 'allow',
        tool: 'network',
        pattern: domain,
        scope: 'project',
        sessionId: rootId,
      });
      setAdded((a) => ({ ...a, [domain]: true }));
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
              (added[v.target] ? (
                <span className="chip" role="status">
                  allowed in this project
                </span>
              ) : (
                <button
                  className="small"
                  aria-label={`Allow ${v.target} in this project`}
                  onClick={() => void allow(v.target)}
                >
                  Allow <code>{v.target}</code> in this project
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
