// The chat store's "New session" / send ordering against a fake Api whose sessions.create answers only when the
// test says so: a prompt sent while the new session is being created goes to the new session, never to the one
// still on screen; if creating fails, the prompt is sent nowhere and the error names it.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Api, ApiSession, Envelope } from '../../../shared/api.js';
import { setApi } from '../../../renderer/src/api/client.js';
import { useChat } from '../../../renderer/src/features/chat/store.js';
import { emptyTranscript } from '../../../renderer/src/features/chat/transcript.js';

const session = (id: string): ApiSession => ({
  id,
  projectId: 'p1',
  agent: 'default',
  model: 'local/m',
  title: '',
  approvalMode: 'always-ask',
  status: 'idle',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  tokens: { cache_read: 0, cache_write: 0, output: 0, total: 0 },
  source: 'desktop',
  parentSessionId: null,
  workspace: '/w',
});

interface Fake {
  calls: { method: string; params: any }[];
  /** answers the pending sessions.create */
  finishCreate(r: Envelope<unknown>): void;
}

function fakeApi(): Fake {
  const calls: Fake['calls'] = [];
  let answer: ((r: Envelope<unknown>) => void) | null = null;
  const api: Api = {
    call: ((method: string, params: any) => {
      calls.push({ method, params });
      if (method === 'sessions.create') return new Promise<Envelope<unknown>>((r) => (answer = r));
      if (method === 'sessions.run') return Promise.resolve({ ok: true, value: { started: true } });
      return Promise.resolve({ ok: true, value: [] });
    }) as Api['call'],
    on: () => () => undefined,
  };
  setApi(api);
  return {
    calls,
    finishCreate(r) {
      if (!answer) throw new Error('sessions.create was not called');
      answer(r);
    },
  };
}

beforeEach(() => {
  useChat.setState({
    projectId: 'p1',
    sessions: [session('old')],
    currentId: 'old',
    transcripts: { old: emptyTranscript() },
    loading: {},
    status: { old: { status: 'idle' } },
    error: null,
    creating: null,
  });
});

describe('chat store: New session then send', () => {
  it('a prompt sent before the new session exists waits for it and goes there, not to the shown one', async () => {
    const api = fakeApi();
    const created = useChat.getState().createSession({});
    const sent = useChat.getState().send('first words for the new session');
    await Promise.resolve();
    expect(api.calls.filter((c) => c.method === 'sessions.run')).toEqual([]);
    api.finishCreate({ ok: true, value: session('new') });
    await Promise.all([created, sent]);
    const runs = api.calls.filter((c) => c.method === 'sessions.run');
    expect(runs.map((c) => c.params)).toEqual([{ sessionId: 'new', prompt: 'first words for the new session' }]);
    expect(useChat.getState().currentId).toBe('new');
    expect(useChat.getState().status.old).toEqual({ status: 'idle' });
    expect(useChat.getState().creating).toBe(null);
  });

  it('if the new session cannot be created the prompt is sent nowhere and the error quotes it', async () => {
    const api = fakeApi();
    const created = useChat.getState().createSession({});
    const sent = useChat.getState().send('lost words');
    api.finishCreate({ ok: false, error: { code: 'bad_request', message: 'No model is configured.' } });
    expect(await created).toBe(null);
    await sent;
    expect(api.calls.some((c) => c.method === 'sessions.run' || c.method === 'sessions.steer')).toBe(false);
    expect(useChat.getState().currentId).toBe('old');
    expect(useChat.getState().error).toBe('No model is configured. Your prompt was not sent: lost words');
  });

  it('a second New session while one is starting creates nothing more', async () => {
    const api = fakeApi();
    const first = useChat.getState().createSession({});
    const second = useChat.getState().createSession({});
    api.finishCreate({ ok: true, value: session('new') });
    expect((await first)?.id).toBe('new');
    expect((await second)?.id).toBe('new');
    expect(api.calls.filter((c) => c.method === 'sessions.create')).toHaveLength(1);
  });

  it('with no creation in flight, send goes to the shown session', async () => {
    const api = fakeApi();
    await useChat.getState().send('to the old one');
    expect(api.calls.map((c) => [c.method, c.params.sessionId])).toEqual([['sessions.run', 'old']]);
  });
});

describe('queued steering messages (issue 25)', () => {
  it('a delivered user message takes its queued steer off the list, the first match only', async () => {
    const { withoutDelivered } = await import('../../../renderer/src/features/chat/store.js');
    const q = [
      { steerId: 's1', text: 'check the tests' },
      { steerId: 's2', text: 'also lint' },
      { steerId: 's3', text: 'check the tests' },
    ];
    expect(withoutDelivered(q, 'also lint').map((x) => x.steerId)).toEqual(['s1', 's3']);
    expect(withoutDelivered(q, 'check the tests').map((x) => x.steerId)).toEqual(['s2', 's3']);
    // a prompt with images carries extra lines after the typed text
    expect(withoutDelivered(q, 'also lint\n[image: a.png]').map((x) => x.steerId)).toEqual(['s1', 's3']);
    expect(withoutDelivered(q, 'something else')).toBe(q);
  });
});
