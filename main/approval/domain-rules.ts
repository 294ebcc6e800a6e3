// Network rules (issue 19): a rule for the pseudo tool `network` names a domain a sandboxed command may (allow),
// may not (deny) or must ask to (ask) reach through the session's proxy: `registry.npmjs.org` is that host only,
// `*.npmjs.org` its subdomains (not npmjs.org itself). Only rules whose tool is exactly `network` apply: a glob over
// tool names (`*`) never opens the network. Deny wins, then ask, then allow; no rule = the approval mode decides
// (asking in auto). Pure.
import type { Rule } from './rule.js';

/** The tool name of network rules and of the approval requests the proxy makes. */
export const NETWORK_TOOL = 'network';

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** A domain pattern as stored (lower case), or an error saying what is wrong. */
export function checkDomainPattern(raw: string): { ok: true; pattern: string } | { ok: false; error: string } {
  const p = raw.trim().toLowerCase().replace(/\.$/, '');
  const bad = (why: string) => ({
    ok: false as const,
    error: `network rule "${raw}": ${why}; write a host name such as registry.npmjs.org or *.github.com`,
  });
  if (!p) return bad('the domain is empty');
  const host = p.startsWith('*.') ? p.slice(2) : p;
  if (host.includes('*')) return bad('a * may only stand first, as *.');
  if (/^[\d.]+$/.test(host) || host.includes(':')) return bad('IP addresses are never reached through the proxy');
  const labels = host.split('.');
  if (labels.length < 2 && p.startsWith('*.')) return bad('*. needs a domain of two labels or more after it');
  if (host.length > 253 || !labels.every((l) => LABEL.test(l))) return bad('that is not a host name');
  return { ok: true, pattern: p };
}

/** Whether a domain pattern covers `host` (case-insensitive). */
export function domainMatches(pattern: string, host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  const p = pattern.toLowerCase();
  return p.startsWith('*.') ? h.endsWith(p.slice(1)) && h.length > p.length - 1 : h === p;
}

/** The host an approval request of the network tool names (its arguments' `domain`), or null. */
export function domainOf(argumentsJson: string): string | null {
  try {
    const v: unknown = JSON.parse(argumentsJson);
    const d = v && typeof v === 'object' ? (v as { domain?: unknown }).domain : undefined;
    return typeof d === 'string' && d ? d : null;
  } catch {
    return null;
  }
}

export interface DomainOutcome {
  verdict: 'allow' | 'deny' | 'ask' | 'none';
  rules: Rule[];
  /** for the approval card: the host, and the rule a person could add */
  uncovered: { text: string; reason: string; suggestion?: string }[];
}

/** The network rules' verdict on reaching `host`. */
export function decideDomain(rules: readonly Rule[], host: string | null): DomainOutcome {
  const mine = rules.filter((r) => r.tool.toLowerCase() === NETWORK_TOOL);
  const hits = (a: Rule['action']) =>
    mine.filter((r) => r.action === a && (r.pattern === null || (host !== null && domainMatches(r.pattern, host))));
  for (const a of ['deny', 'ask', 'allow'] as const) {
    const h = hits(a);
    if (h.length) return { verdict: a, rules: [h[0]], uncovered: [] };
  }
  const suggestion = host && checkDomainPattern(host).ok ? { suggestion: host.toLowerCase() } : {};
  return {
    verdict: 'none',
    rules: [],
    uncovered: host ? [{ text: host, reason: 'no network rule allows this domain', ...suggestion }] : [],
  };
}
