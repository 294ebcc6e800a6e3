// Schema migration adding the approval rules of issue 13 (table `rules`): allow / deny / ask by tool name or glob
// and, for exec_command, by command prefix or glob; scoped to a session, a project folder or everywhere. The
// older per-session "allow this tool" rows of `approval_rules` are copied in as session rules.
// Must not open databases or manage transactions — db.ts does that.
import type Database from 'better-sqlite3';

export const rulesMigration = (db: Database.Database): void => {
  db.exec(`
    CREATE TABLE rules (
      id         TEXT PRIMARY KEY,
      action     TEXT NOT NULL CHECK (action IN ('allow', 'deny', 'ask')),
      scope      TEXT NOT NULL CHECK (scope IN ('session', 'project', 'global')),
      scope_key  TEXT NOT NULL,
      tool       TEXT NOT NULL,
      pattern    TEXT,
      created_at TEXT NOT NULL
    );
    CREATE UNIQUE INDEX rules_unique ON rules(scope, scope_key, tool, IFNULL(pattern, ''), action);
    CREATE INDEX rules_by_scope ON rules(scope, scope_key);
    INSERT INTO rules (id, action, scope, scope_key, tool, pattern, created_at)
      SELECT 'rule-' || lower(hex(randomblob(6))), 'allow', 'session', session_id, tool_name, NULL, created_at
      FROM approval_rules;
  `);
};
