// Settings → Approval rules: every rule (allow / deny / ask, tool, command pattern, scope) with Remove, and a
// form to add one for every project or for one project. Talks to rules.list/add/remove; decides nothing.
import { useEffect, useState } from 'react';
import type { ApiProject, ApiRule } from '../../../../shared/api.js';
import { call, messageOf } from '../../api/client.js';

export function RulesSection() {
  const [rules, setRules] = useState<ApiRule[]>([]);
  const [projects, setProjects] = useState<ApiProject[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [f, setF] = useState({
    action: 'allow' as ApiRule['action'],
    tool: 'exec_command',
    pattern: '',
    where: 'global',
  });
  const load = async () => {
    try {
      setRules(await call('rules.list', {}));
      setProjects(await call('projects.list', {}));
    } catch (e) {
      setError(messageOf(e));
    }
  };
  useEffect(() => {
    void load();
  }, []);
  const projectName = (key: string) => projects.find((p) => p.path === key)?.name ?? key;
  return (
    <section aria-label="Approval rules" className="rules">
      <h2>Approval rules</h2>
      <p className="muted">
        Deny wins over allow. A shell command is allowed by rules only when every command in it is covered; a pattern is
        a prefix matched word by word (<code>git status</code>) or a glob (<code>npm test*</code>).
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {rules.length === 0 && <p className="empty">No rules yet.</p>}
      <ul className="rule-list">
        {rules.map((r) => (
          <li key={r.id} data-rule-id={r.id}>
            <span className={`chip ${r.action === 'deny' ? 'warn' : ''}`}>{r.action}</span> <code>{r.tool}</code>
            {r.pattern !== null && (
              <>
                {' '}
                <code>{r.pattern}</code>
              </>
            )}{' '}
            <span className="muted">
              {r.scope === 'project'
                ? `in ${projectName(r.scopeKey)}`
                : r.scope === 'session'
                  ? `session ${r.scopeKey}`
                  : 'everywhere'}
            </span>{' '}
            <button
              className="danger"
              aria-label={`Remove rule ${r.action} ${r.tool}${r.pattern ? ' ' + r.pattern : ''}`}
              onClick={async () => {
                try {
                  await call('rules.remove', { ruleId: r.id });
                  await load();
                } catch (e) {
                  setError(messageOf(e));
                }
              }}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form
        className="add-rule"
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          try {
            const project = projects.find((p) => p.id === f.where);
            await call('rules.add', {
              action: f.action,
              tool: f.tool.trim(),
              pattern: f.pattern.trim() || null,
              scope: project ? 'project' : 'global',
              ...(project ? { projectId: project.id } : {}),
            });
            setF({ ...f, pattern: '' });
            await load();
          } catch (err) {
            setError(messageOf(err));
          }
        }}
      >
        <h3>Add a rule</h3>
        <div className="grid2">
          <label htmlFor="rule-action">Action</label>
          <select
            id="rule-action"
            value={f.action}
            onChange={(e) => setF({ ...f, action: e.target.value as ApiRule['action'] })}
          >
            <option value="allow">allow</option>
            <option value="deny">deny</option>
            <option value="ask">ask</option>
          </select>
          <label htmlFor="rule-tool">Tool (name or glob)</label>
          <input id="rule-tool" required value={f.tool} onChange={(e) => setF({ ...f, tool: e.target.value })} />
          <label htmlFor="rule-pattern">Command (exec_command only)</label>
          <input
            id="rule-pattern"
            placeholder="git status"
            value={f.pattern}
            onChange={(e) => setF({ ...f, pattern: e.target.value })}
          />
          <label htmlFor="rule-where">Where</label>
          <select id="rule-where" value={f.where} onChange={(e) => setF({ ...f, where: e.target.value })}>
            <option value="global">every project</option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="primary" aria-label="Add rule">
          Add rule
        </button>
      </form>
    </section>
  );
}
