// Network rules (issue 19): a domain pattern is checked and stored in lower case, matches its host (or its
// subdomains with *.), deny wins over ask over allow, a glob over tool names never opens the network, and a domain
// no rule covers asks in auto with the domain offered as the rule to add.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../../../main/approval/shell-parser.js';
import { approvalStep } from '../../../main/approval/decide.js';
import { checkDomainPattern, decideDomain, domainMatches } from '../../../main/approval/domain-rules.js';
import { RuleInputError, validateRule, type Rule } from '../../../main/approval/rules.js';

let n = 0;
const rule = (action: Rule['action'], pattern: string | null, tool = 'network'): Rule => ({
  id: `rule-${++n}`,
  action,
  scope: 'project',
  scopeKey: '/p',
  tool,
  pattern,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const ask = (domain: string) => ({
  toolName: 'network',
  permission: 'rw' as const,
  arguments: JSON.stringify({ domain, port: 443 }),
});

// deciding by rules parses commands: the parser loads on the first decision (shell-parser.ts)
beforeAll(loadShellParser);

describe('domain patterns', () => {
  it('a host matches itself only; *. matches subdomains, not the domain itself', () => {
    expect(domainMatches('registry.npmjs.org', 'Registry.NPMJS.org')).toBe(true);
    expect(domainMatches('registry.npmjs.org', 'evil-registry.npmjs.org')).toBe(false);
    expect(domainMatches('registry.npmjs.org', 'registry.npmjs.org.evil.com')).toBe(false);
    expect(domainMatches('*.github.com', 'api.github.com')).toBe(true);
    expect(domainMatches('*.github.com', 'a.b.github.com')).toBe(true);
    expect(domainMatches('*.github.com', 'github.com')).toBe(false);
    expect(domainMatches('*.github.com', 'evilgithub.com')).toBe(false);
  });

  it('bad patterns get a clear error; good ones are lower-cased', () => {
    expect(checkDomainPattern('Registry.NPMJS.org.')).toEqual({ ok: true, pattern: 'registry.npmjs.org' });
    for (const [bad, why] of [
      ['', /empty/],
      ['*', /\*\. needs|only stand first|not a host/],
      ['a*.b.com', /only stand first/],
      ['1.2.3.4', /IP addresses/],
      ['[::1]', /IP addresses/],
      ['exa mple.com', /not a host name/],
      ['*.com', /two labels/],
    ] as const) {
      const r = checkDomainPattern(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error).toMatch(why);
    }
  });

  it('validateRule stores network rules checked, and refuses a bad domain', () => {
    const r = validateRule({ action: 'allow', scope: 'project', scopeKey: '/p', tool: 'Network', pattern: 'X.Org' });
    expect(r).toMatchObject({ tool: 'network', pattern: 'x.org' });
    expect(() =>
      validateRule({ action: 'allow', scope: 'global', scopeKey: '', tool: 'network', pattern: '10.0.0.1' }),
    ).toThrow(RuleInputError);
  });
});

describe('deciding a domain', () => {
  it('deny wins, then ask, then allow; a null pattern covers every domain', () => {
    const allow = rule('allow', 'registry.npmjs.org');
    const denyAll = rule('deny', '*.npmjs.org');
    expect(decideDomain([allow], 'registry.npmjs.org')).toMatchObject({ verdict: 'allow', rules: [allow] });
    expect(decideDomain([allow, denyAll], 'registry.npmjs.org')).toMatchObject({ verdict: 'deny' });
    const askR = rule('ask', null);
    expect(decideDomain([allow, askR], 'registry.npmjs.org')).toMatchObject({ verdict: 'ask', rules: [askR] });
    expect(decideDomain([rule('allow', null)], 'anything.example')).toMatchObject({ verdict: 'allow' });
  });

  it('rules of other tools never decide a domain, globs over tool names included', () => {
    const rules = [rule('allow', null, '*'), rule('allow', null, 'exec_command'), rule('allow', null, 'net*')];
    expect(decideDomain(rules, 'example.com').verdict).toBe('none');
  });

  it('through approvalStep: an allowed domain passes in auto; an unknown one asks with the domain to allow', () => {
    const allow = rule('allow', 'registry.npmjs.org');
    expect(approvalStep('auto', ask('registry.npmjs.org'), [allow])).toMatchObject({
      kind: 'decided',
      decision: 'allow',
      decidedBy: 'rule',
    });
    expect(approvalStep('auto', ask('evil.example.com'), [allow])).toEqual({
      kind: 'ask',
      uncovered: [
        { text: 'evil.example.com', reason: 'no network rule allows this domain', suggestion: 'evil.example.com' },
      ],
    });
    // a whole-tool allow of every tool does not open the network; allow-all does (it allows everything)
    expect(approvalStep('auto', ask('x.example'), [rule('allow', null, '*')]).kind).toBe('ask');
    expect(approvalStep('allow-all', ask('x.example'), [])).toMatchObject({ kind: 'decided', decision: 'allow' });
    expect(approvalStep('allow-all', ask('x.example'), [rule('deny', 'x.example')])).toMatchObject({
      decision: 'deny',
    });
  });
});
