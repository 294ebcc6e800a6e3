// The `rules` table (issue 13): approval rules by tool and command pattern, scoped to a session, a project folder
// or everywhere. Stores and lists; must not decide anything (main/approval/rules-match.ts does).
import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import type { NewRule, Rule, RuleAction, RuleScope } from '../approval/rules.js';
import type { Db } from './db.js';
import { StoreError } from './errors.js';
import type { Clock } from './ids.js';

export interface RulesRepo {
  /** Idempotent: the same action, scope, tool and pattern twice returns the first rule. */
  add(r: NewRule): Rule;
  get(id: string): Rule | undefined;
  /** The rules that apply to a call of `sessionId` in project folder `projectKey` (reached by any path, symlinks
   *  included): session + project + global. */
  applicable(sessionId: string | null, projectKey: string | null): Rule[];
  /** Every rule, or those of one scope (and key). Oldest first. */
  list(filter?: { scope?: RuleScope; scopeKey?: string }): Rule[];
  remove(id: string): boolean;
  /** Drops the session rules of one session (it ended). */
  clearSession(sessionId: string): number;
}

interface RuleRow {
  id: string;
  action: string;
  scope: string;
  scope_key: string;
  tool: string;
  pattern: string | null;
  created_at: string;
}

const toRule = (r: RuleRow): Rule => ({
  id: r.id,
  action: r.action as RuleAction,
  scope: r.scope as RuleScope,
  scopeKey: r.scope_key,
  tool: r.tool,
  pattern: r.pattern,
  createdAt: r.created_at,
});

const newRuleId = (): string => `rule-${randomBytes(6).toString('hex')}`;

/**
 * A project folder as project rules key it: its real path, so that a rule holds however the folder is reached
 * (issue 26: a project opened through a symlink escaped its deny rules). A folder that is gone keeps its path.
 */
function projectRuleKey(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

export function createRulesRepo(db: Db, now: Clock): RulesRepo {
  const q = {
    insert: db.prepare(`INSERT OR IGNORE INTO rules (id, action, scope, scope_key, tool, pattern, created_at)
      VALUES (@id, @action, @scope, @scope_key, @tool, @pattern, @created_at)`),
    same: db.prepare<[string, string, string, string, string], RuleRow>(`SELECT * FROM rules
      WHERE scope = ? AND scope_key = ? AND tool = ? AND IFNULL(pattern, '') = ? AND action = ?`),
    get: db.prepare<[string], RuleRow>('SELECT * FROM rules WHERE id = ?'),
    applicable: db.prepare<[string, string, string], RuleRow>(`SELECT * FROM rules
      WHERE scope = 'global' OR (scope = 'session' AND scope_key = ?) OR (scope = 'project' AND scope_key IN (?, ?))
      ORDER BY created_at, rowid`),
    all: db.prepare<[], RuleRow>('SELECT * FROM rules ORDER BY created_at, rowid'),
    del: db.prepare('DELETE FROM rules WHERE id = ?'),
    clearSession: db.prepare("DELETE FROM rules WHERE scope = 'session' AND scope_key = ?"),
  };
  return {
    add(rule) {
      if (rule.scope !== 'global' && !rule.scopeKey)
        throw new StoreError(`A ${rule.scope} rule needs a scope key; it is empty.`);
      const r = rule.scope === 'project' ? { ...rule, scopeKey: projectRuleKey(rule.scopeKey) } : rule;
      q.insert.run({
        id: newRuleId(),
        action: r.action,
        scope: r.scope,
        scope_key: r.scope === 'global' ? '' : r.scopeKey,
        tool: r.tool,
        pattern: r.pattern,
        created_at: now(),
      });
      return toRule(q.same.get(r.scope, r.scope === 'global' ? '' : r.scopeKey, r.tool, r.pattern ?? '', r.action)!);
    },
    get(id) {
      const r = q.get.get(id);
      return r ? toRule(r) : undefined;
    },
    applicable(sessionId, projectKey) {
      // NUL never equals a stored key, so a missing session or project matches nothing; a project is found by its
      // real path and, for rules stored before keys were real paths, by the path as given
      const project = projectKey ?? '\u0000';
      const real = projectKey === null ? project : projectRuleKey(projectKey);
      return q.applicable.all(sessionId ?? '\u0000', project, real).map(toRule);
    },
    list(filter = {}) {
      return q.all
        .all()
        .map(toRule)
        .filter(
          (r) =>
            (!filter.scope || r.scope === filter.scope) &&
            (filter.scopeKey === undefined || r.scopeKey === filter.scopeKey),
        );
    },
    remove(id) {
      return q.del.run(id).changes > 0;
    },
    clearSession(sessionId) {
      return q.clearSession.run(sessionId).changes;
    },
  };
}
