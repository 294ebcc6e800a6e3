// Settings' MCP panel: the MCP servers of an agent (system_config.yaml tools.mcpServers) with the status of a real
// connection attempt (connected + tool count, failed + reason, disabled), Reconnect, Enable/Disable, and a form to
// add a server (stdio command + arguments, or a URL over http/sse). All writes go through the host (mcp.*).
import { useCallback, useEffect, useState } from 'react';
import type { ApiMcpServer } from '../../../../shared/api.js';
import { call, messageOf } from '../../api/client.js';
import './settings.css';

/** Splits an argument line on spaces, keeping "quoted parts" together (pure). */
export function splitArgs(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  return out;
}

export function McpPanel({ agents }: { agents: string[] }) {
  const [agent, setAgent] = useState(agents[0] ?? 'default');
  const [servers, setServers] = useState<ApiMcpServer[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(async (what: string, f: () => Promise<ApiMcpServer[]>): Promise<boolean> => {
    setBusy(what);
    try {
      setServers(await f());
      setError(null);
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    } finally {
      setBusy(null);
    }
  }, []);

  useEffect(() => {
    setServers(null);
    void run('list', () => call('mcp.list', { agent }));
  }, [agent, run]);

  return (
    <section aria-labelledby="mcp-heading">
      <h2 id="mcp-heading">MCP servers</h2>
      {agents.length > 1 && (
        <p>
          <label htmlFor="mcp-agent">Agent</label>{' '}
          <select id="mcp-agent" value={agent} onChange={(e) => setAgent(e.target.value)}>
            {agents.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {servers === null && busy === 'list' && <p className="empty">Connecting to the configured servers…</p>}
      {servers?.length === 0 && <p className="empty">No MCP servers configured for agent {agent}. Add one below.</p>}
      <ul className="mcp-servers" aria-label="MCP servers">
        {servers?.map((s) => (
          <li key={s.name} className="mcp-server" aria-label={`MCP server ${s.name}`}>
            <div className="row">
              <strong>{s.name}</strong>
              <span className="chip">{s.transport}</span>
              <code>{s.target}</code>
              <span
                className={`chip ${s.status === 'connected' ? 'ok' : s.status === 'failed' ? 'bad' : ''}`}
                role="status"
              >
                {s.status === 'connected' ? `connected · ${s.toolCount} tool${s.toolCount === 1 ? '' : 's'}` : s.status}
              </span>
              <span className="spacer" />
              {s.enabled && (
                <button
                  aria-label={`Reconnect ${s.name}`}
                  disabled={busy !== null}
                  onClick={() => void run(`re:${s.name}`, () => call('mcp.reconnect', { agent, name: s.name }))}
                >
                  {busy === `re:${s.name}` ? 'Connecting…' : 'Reconnect'}
                </button>
              )}
              <button
                aria-label={`${s.enabled ? 'Disable' : 'Enable'} ${s.name}`}
                disabled={busy !== null}
                onClick={() =>
                  void run(`en:${s.name}`, () => call('mcp.setEnabled', { agent, name: s.name, enabled: !s.enabled }))
                }
              >
                {s.enabled ? 'Disable' : 'Enable'}
              </button>
            </div>
            {s.error && <p className="error">{s.error}</p>}
            {s.tools.length > 0 && (
              <details>
                <summary>Tools</summary>
                <p className="models">{s.tools.join(', ')}</p>
              </details>
            )}
          </li>
        ))}
      </ul>
      <AddMcpServer busy={busy !== null} onAdd={(p) => run('add', () => call('mcp.add', { agent, ...p }))} />
    </section>
  );
}

type NewServer = { name: string; transport: 'stdio' | 'http' | 'sse'; command?: string; args?: string[]; url?: string };

function AddMcpServer({ busy, onAdd }: { busy: boolean; onAdd(p: NewServer): Promise<boolean> }) {
  const [f, setF] = useState({
    name: '',
    transport: 'stdio' as NewServer['transport'],
    command: '',
    args: '',
    url: '',
  });
  const set = (k: keyof typeof f, v: string) => setF({ ...f, [k]: v });
  const stdio = f.transport === 'stdio';
  return (
    <form
      className="add-provider"
      aria-label="Add an MCP server"
      onSubmit={async (e) => {
        e.preventDefault();
        const args = splitArgs(f.args);
        const ok = await onAdd({
          name: f.name.trim(),
          transport: f.transport,
          ...(stdio ? { command: f.command.trim(), ...(args.length ? { args } : {}) } : { url: f.url.trim() }),
        });
        if (ok) setF({ ...f, name: '', command: '', args: '', url: '' });
      }}
    >
      <h3>Add an MCP server</h3>
      <div className="grid2">
        <label htmlFor="mcp-name">Server name</label>
        <input
          id="mcp-name"
          required
          pattern="[A-Za-z0-9_\-]+"
          value={f.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <label htmlFor="mcp-transport">Transport</label>
        <select id="mcp-transport" value={f.transport} onChange={(e) => set('transport', e.target.value)}>
          <option value="stdio">stdio (a local command)</option>
          <option value="http">http (Streamable HTTP URL)</option>
          <option value="sse">sse (legacy SSE URL)</option>
        </select>
        {stdio ? (
          <>
            <label htmlFor="mcp-command">Command</label>
            <input
              id="mcp-command"
              required
              placeholder="npx"
              value={f.command}
              onChange={(e) => set('command', e.target.value)}
            />
            <label htmlFor="mcp-args">Arguments (space-separated, "quote" to keep spaces)</label>
            <input
              id="mcp-args"
              placeholder="-y @modelcontextprotocol/server-memory"
              value={f.args}
              onChange={(e) => set('args', e.target.value)}
            />
          </>
        ) : (
          <>
            <label htmlFor="mcp-url">Server URL</label>
            <input
              id="mcp-url"
              required
              type="url"
              placeholder="https://example.com/mcp"
              value={f.url}
              onChange={(e) => set('url', e.target.value)}
            />
          </>
        )}
      </div>
      <button type="submit" className="primary" disabled={busy}>
        Add MCP server
      </button>
    </form>
  );
}
