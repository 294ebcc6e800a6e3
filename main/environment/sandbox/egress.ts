// Who decides a sandboxed command's network request (issue 19): the egress proxy (proxy.ts) asks this gate about a
// host, naming the command by its tag (the exec_command call's id, carried in the proxy URL). The call that started
// the command attaches an asker for its tag (rules, else a person, through the session's approvals); a host is
// decided once per tag, concurrent requests share the answer. No asker (an untagged program, a command whose call
// is gone) = refused. Every refusal is recorded as a violation its call's tool card shows. Must not know the proxy's
// sockets or the approval store.
import type { EgressRequest, EgressVerdict } from './proxy.js';

export interface EgressViolation {
  /** the command's tag (its exec_command call id), when it had one */
  tag?: string;
  host: string;
  port: number;
  reason: string;
}

/** Answers whether `host` may be reached: true = allowed (by a rule or a person). */
export type DomainAsker = (host: string, port: number) => Promise<boolean>;

const MAX_VIOLATIONS = 200;

export class EgressGate {
  /** the proxy's port on the sandbox's loopback, once its forwarder runs */
  port: number | undefined;
  private readonly askers = new Map<string, DomainAsker>();
  private readonly answers = new Map<string, Promise<EgressVerdict>>();
  private violations: EgressViolation[] = [];
  /** tags whose call has returned (their commands may go on in the background) */
  private readonly ended = new Set<string>();

  /** Answers for `tag`'s requests until the returned function is called. */
  attach(tag: string, asker: DomainAsker): () => void {
    this.askers.set(tag, asker);
    return () => {
      if (this.askers.get(tag) === asker) this.askers.delete(tag);
      for (const k of [...this.answers.keys()]) if (k.startsWith(`${tag}\u0000`)) this.answers.delete(k);
    };
  }

  /** The proxy variables for a command tagged `tag` (none while the proxy is not running). */
  env(tag: string): Record<string, string> {
    if (this.port === undefined) return {};
    const url = `http://${encodeURIComponent(tag)}:floe@127.0.0.1:${this.port}`;
    const none = 'localhost,127.0.0.1,::1';
    return {
      HTTP_PROXY: url,
      HTTPS_PROXY: url,
      ALL_PROXY: url,
      http_proxy: url,
      https_proxy: url,
      all_proxy: url,
      NO_PROXY: none,
      no_proxy: none,
    };
  }

  decide(r: EgressRequest): Promise<EgressVerdict> {
    const key = `${r.tag ?? ''}\u0000${r.host}`;
    let p = this.answers.get(key);
    if (!p) {
      p = this.ask(r);
      this.answers.set(key, p);
    }
    return p.then((v) => {
      if (!v.allow) this.record({ ...(r.tag ? { tag: r.tag } : {}), host: r.host, port: r.port, reason: v.reason });
      return v;
    });
  }

  private async ask(r: EgressRequest): Promise<EgressVerdict> {
    const asker = r.tag ? this.askers.get(r.tag) : undefined;
    if (!asker)
      return {
        allow: false,
        reason: `${r.host} is not allowed: no tool call is waiting to ask about it (add a network rule to allow it)`,
      };
    let ok: boolean;
    try {
      ok = await asker(r.host, r.port);
    } catch {
      ok = false;
    }
    return ok ? { allow: true } : { allow: false, reason: `${r.host} is not allowed for commands (refused)` };
  }

  private record(v: EgressViolation): void {
    if (this.violations.some((o) => o.tag === v.tag && o.host === v.host)) return;
    this.violations.push(v);
    if (this.violations.length > MAX_VIOLATIONS) this.violations.shift();
  }

  /** `tag`'s call returned: what its command is refused from now on is handed to the next call (takeEnded). */
  callEnded(tag: string): void {
    this.ended.add(tag);
  }

  /** The refusals of commands whose call has returned (background commands), and forgets them. */
  takeEnded(): EgressViolation[] {
    const theirs = this.violations.filter((v) => v.tag !== undefined && this.ended.has(v.tag));
    this.violations = this.violations.filter((v) => !(v.tag !== undefined && this.ended.has(v.tag)));
    for (const t of [...this.ended]) if (!this.askers.has(t)) this.ended.delete(t);
    return theirs;
  }

  /** The refusals recorded for `tag` since the last call (and forgets them). */
  takeViolations(tag: string): EgressViolation[] {
    const mine = this.violations.filter((v) => v.tag === tag);
    this.violations = this.violations.filter((v) => v.tag !== tag);
    return mine;
  }
}
