// The checkpoints store asks the host for a turn's changed files with the session named, so a session in its own
// worktree (issue 22) gets its worktree's checkpoints, not the project folder's (which list nothing of its turns).
import { describe, expect, it } from 'vitest';
import type { Api, ApiCheckpoint } from '../../../shared/api.js';
import { setApi } from '../../../renderer/src/api/client.js';
import { useCheckpoints } from '../../../renderer/src/features/checkpoints/store.js';

const turn = { id: 'c0ffee01', endId: 'c0ffee02', kind: 'turn', sessionId: 's1', title: 'change' } as ApiCheckpoint;

describe('checkpoints store', () => {
  it("names the session when it asks for a turn's changed files", async () => {
    const calls: { method: string; params: any }[] = [];
    const api: Api = {
      call: ((method: string, params: any) => {
        calls.push({ method, params });
        if (method === 'checkpoints.list') return Promise.resolve({ ok: true, value: [turn] });
        return Promise.resolve({
          ok: true,
          value: { files: [{ path: 'a.txt', status: 'modified' }], diffs: [], truncated: false },
        });
      }) as Api['call'],
      on: () => () => undefined,
    };
    setApi(api);
    await useCheckpoints.getState().load('p1', 's1');
    expect(calls).toEqual([
      { method: 'checkpoints.list', params: { projectId: 'p1', sessionId: 's1' } },
      { method: 'checkpoints.changes', params: { projectId: 'p1', checkpointId: 'c0ffee01', sessionId: 's1' } },
    ]);
    expect(useCheckpoints.getState().notice).toBeNull();
    expect(Object.keys(useCheckpoints.getState().bySession.s1!.changes)).toEqual(['c0ffee01']);
  });
});
