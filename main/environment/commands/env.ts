// Pure: the environment of a command's pty (SPEC §5): the host's env plus the caller's, then the hardening that
// keeps anything from waiting on a human (editor, credential prompt, pager). Must not read process.env itself.

const HARDENED_ENV: Readonly<Record<string, string>> = {
  GIT_EDITOR: 'true',
  GIT_TERMINAL_PROMPT: '0',
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  TERM: 'xterm-256color',
};

/** Merges `base` and `extra` (dropping undefined values) and applies HARDENED_ENV last. */
export function hardenedEnv(
  base: Record<string, string | undefined>,
  extra?: Record<string, string | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const src of [base, extra ?? {}]) {
    for (const [k, v] of Object.entries(src)) if (typeof v === 'string') out[k] = v;
  }
  return { ...out, ...HARDENED_ENV };
}
