// decideByRules / approvalStep: deny wins, ask next, allow only when every simple command is covered; what the
// rules leave open goes to the mode; every rule decision names its rule(s).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../../../main/approval/shell-parser.js';
import { approvalStep } from '../../../main/approval/decide.js';
import {
  displaySafe,
  RuleInputError,
  ruleLabel,
  suggestPrefix,
  validateRule,
  type Rule,
} from '../../../main/approval/rules.js';
import { decideByRules, patternMatches, toolMatches } from '../../../main/approval/rules-match.js';

let n = 0;
const rule = (action: Rule['action'], pattern: string | null, tool = 'exec_command'): Rule => ({
  id: `rule-${++n}`,
  action,
  scope: 'project',
  scopeKey: '/p',
  tool,
  pattern,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const exec = (cmd: string) => JSON.stringify({ cmd });

// deciding by rules parses commands: the parser loads on the first decision (shell-parser.ts)
beforeAll(loadShellParser);

describe('pattern and tool matching', () => {
  it('prefixes match word by word; globs match the joined words; run-time words give maybe', () => {
    expect(patternMatches('git status', ['git', 'status', '-s'])).toBe('yes');
    expect(patternMatches('git status', ['git', 'statusx'])).toBe('no');
    expect(patternMatches('git status', ['git'])).toBe('no');
    expect(patternMatches('git status', ['git', null])).toBe('maybe');
    expect(patternMatches('npm test*', ['npm', 'test', '--watch'])).toBe('yes');
    expect(patternMatches('npm test*', ['npm', 'tes'])).toBe('no');
    expect(patternMatches('rm -rf *', ['rm', '-rf', null])).toBe('yes');
    expect(patternMatches('rm -rf /', ['rm', '-rf', null])).toBe('maybe');
    expect(patternMatches('rm -rf /', ['ls', null])).toBe('no');
    expect(patternMatches('rm *', ['ls', null])).toBe('no');
    expect(patternMatches('Git status', ['git', 'status'])).toBe('no');
  });

  it('tool names match case-insensitively, globs too', () => {
    expect(toolMatches('mcp__github__*', 'mcp__github__create_issue')).toBe(true);
    expect(toolMatches('mcp__github__*', 'mcp__gitlab__x')).toBe(false);
    expect(toolMatches('READ_IMAGE', 'read_image')).toBe(true);
    expect(toolMatches('read_image', 'read_images')).toBe(false);
  });
});

describe('decideByRules', () => {
  const rules = [rule('allow', 'git status'), rule('allow', 'npm test*'), rule('deny', 'rm -rf *')];

  it('allows a compound command only when every part is covered, naming every rule used', () => {
    const o = decideByRules(rules, 'exec_command', exec('git status && npm test -- -u'));
    expect(o.verdict).toBe('allow');
    expect(o.rules.map((r) => r.pattern)).toEqual(['git status', 'npm test*']);
    const partly = decideByRules(rules, 'exec_command', exec('git status && curl x | wc -l'));
    expect(partly.verdict).toBe('none');
    expect(partly.uncovered).toEqual([
      { text: 'curl x', reason: 'no rule covers this command', suggestion: 'curl x' },
      { text: 'wc -l', reason: 'no rule covers this command', suggestion: 'wc' },
    ]);
  });

  it('deny wins over allow, through wrappers, paths, env prefixes and run-time arguments', () => {
    for (const cmd of [
      'git status; rm -rf x',
      'FOO=1 rm -rf x',
      'command rm -rf x',
      'sudo rm -rf x',
      '/bin/rm -rf x',
      'rm -rf $X',
    ]) {
      const o = decideByRules([rule('allow', null), ...rules], 'exec_command', exec(cmd));
      expect([cmd, o.verdict, o.rules[0]?.pattern]).toEqual([cmd, 'deny', 'rm -rf *']);
    }
  });

  it('asks when a deny rule might match what cannot be seen, even when the whole tool is allowed', () => {
    const o = decideByRules([rule('allow', null), ...rules], 'exec_command', exec('eval "rm -rf x"'));
    expect(o.verdict).toBe('ask');
    expect(o.uncovered[0].reason).toMatch(/`eval` runs code this check cannot see; a deny rule might apply/);
    expect(decideByRules([rule('allow', null)], 'exec_command', exec('eval x')).verdict).toBe('allow');
  });

  it('ask rules send a covered command to a person', () => {
    const o = decideByRules([...rules, rule('ask', 'git status')], 'exec_command', exec('git status'));
    expect(o).toMatchObject({ verdict: 'ask', rules: [{ action: 'ask' }] });
  });

  it('rules by tool name or glob for other tools; patterned rules never match them', () => {
    const mcp = [rule('allow', null, 'mcp__docs__*'), rule('deny', null, 'mcp__docs__delete')];
    expect(decideByRules(mcp, 'mcp__docs__search', '{}').verdict).toBe('allow');
    expect(decideByRules(mcp, 'mcp__docs__delete', '{}').verdict).toBe('deny');
    expect(decideByRules(mcp, 'read_image', '{}').verdict).toBe('none');
    expect(decideByRules(rules, 'input_command', exec('git status')).verdict).toBe('none');
  });

  it('an empty command or unreadable arguments are not allowed by command rules', () => {
    expect(decideByRules(rules, 'exec_command', exec('')).verdict).toBe('none');
    expect(decideByRules(rules, 'exec_command', '{not json').verdict).toBe('none');
  });
});

describe('approvalStep', () => {
  const rules = [rule('allow', 'git status'), rule('deny', 'rm')];
  const call = (cmd: string, permission: 'r' | 'rw' = 'rw') => ({
    toolName: 'exec_command',
    permission,
    arguments: exec(cmd),
  });

  it('deny-all denies before any rule; rules decide next, naming the rule; the mode decides the rest', () => {
    expect(approvalStep('deny-all', call('git status'), rules)).toEqual({
      kind: 'decided',
      decision: 'deny',
      decidedBy: 'mode',
    });
    expect(approvalStep('always-ask', call('git status'), rules)).toEqual({
      kind: 'decided',
      decision: 'allow',
      decidedBy: 'rule',
      rule: `allow exec_command "git status" (project rule ${rules[0].id})`,
    });
    expect(approvalStep('allow-all', call('rm x'), rules)).toMatchObject({
      decision: 'deny',
      decidedBy: 'rule',
      rule: expect.stringContaining('deny exec_command "rm"'),
    });
    expect(approvalStep('allow-all', call('ls'), rules)).toEqual({
      kind: 'decided',
      decision: 'allow',
      decidedBy: 'mode',
    });
    expect(approvalStep('read-only', call('git status; ls'), rules)).toEqual({
      kind: 'ask',
      uncovered: [{ text: 'ls', reason: 'no rule covers this command', suggestion: 'ls' }],
    });
  });
});

describe('validateRule and suggestPrefix', () => {
  it('normalises Bash/Shell to exec_command and refuses bad input with a clear message', () => {
    expect(
      validateRule({ action: 'allow', scope: 'global', scopeKey: '', tool: 'Bash', pattern: ' git   status ' }),
    ).toEqual({
      action: 'allow',
      scope: 'global',
      scopeKey: '',
      tool: 'exec_command',
      pattern: 'git status',
    });
    expect(() => validateRule({ action: 'permit', scope: 'global', scopeKey: '', tool: 'x' })).toThrow(
      /action "permit" is not one of allow, deny, ask/,
    );
    expect(() => validateRule({ action: 'allow', scope: 'project', scopeKey: '', tool: 'x' })).toThrow(RuleInputError);
    expect(() =>
      validateRule({ action: 'allow', scope: 'global', scopeKey: '', tool: 'read_image', pattern: 'x' }),
    ).toThrow(/only applies to exec_command/);
    expect(() => validateRule({ action: 'allow', scope: 'global', scopeKey: '', tool: 'a b' })).toThrow(/use letters/);
  });

  it('suggests the program and its subcommand, never arguments or options', () => {
    expect(suggestPrefix(['npm', 'test', '--', '-u'])).toBe('npm test');
    expect(suggestPrefix(['ls', '-la'])).toBe('ls');
    expect(suggestPrefix(['cat', 'src/a.ts'])).toBe('cat');
    expect(suggestPrefix([null, 'x'])).toBeNull();
  });

  it('never offers a bare interpreter: the script path instead, or nothing (issue 26)', () => {
    for (const bare of [['python3'], ['bash'], ['node', '-e', 'x'], ['sh', '-s'], ['perl', '-e', 'x'], ['awk', '{}']])
      expect([bare, suggestPrefix(bare)]).toEqual([bare, null]);
    expect(suggestPrefix(['python3', 'tools/gen.py', '--fast'])).toBe('python3 tools/gen.py');
    expect(suggestPrefix(['/usr/bin/node', 'bin/build.mjs'])).toBe('/usr/bin/node bin/build.mjs');
    expect(suggestPrefix(['bash', 'scripts/ci.sh'])).toBe('bash scripts/ci.sh');
    expect(suggestPrefix(['python3', '-m', 'pytest', '-x'])).toBe('python3 -m pytest');
    // tools that run a command they are given: no prefix of them is safe to offer
    expect(suggestPrefix(['find', '.', '-exec', 'rm', '{}', ';'])).toBeNull();
    expect(suggestPrefix(['git', '-c', 'alias.x=!rm', 'x'])).toBeNull();
    const o = decideByRules([], 'exec_command', exec('echo print | python3'));
    expect(o.uncovered.map((u) => [u.text, u.suggestion])).toEqual([
      ['echo print', 'echo print'],
      ['python3', undefined],
    ]);
  });

  it('refuses control and invisible characters in a pattern, and escapes them in labels', () => {
    expect(() =>
      validateRule({ action: 'deny', scope: 'global', scopeKey: '', tool: 'exec_command', pattern: 'rm\x1b]0;x\x07' }),
    ).toThrow('rule pattern "rm\\x1b]0;x\\x07" has the control or invisible character \\x1b at offset 2: type');
    expect(() =>
      validateRule({ action: 'deny', scope: 'global', scopeKey: '', tool: 'exec_command', pattern: 'rm\u202ex' }),
    ).toThrow(/\\u\{202e\} at offset 2/);
    const stored = { ...rule('deny', 'rm\x1b[2J\x9b\u200bx'), id: 'rule-1' };
    expect(ruleLabel(stored)).toBe('deny exec_command "rm\\x1b[2J\\x9b\\u{200b}x" (project rule rule-1)');
    expect(displaySafe('a\tb\x7f')).toBe('a\\x09b\\x7f');
  });
});
