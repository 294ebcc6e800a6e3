// Human-readable rendering of an OmniMessage stream for `floe run` / `floe chat`: streaming text, dimmed
// thinking, tool calls with their arguments, outputs, decisions, retries — each message as the shared interpreter
// reads it (shared/omni/interpret.ts). Presentation only.
import { interpret } from '../../shared/omni/interpret.js';
import type { OmniMessage } from '../../shared/omni/types.js';

export interface Renderer {
  push(m: OmniMessage): void;
  end(): void;
}

export function humanRenderer(write: (s: string) => void, color: boolean): Renderer {
  const dim = (s: string) => (color ? `\x1b[2m${s}\x1b[22m` : s);
  const bold = (s: string) => (color ? `\x1b[1m${s}\x1b[22m` : s);
  const red = (s: string) => (color ? `\x1b[31m${s}\x1b[39m` : s);
  let atLineStart = true;
  const out = (s: string) => {
    if (!s) return;
    write(s);
    atLineStart = s.endsWith('\n');
  };
  const line = (s: string) => {
    if (!atLineStart) out('\n');
    out(s + '\n');
  };
  return {
    push(m) {
      const f = interpret(m);
      const who = m.origin?.length ? dim(`[sub ${m.origin[m.origin.length - 1].slice(-8)}] `) : '';
      switch (f.kind) {
        case 'stream':
          if (f.stream === 'text') {
            if (f.event === 'start' && who) line(who.trimEnd());
            if (f.event === 'delta') out(f.text);
          } else {
            if (f.event === 'start') line(dim(`${who}thinking…`));
            if (f.event === 'delta') out(dim(f.text));
          }
          if (f.event === 'stop') line('');
          return;
        case 'tool_call':
          line(`${who}${bold('▶ ' + f.name)} ${f.args}`);
          return;
        case 'tool_output': {
          const word = f.outcome === 'error' ? (f.stopReason ?? 'failed') : f.outcome;
          line(`${who}${dim('◀ output')}${f.outcome === 'ok' ? '' : red(` [${word}]`)}`);
          line(f.output.replace(/\n$/, '').replace(/^/gm, '  '));
          const n = f.images?.length ?? 0;
          if (n) line(`  (${n} image${n > 1 ? 's' : ''})`);
          return;
        }
        case 'approval':
          if (f.decision !== 'allow' || f.by === 'human')
            line(
              `${who}${dim(`${f.decision === 'allow' ? '✓ allowed' : '✗ ' + f.decision} ${f.target ?? ''} (${f.by ?? 'callback'}${f.rule ? ': ' + f.rule : ''})`)}`,
            );
          return;
        case 'request_end':
          if (f.status !== 'completed')
            line(
              `${who}${red(f.error ? `! request failed: ${f.error}` : `! request ${f.status}`)}${f.retryInMs !== undefined ? dim(` — retry ${f.attempt} in ${Math.round(f.retryInMs / 100) / 10}s`) : ''}`,
            );
          return;
        case 'abort':
          line(`${who}${red('! aborted' + (f.reason ? ': ' + f.reason : ''))}`);
          return;
        case 'compaction_begin':
          line(
            dim(
              `${who}⋯ compacting the context${f.reason ? ` (${f.reason}${f.context ? `, ${f.context} tokens` : ''})` : ''}`,
            ),
          );
          return;
        case 'compaction_end':
          if (!f.ok)
            line(`${who}${red(`! compaction failed${f.error ? ': ' + f.error : ''}; the context is unchanged`)}`);
          else
            line(
              dim(
                `${who}⋯ context compacted${f.mode ? ` (${f.mode}${f.context ? `, about ${f.context} tokens now` : ''})` : ''}`,
              ),
            );
          return;
        case 'mcp_end':
          for (const r of f.results) if (r.failed) line(red(`! MCP server "${r.server}" skipped: ${r.detail}`));
          return;
        case 'host_died':
          line(`${who}${red(`! ${f.text}`)}`);
          return;
        case 'subagent':
          line(dim(`${who}↳ subagent ${f.sessionId}`));
          return;
        case 'warning':
          line(`${who}${red(`! ${f.source ?? 'warning'}: ${f.message}`)}`);
          return;
        default:
          return; // session_meta, complete text (streamed already), usage, partial calls and outputs …
      }
    },
    end() {
      if (!atLineStart) out('\n');
    },
  };
}
