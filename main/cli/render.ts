// Human-readable rendering of an OmniMessage stream for `floe run` / `floe chat`: streaming text, dimmed
// thinking, tool calls with their arguments, outputs, decisions, retries. Presentation only.
import { hostDiedText, mcpServerFailed } from '../../shared/omni/interpret.js';
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
      const p = m.payload as Record<string, any>;
      const who = m.origin?.length ? dim(`[sub ${m.origin[m.origin.length - 1].slice(-8)}] `) : '';
      if (m.type === 'session_meta') return;
      if (m.type === 'model_msg') {
        switch (p.type) {
          case 'partial_text':
            if (p.event_type === 'start' && who) line(who.trimEnd());
            if (p.event_type === 'delta') out(p.text ?? '');
            if (p.event_type === 'stop') line('');
            return;
          case 'partial_thinking':
            if (p.event_type === 'start') line(dim(`${who}thinking…`));
            if (p.event_type === 'delta') out(dim(p.thinking ?? ''));
            if (p.event_type === 'stop') line('');
            return;
          case 'tool_call':
            line(`${who}${bold('▶ ' + p.name)} ${p.arguments}`);
            return;
          case 'tool_call_output': {
            const status = p.stop_reason && p.stop_reason !== 'completed' ? red(` [${p.stop_reason}]`) : '';
            line(`${who}${dim('◀ output')}${status}`);
            line(String(p.output).replace(/\n$/, '').replace(/^/gm, '  '));
            if (p.images?.length) line(`  (${p.images.length} image${p.images.length > 1 ? 's' : ''})`);
            return;
          }
          default:
            return;
        }
      }
      switch (p.type) {
        case 'approval_decision':
          if (p.decision !== 'allow' || p.decided_by === 'human')
            line(
              `${who}${dim(`${p.decision === 'allow' ? '✓ allowed' : '✗ ' + p.decision} ${p.tool_name ?? ''} (${p.decided_by ?? 'callback'}${p.rule ? ': ' + p.rule : ''})`)}`,
            );
          return;
        case 'request_end':
          if (p.status !== 'completed')
            line(
              `${who}${red(p.error_message ? `! request failed: ${p.error_message}` : `! request ${p.status}`)}${p.retry_in_ms !== undefined ? dim(` — retry ${p.attempt} in ${Math.round(p.retry_in_ms / 100) / 10}s`) : ''}`,
            );
          return;
        case 'abort':
          line(`${who}${red('! aborted' + (p.reason ? ': ' + p.reason : ''))}`);
          return;
        case 'compaction_begin':
          line(
            dim(
              `${who}⋯ compacting the context${p.reason ? ` (${p.reason}${p.context ? `, ${p.context} tokens` : ''})` : ''}`,
            ),
          );
          return;
        case 'compaction_end':
          if (p.status === 'failed')
            line(`${who}${red(`! compaction failed${p.error ? ': ' + p.error : ''}; the context is unchanged`)}`);
          else
            line(
              dim(
                `${who}⋯ context compacted${p.mode ? ` (${p.mode}${p.context ? `, about ${p.context} tokens now` : ''})` : ''}`,
              ),
            );
          return;
        case 'mcp_connect_end':
          for (const r of p.results ?? [])
            if (mcpServerFailed(r)) line(red(`! MCP server "${r.server}" skipped: ${r.error ?? r.status}`));
          return;
        case 'host_died':
          line(`${who}${red(`! ${hostDiedText(p)}`)}`);
          return;
        case 'subagent':
          line(dim(`${who}↳ subagent ${p.session_id}`));
          return;
        case 'warning':
          line(`${who}${red(`! ${p.source ?? 'warning'}: ${p.message ?? ''}`)}`);
          return;
        default:
          return;
      }
    },
    end() {
      if (!atLineStart) out('\n');
    },
  };
}
