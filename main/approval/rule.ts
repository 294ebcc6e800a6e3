// What an approval rule is (the record the store keeps and every matcher reads). Types only: rules.ts (parsing,
// matching) and domain-rules.ts (network rules) both read it without importing each other.
export type RuleAction = 'allow' | 'deny' | 'ask';
export type RuleScope = 'session' | 'project' | 'global';

export interface Rule {
  id: string;
  action: RuleAction;
  scope: RuleScope;
  /** session id, project folder (absolute path) or '' for global */
  scopeKey: string;
  /** a tool name or a glob over names (`mcp__github__*`); matched case-insensitively against the resolved target */
  tool: string;
  /** exec_command only: a command prefix matched word by word (`git status`), or a glob when it has * or ? */
  pattern: string | null;
  createdAt: string;
}
