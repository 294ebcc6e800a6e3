// Slash commands typed into the composer: /mode <approval mode>, /model [name] (alone: list the models),
// /compact [focus], /clear (a fresh session with the same model and mode). Parsing only — the composer runs them
// (and matches a model name against the configured ones, shared/model-name.ts). Pure.
import { APPROVAL_MODE, type ApiApprovalMode } from '../../../../shared/api.js';

export type Slash =
  | { kind: 'mode'; mode: ApiApprovalMode }
  | { kind: 'model'; name?: string }
  | { kind: 'compact'; focus?: string }
  | { kind: 'clear' }
  | { kind: 'error'; message: string };

export const SLASH_HELP: { cmd: string; what: string }[] = [
  { cmd: '/mode <allow-all|deny-all|read-only|always-ask|auto>', what: 'change the approval mode' },
  { cmd: '/model [provider/id]', what: 'switch the model for the next turn (alone: list the models)' },
  { cmd: '/compact [what to keep]', what: 'summarize older context now' },
  { cmd: '/clear', what: 'start a fresh session (same model and mode)' },
];

/** null when the text is an ordinary prompt (does not start with a slash command word). */
export function parseSlash(text: string): Slash | null {
  const m = /^\/([a-z]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!m) return null;
  const arg = m[2]?.trim() ?? '';
  switch (m[1]) {
    case 'mode': {
      const r = APPROVAL_MODE.safeParse(arg);
      return r.success
        ? { kind: 'mode', mode: r.data }
        : {
            kind: 'error',
            message: `/mode needs one of ${APPROVAL_MODE.options.join(', ')}${arg ? ` (got "${arg}")` : ''}.`,
          };
    }
    case 'model':
      return arg ? { kind: 'model', name: arg } : { kind: 'model' };
    case 'compact':
      return arg ? { kind: 'compact', focus: arg } : { kind: 'compact' };
    case 'clear':
      return { kind: 'clear' };
    default:
      return {
        kind: 'error',
        message: `Unknown command /${m[1]}: try /mode, /model, /compact or /clear (or start with a space to send it as text).`,
      };
  }
}
