// Subagent registry of one parent session: starts child sessions through the injected factory (the composition
// root decides agent, model and workspace), runs their rounds in the background, forwards their messages tagged
// with `origin`, routes their approvals to the parent's approver (queued while nobody is waiting), enforces the
// cap. Knows no engine module: a child is anything that satisfies `ChildSession`.
import { eventMsg, withOrigin } from '../../../shared/omni/builders.js';
import type { OmniMessage } from '../../../shared/omni/types.js';
import type { ApprovalAnswer, ApprovalRequest, ApproveFn } from '../../approval/types.js';
import { SUBAGENT_REFUSAL, chooseSubagentSlot } from './eviction.js';
import type { ChildRunResult, ChildSession, ChildSessionFactory } from './types.js';

interface PendingApproval {
  /** it arose while no parent call was waiting, so it waited for the next poll */
  deferred: boolean;
  req: ApprovalRequest;
  signal?: AbortSignal;
  resolve: (a: ApprovalAnswer) => void;
}

/** One waiting parent tool call (run_subagent or input_subagent window). */
interface Window {
  approve?: ApproveFn;
  signal: AbortSignal;
  wake: () => void;
}

export class Subagent<S extends ChildSession = ChildSession> {
  running = false;
  finishedAt?: number;
  result?: ChildRunResult;
  rounds = 0;
  /** the prompt of its first round (hosts title the child's session from it) */
  firstPrompt?: string;
  /** forwarded messages not yet handed to a parent tool call */
  outbox: OmniMessage[] = [];
  pending: PendingApproval[] = [];
  /** approvals that had waited for a parent window, answered through the current one */
  surfaced = 0;
  window?: Window;
  private roundDone?: Promise<void>;
  private ac?: AbortController;

  constructor(readonly session: S) {}

  get id(): string {
    return this.session.id;
  }

  startRound(prompt: string): void {
    this.firstPrompt ??= prompt;
    this.running = true;
    this.rounds++;
    this.result = undefined;
    this.finishedAt = undefined;
    const ac = new AbortController();
    this.ac = ac;
    const approve: ApproveFn = (req, signal) => this.askParent(req, signal);
    this.roundDone = (async () => {
      const gen = this.session.run(prompt, { approve, signal: ac.signal });
      let r = await gen.next();
      while (!r.done) {
        this.forward(withOrigin(r.value, this.id));
        r = await gen.next();
      }
      this.result = r.value;
    })()
      .catch((e) => {
        this.result = { status: 'failed', errorMessage: e instanceof Error ? e.message : String(e) };
      })
      .finally(() => {
        this.running = false;
        this.finishedAt = Date.now();
        this.window?.wake();
      });
  }

  abortRound(reason: string): void {
    this.ac?.abort(new Error(reason));
  }

  private forward(m: OmniMessage): void {
    this.outbox.push(m);
    this.window?.wake();
  }

  /** A child's approval: straight to the waiting parent call's approver, else queued for the next poll. */
  private askParent(req: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalAnswer> {
    const tagged: ApprovalRequest = {
      ...req,
      call: req.call.origin?.length ? req.call : withOrigin(req.call, this.id),
      origin: [this.id, ...(req.origin ?? [])],
    };
    return new Promise((resolve) => {
      this.pending.push({ deferred: !this.window, req: tagged, signal, resolve });
      this.window?.wake();
    });
  }

  /**
   * Wait up to `ms` for the current round, forwarding messages and approvals through the parent call.
   * Yields forwarded messages; returns whether the round is finished.
   */
  async *wait(ms: number, approve: ApproveFn | undefined, signal: AbortSignal): AsyncGenerator<OmniMessage, boolean> {
    const deadline = Date.now() + ms;
    let wake!: () => void;
    let woken = new Promise<void>((r) => (wake = r));
    const window: Window = { approve, signal, wake: () => wake() };
    this.window = window;
    this.surfaced = 0;
    const onAbort = () => wake();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      for (;;) {
        while (this.outbox.length) yield this.outbox.shift()!;
        while (this.pending.length) {
          const p = this.pending.shift()!;
          let answer: ApprovalAnswer;
          try {
            const a = approve ? await approve(p.req, p.signal ?? signal) : 'deny';
            answer = typeof a === 'string' ? { decision: a } : a;
          } catch {
            answer = { decision: 'deny' };
          }
          p.resolve(answer);
          if (p.deferred) this.surfaced++;
          while (this.outbox.length) yield this.outbox.shift()!;
        }
        if (!this.running || signal.aborted) break;
        const left = deadline - Date.now();
        if (left <= 0) break;
        let t: NodeJS.Timeout | undefined;
        await Promise.race([woken, new Promise<void>((r) => (t = setTimeout(r, left)))]);
        clearTimeout(t);
        woken = new Promise<void>((r) => (wake = r));
      }
      while (this.outbox.length) yield this.outbox.shift()!;
      return !this.running;
    } finally {
      signal.removeEventListener('abort', onAbort);
      if (this.window === window) this.window = undefined;
    }
  }

  async dispose(): Promise<void> {
    this.abortRound('parent session disposed');
    for (const p of this.pending.splice(0)) p.resolve({ decision: 'deny' });
    await this.roundDone?.catch(() => {});
    await this.session.dispose();
  }
}

export class SubagentManager<S extends ChildSession = ChildSession> {
  private children = new Map<string, Subagent<S>>();

  constructor(private readonly newChild: ChildSessionFactory<S>) {}

  get(id: string): Subagent<S> | undefined {
    return this.children.get(id);
  }

  list(): Subagent<S>[] {
    return [...this.children.values()];
  }

  /** spawns between their room check and their registration (they count as running) */
  private reserved = 0;

  /** Reserve room (evicting a finished child if needed) or return the refusal text. */
  private async makeRoom(): Promise<string | undefined> {
    const slots = this.list().map((c) => ({ id: c.id, running: c.running, finishedAt: c.finishedAt }));
    for (let i = 0; i < this.reserved; i++) slots.push({ id: `reserved-${i}`, running: true, finishedAt: undefined });
    const decision = chooseSubagentSlot(slots);
    if (decision.kind === 'refuse') return SUBAGENT_REFUSAL;
    if (decision.kind === 'evict') {
      const c = this.children.get(decision.id)!;
      this.children.delete(decision.id);
      void c.dispose();
    }
    return undefined;
  }

  async spawn(o: {
    prompt: string;
    agentId?: string;
    modelId?: string;
  }): Promise<{ child: Subagent<S>; pointer: OmniMessage } | { error: string }> {
    const refusal = await this.makeRoom();
    if (refusal) return { error: refusal };
    this.reserved++;
    try {
      const session = await this.newChild({ agentId: o.agentId, modelId: o.modelId });
      const child = new Subagent(session);
      this.children.set(child.id, child);
      child.startRound(o.prompt);
      return { child, pointer: eventMsg({ type: 'subagent', session_id: child.id }) };
    } finally {
      this.reserved--;
    }
  }

  abortAll(reason: string): void {
    for (const c of this.children.values()) c.abortRound(reason);
  }

  async disposeAll(): Promise<void> {
    const all = this.list();
    this.children.clear();
    await Promise.all(all.map((c) => c.dispose()));
  }
}
