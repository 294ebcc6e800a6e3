// What an abort leaves in the trace (issue 14): Ctrl-C during a model request closes its request_begin with a
// request_end of status `aborted`; denials caused by an abort say who decided (`human`); a failing approver's
// denial is the harness's (`mode`). Agent loop against an in-memory model client.
import { describe, expect, it } from 'vitest';
import { settle, tick, useFakeClock } from '../../helpers/fake-clock.js';
import { AgentSession } from '../../../main/engine/session.js';
import { Toolset } from '../../../main/environment/toolset.js';
import type { Tool } from '../../../main/environment/types.js';
import type { ModelClient } from '../../../main/llm/types.js';
import { toolCall, zeroTokens } from '../../../shared/omni/builders.js';
import type { OmniMessage } from '../../../shared/omni/types.js';

const model = (first: 'hang' | OmniMessage[]): ModelClient => ({
  model: { provider: 'fake', protocol: 'openai', baseUrl: 'http://x', id: 'm', vision: false, contextWindow: 1000 },
  async *stream(req) {
    if (first === 'hang') {
      await new Promise<void>((r) => req.signal?.addEventListener('abort', () => r(), { once: true }));
      return { stopReason: 'aborted', usage: zeroTokens() };
    }
    for (const m of first) yield m;
    first = 'hang';
    return { stopReason: 'completed', usage: zeroTokens() };
  },
});

const tool: Tool = {
  definition: { name: 'x', description: 'x', parameters: { type: 'object', properties: {} }, permission: 'rw' },
  async *execute() {
    yield 'ran';
  },
} as never;

function session(client: ModelClient, traced: OmniMessage[]) {
  return new AgentSession({
    id: 's1',
    workspace: '/tmp',
    model: client,
    systemPrompt: 'sys',
    tools: async () => new Toolset([tool]),
    trace: { append: (m: OmniMessage) => (traced.push(m), 0) },
  } as never);
}

const kinds = (ms: OmniMessage[]) =>
  ms.filter((m) => m.type === 'event_msg').map((m) => (m.payload as { type: string }).type);
const payloadsOf = (ms: OmniMessage[], t: string) => ms.map((m) => m.payload as any).filter((p) => p.type === t);

async function drain(gen: AsyncGenerator<OmniMessage, { status: string }>): Promise<{ status: string }> {
  for (;;) {
    const r = await gen.next();
    if (r.done) return r.value;
  }
}

describe('abort records', () => {
  // aborts are scheduled on the fake clock: nothing here waits on real time
  useFakeClock();

  it('Ctrl-C during a model request: the abort, and request_begin closed by a request_end aborted', async () => {
    const traced: OmniMessage[] = [];
    const ac = new AbortController();
    const s = session(model('hang'), traced);
    const done = drain(s.run('go', { signal: ac.signal }));
    await tick(50);
    ac.abort(new Error('interrupted by user (Ctrl-C)'));
    expect((await settle(done)).status).toBe('aborted');
    expect(kinds(traced).slice(-3)).toEqual(['request_begin', 'abort', 'request_end']);
    expect(payloadsOf(traced, 'request_end')).toEqual([{ type: 'request_end', status: 'aborted' }]);
  });

  it("an abort while an approval is pending denies it as the human's decision", async () => {
    const traced: OmniMessage[] = [];
    const ac = new AbortController();
    const s = session(model([toolCall('x', '{}', 'a')]), traced);
    const done = drain(
      s.run('go', {
        signal: ac.signal,
        approve: () => {
          setTimeout(() => ac.abort(new Error('aborted by user')), 20);
          return new Promise(() => {}); // nobody answers
        },
      }),
    );
    expect((await settle(done)).status).toBe('aborted');
    expect(payloadsOf(traced, 'approval_decision')).toEqual([
      { type: 'approval_decision', decision: 'deny', tool_call_id: 'a', tool_name: 'x', decided_by: 'human' },
    ]);
  });

  it('an approver that fails is a denial by the harness (mode), not by a person', async () => {
    const traced: OmniMessage[] = [];
    const s = session(model([toolCall('x', '{}', 'a')]), traced);
    const ac = new AbortController();
    const done = drain(
      s.run('go', {
        signal: ac.signal,
        approve: async () => {
          setTimeout(() => ac.abort(), 50); // the next request hangs: end the task once the decision is recorded
          throw new Error('ui crashed');
        },
      }),
    );
    await settle(done);
    expect(payloadsOf(traced, 'approval_decision').map((p) => p.decided_by)).toEqual(['mode']);
  });
});
