// Rules fail closed (issue 19 item 4) and match git's global options (issue 26): with a deny rule, what hands code
// to an interpreter, runs through a wrapper whose options are not followed, or names the denied program asks
// (or is denied when the deny rule is seen inside); arithmetic and subscript expansion is never covered by an
// allow rule; an ask rule on `git push` sees `git -C . push`; a command too long to check is not decided by rules.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../../../main/approval/shell-parser.js';
import type { Rule } from '../../../main/approval/rules.js';
import { decideByRules, MAX_RULE_COMMAND } from '../../../main/approval/rules-match.js';

let n = 0;
const rule = (action: Rule['action'], pattern: string | null): Rule => ({
  id: `rule-${++n}`,
  action,
  scope: 'global',
  scopeKey: '',
  tool: 'exec_command',
  pattern,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const decide = (rules: Rule[], cmd: string) => decideByRules(rules, 'exec_command', JSON.stringify({ cmd }));
const denyRm = [rule('deny', 'rm')];

// deciding by rules parses commands: the parser loads on the first decision (shell-parser.ts)
beforeAll(loadShellParser);

describe('with a deny rule, what deny rules cannot see into asks', () => {
  it.each([
    ['echo ls | bash', /`bash` runs shell code this check cannot see; a deny rule might apply/],
    ["python3 -c 'import os'", /`python3` is handed code as text/],
    ['echo x | python3', /`python3` reads code from its input/],
    ["node -e 'x'", /`node` is handed code as text/],
    ["perl -ne 'print'", /`perl` is handed code as text/],
    ["awk '{print}' f", /`awk` can run commands/],
    ["sed 's/a/b/e' f", /`sed` can run shell commands/],
    ['make all', /`make` runs the shell recipes/],
    ["git -c alias.x='!true' x", /`git -c` can make git run any program/],
    ["git config alias.st '!sh'", /`git config` here sets something git runs/],
    ['alias ls=ll', /`alias` changes what a later command name runs/],
    ['hash -p /bin/true ls', /`hash -p` changes what a later command name runs/],
    ['setsid -w ls', /`setsid` runs a command whose options this check does not follow/],
    ["flock /tmp/l -c 'ls'", /`flock` runs a command/],
    ['find . -exec ls {} +', /`find` runs the command given to its -exec option/],
    ["tar -xf a.tar --to-command='cat'", /`tar` runs the command given to one of its options/],
    ['export PATH=/tmp/evil', /sets PATH/],
    ["bash -c 'ls'", /`bash -c` hands a script to a shell/],
  ])('%s', (cmd, why) => {
    const o = decide(denyRm, cmd);
    expect(o.verdict).toBe('ask');
    expect(o.uncovered.map((u) => u.reason).join(' | ')).toMatch(why);
    // without a deny rule the rules do not ask for it (`bash -c 'ls'` is even allowed by `allow ls`)
    expect(decide([rule('allow', 'ls')], cmd).verdict).not.toBe('ask');
  });

  it('denies what it can see inside: a static bash -c script, find -exec, wrappers, a path to the program', () => {
    for (const cmd of [
      "bash -c 'ls; rm x'",
      'find . -exec rm {} ;',
      'setsid rm x',
      'taskset -c 0 rm x',
      'nohup -- rm x',
    ])
      expect([cmd, decide(denyRm, cmd).verdict]).toEqual([cmd, 'deny']);
  });

  it('asks when a command hands the denied program to another under a new name', () => {
    for (const cmd of ['cp /bin/rm ./del', 'ln -s /usr/bin/rm d', 'install /bin/r? d', 'cp /bin/r[m] d']) {
      const o = decide(denyRm, cmd);
      expect([cmd, o.verdict]).toEqual([cmd, 'ask']);
      expect(o.uncovered[0].reason).toMatch(/the program deny rule rule-\d+ forbids: it may run it under another name/);
    }
  });

  it('leaves routine commands to the mode: no question for what deny rules can see', () => {
    for (const cmd of [
      'ls -la',
      'git -C . status',
      'git --no-pager log -1',
      'python3 tools/gen.py --out x',
      'python3 -m pytest -x',
      'node --version',
      'sed -n 1,5p f',
      "find . -name '*.ts'",
      'npm test',
      'NODE_ENV=test npm run build',
      'echo ${a[0]} ${a[@]} $((1 + 2))',
    ])
      expect([cmd, decide(denyRm, cmd).verdict]).toEqual([cmd, 'none']);
  });
});

describe('arithmetic and subscript expansion is never covered by an allow rule', () => {
  const allow = ['git status', 'echo', 'printf', 'read', 'test', 'declare'].map((p) => rule('allow', p));
  it.each([
    ['git status ${a[x]}', /an array subscript is evaluated as arithmetic/],
    ['git status ${!x}', /an indirect expansion/],
    ['git status ${x:y}', /a substring offset is evaluated as arithmetic/],
    ['git status ${x:1:y}', /a substring offset/],
    ['i=x; a[i]=1; git status', /an array subscript/],
    ["[[ -v 'a[$(touch P)]' ]] && git status", /`-v` evaluates the subscript/],
    ["test -v 'a[$(touch P)]'", /`test` is given the name "a\[\$\(touch P\)\]"/],
    ["printf -v 'a[$(touch P)]' x", /`printf` is given the name/],
    ['printf -v "$x" y', /`printf` is given a variable name computed at run time/],
    ["read 'a[$(touch P)]' <<< x", /`read` is given the name/],
    ["read -r -a 'a[i]'", /`read` is given the name "a\[i\]"/],
    ['declare -i x=y', /`declare -i` makes a variable evaluate/],
    ['echo $((x))', /arithmetic on variables/],
  ])('%s', (cmd, why) => {
    const o = decide(allow, cmd);
    expect(o.verdict).toBe('none');
    expect(o.uncovered.map((u) => u.reason).join(' | ')).toMatch(why);
  });

  it('plain subscripts and names stay covered', () => {
    for (const cmd of ['echo ${a[0]} ${a[@]} ${#a[*]} ${x:1:2}', 'read -r line', 'printf -v out %s x', 'test -v name'])
      expect([cmd, decide(allow, cmd).verdict]).toEqual([cmd, 'allow']);
  });
});

describe("rules on git see through git's global options", () => {
  const rules = [rule('ask', 'git push'), rule('deny', 'git reset --hard')];
  it.each([
    'git -C . push',
    'git --no-pager push origin main',
    'git -c k=v push',
    'git -ck=v push',
    'git --git-dir=.git --work-tree . push',
    'git -C . -c a=b -P --no-optional-locks push',
    'git --frobnicate push',
  ])('ask rule on git push: %s', (cmd) => {
    expect(decide(rules, cmd).verdict).toBe('ask');
  });

  it('deny rules too; other subcommands are not caught', () => {
    expect(decide(rules, 'git -C sub reset --hard').verdict).toBe('deny');
    expect(decide(rules, 'git -C . status').verdict).toBe('none');
    expect(decide(rules, 'git --version').verdict).toBe('none');
  });
});

describe('a command nested too deeply to parse', () => {
  it('is never allowed by a rule and asks with a deny rule (it used to throw a stack overflow)', () => {
    const deep = 'echo ' + '$('.repeat(5000) + 'rm x' + ')'.repeat(5000);
    expect(deep.length).toBeLessThan(MAX_RULE_COMMAND);
    const o = decide([rule('allow', 'echo'), ...denyRm], deep);
    expect([o.verdict, o.uncovered[0]?.reason]).toEqual(['ask', 'nested too deeply to check; a deny rule might apply']);
    expect(decide([rule('allow', 'echo')], deep).verdict).toBe('none');
  });
});

describe('a command longer than the rules check', () => {
  const long = 'echo ' + 'a'.repeat(MAX_RULE_COMMAND);
  it('asks when a deny or ask rule exists, is never allowed by a command rule, and says why', () => {
    const o = decide([rule('allow', 'echo'), ...denyRm], long);
    expect(o.verdict).toBe('ask');
    expect(o.uncovered[0].reason).toBe(
      `the command is ${long.length} characters long; rules check commands of at most ${MAX_RULE_COMMAND}`,
    );
    expect(decide([rule('allow', 'echo')], long).verdict).toBe('none');
    expect(decide([rule('allow', null)], long).verdict).toBe('allow');
    expect(decide([rule('allow', 'echo')], long.slice(0, MAX_RULE_COMMAND)).verdict).toBe('allow');
  });
});
