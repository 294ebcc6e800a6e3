// A tool call's arguments as a person reads them (args.ts): a highlighted shell command with its working
// directory and wait, or labelled fields; the raw JSON behind a toggle. Presentation only.
import { useState } from 'react';
import { Markdown } from '../chat/Markdown.js';
import { formatMs } from '../chat/transcript.js';
import { describeArgs, fenced } from './args.js';
import { prettyJson } from './reducer.js';

/** The exec_command wait when the call names none (SPEC §5). */
const DEFAULT_WAIT_MS = 60_000;

export function ArgsPanel({ toolName, args, workspace }: { toolName: string; args: string; workspace?: string }) {
  const [raw, setRaw] = useState(false);
  const v = describeArgs(toolName, args);
  return (
    <div className="args-panel">
      {v.kind === 'shell' && (
        <>
          <div className="shell-cmd" aria-label="Command">
            <Markdown text={fenced(v.cmd, 'bash')} copy={false} />
          </div>
          <dl className="arg-fields inline">
            <dt>working directory</dt>
            <dd>
              <code>{v.workdir ?? workspace ?? 'the workspace'}</code>
              {v.workdir && workspace && <span className="muted"> (in {workspace})</span>}
            </dd>
            <dt>waits</dt>
            <dd>
              up to {formatMs(v.waitMs ?? DEFAULT_WAIT_MS)}
              {v.waitMs === null ? ' (default)' : ''}, then runs on in the background
            </dd>
          </dl>
        </>
      )}
      {v.kind === 'fields' && (
        <dl className="arg-fields">
          {v.fields.map((f) => (
            <div key={f.label} className="arg-field">
              <dt>{f.label}</dt>
              <dd>{f.block ? <pre className="arg-value">{f.value}</pre> : <code>{f.value}</code>}</dd>
            </div>
          ))}
          {v.fields.length === 0 && <dd className="muted">no arguments</dd>}
        </dl>
      )}
      {v.kind === 'raw' && <pre className="args">{v.text}</pre>}
      {v.kind !== 'raw' && (
        <button
          className="small ghost"
          aria-expanded={raw}
          aria-label={raw ? 'Hide raw arguments' : 'Show raw arguments'}
          onClick={() => setRaw(!raw)}
        >
          {raw ? '▾' : '▸'} raw arguments
        </button>
      )}
      {raw && <pre className="args raw-json">{prettyJson(args)}</pre>}
    </div>
  );
}
