// The part of an approval card that explains a shell command the rules did not fully cover: each uncovered part
// with its reason, and "Always allow `<prefix>` in this project" for the prefixes the host suggested (it allows
// this call and adds the project rule). Must not decide without the person's click.
import type { ApiPendingApproval } from '../../../../shared/api.js';
import { useApprovals } from './store.js';

export function Uncovered({ p, busy }: { p: ApiPendingApproval; busy: boolean }) {
  const decide = useApprovals((s) => s.decide);
  const parts = p.uncovered ?? [];
  if (!parts.length) return null;
  const suggestions = [...new Set(parts.map((u) => u.suggestion).filter((s): s is string => !!s))];
  return (
    <div className="uncovered" data-testid="uncovered">
      <span className="muted">Not covered by a rule:</span>
      <ul>
        {parts.map((u, i) => (
          <li key={i}>
            <code>{u.text}</code> <span className="muted">— {u.reason}</span>
          </li>
        ))}
      </ul>
      {suggestions.map((prefix) => (
        <button
          key={prefix}
          disabled={busy}
          aria-label={`Always allow ${prefix} in this project`}
          onClick={() => void decide(p.id, 'allow', { scope: 'project', pattern: prefix })}
        >
          Always allow <code>{prefix}</code> in this project
        </button>
      ))}
    </div>
  );
}
