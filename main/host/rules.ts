// Handlers for approval rules (issue 13): list, add, remove. Session rules are keyed by the root session id,
// project rules by the project's folder, so the CLI and the desktop share them. Must not decide approvals.
import type { ApiRule } from '../../shared/api.js';
import { WRITE_TOOL } from '../approval/write-rules.js';
import { realWritableFolder } from '../environment/sandbox/writable-folder.js';
import { displaySafe, ruleLabel, validateRule, type Rule } from '../approval/rules.js';
import type { HostContext } from './context.js';
import { badRequest, notFound } from './errors.js';
import { mustSession } from './sessions.js';
import type { Handlers } from './table.js';

/** A rule for the renderer: its pattern shown with control characters escaped (issue 26), and its label. */
const ruleView = (r: Rule): ApiRule => ({
  ...r,
  pattern: r.pattern === null ? null : displaySafe(r.pattern),
  label: ruleLabel(r),
});

/** The project folder of a session (its root's project), or null. */
function projectKeyOf(ctx: HostContext, sessionId: string): string | null {
  const s = ctx.store.sessions.get(sessionId);
  if (!s?.projectId) return null;
  return ctx.store.projects.get(s.projectId)?.path ?? null;
}

function projectPath(ctx: HostContext, projectId: string): string {
  const p = ctx.store.projects.get(projectId);
  if (!p) throw notFound(`There is no project with id ${projectId}; it may have been forgotten. Reload the list.`);
  return p.path;
}

/** A writable-folder rule's folder as stored (its real path), or a bad_request saying what, where and what to do. */
function checkedFolder(folder: string, floeHome: string): string {
  const r = realWritableFolder(folder, floeHome);
  if ('error' in r) throw badRequest(`${r.error[0].toUpperCase()}${r.error.slice(1)}.`);
  return r.folder;
}

export function ruleHandlers(ctx: HostContext): Handlers<'rules.list' | 'rules.add' | 'rules.remove'> {
  const { store } = ctx;
  return {
    'rules.list': ({ sessionId, projectId }) => {
      if (sessionId) {
        mustSession(ctx, sessionId);
        return store.rules.applicable(sessionId, projectKeyOf(ctx, sessionId)).map(ruleView);
      }
      if (projectId) return store.rules.applicable(null, projectPath(ctx, projectId)).map(ruleView);
      return store.rules.list().map(ruleView);
    },
    'rules.add': ({ action, scope, tool, pattern, sessionId, projectId }) => {
      let scopeKey = '';
      if (scope === 'session') {
        if (!sessionId) throw badRequest('A session rule needs sessionId.');
        scopeKey = mustSession(ctx, sessionId).id;
      } else if (scope === 'project') {
        if (projectId) scopeKey = projectPath(ctx, projectId);
        else if (sessionId) scopeKey = projectKeyOf(ctx, mustSession(ctx, sessionId).id) ?? '';
        if (!scopeKey) throw badRequest('A project rule needs projectId (or a sessionId whose session has a project).');
      }
      const rule = validateRule({ action, scope, scopeKey, tool, pattern: pattern ?? null });
      if (rule.tool === WRITE_TOOL) rule.pattern = checkedFolder(rule.pattern!, ctx.home);
      return ruleView(store.rules.add(rule));
    },
    'rules.remove': ({ ruleId }) => {
      if (!store.rules.remove(ruleId)) throw notFound(`There is no rule with id ${ruleId}; it was removed already.`);
      return {};
    },
  };
}
