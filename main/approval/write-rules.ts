// Writable-folder rules (issue 19): a project rule for the pseudo tool `sandbox_write` names a folder that the
// project's sandboxed commands may write besides the workspace (`allow sandbox_write "/opt/cache"`), the one-click
// answer to a refused write on a tool card. Only allow rules of project scope whose tool is exactly
// `sandbox_write` count; a glob over tool names never opens a folder. What a folder may not be (a secret, the home
// folder…) is main/environment/sandbox/writable-check.ts, which knows the policy's paths. Pure.
import path from 'node:path';

/** The tool name of writable-folder rules. */
export const WRITE_TOOL = 'sandbox_write';

/** The syntactic part (no file system): an absolute folder, normalised, or an error saying what is wrong. */
export function checkFolderPattern(raw: string): { ok: true; folder: string } | { ok: false; error: string } {
  const p = raw.trim();
  if (!p || !path.isAbsolute(p))
    return {
      ok: false,
      error: `writable-folder rule "${raw}": the folder must be an absolute path such as /opt/cache`,
    };
  const n = path.normalize(p);
  return { ok: true, folder: n.length > 1 ? n.replace(/\/+$/, '') : n };
}

/** The folders a project's writable-folder rules name (allow, project scope, tool exactly `sandbox_write`). */
export function writableFolders(
  rules: readonly { tool: string; action: string; scope: string; pattern: string | null }[],
): string[] {
  return rules
    .filter((r) => r.tool === WRITE_TOOL && r.action === 'allow' && r.scope === 'project' && r.pattern)
    .map((r) => r.pattern!);
}
