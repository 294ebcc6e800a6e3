// Issue 22 + 13: the turns of a session in its own worktree, as the review panel reads them — checkpoints.list and
// checkpoints.changes naming the session read its worktree's checkpoints (where its turns are snapshotted), list the
// files its turn changed with their diffs, and a restore puts them back in the worktree, never in the checkout.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Result } from '../../shared/api.js';
import { createHost } from '../../main/host/index.js';
import { startModelServer } from '../fixtures/model-server.js';
import { tempHome } from '../helpers/cli.js';
import { fingerprint, gitIn, writeFiles } from '../helpers/git-repo.js';
import { ok, runToEnd } from '../helpers/host.js';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

describe('checkpoints of a session in its own worktree', () => {
  it("lists the files its turn changed (from its worktree) and restores them there, the user's checkout untouched", async () => {
    const cmd = "printf 'alpha by the session\\n' > a.txt && printf 'new\\n' > added.txt && rm gone.txt";
    const server = await startModelServer([
      { reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd }, id: 'c1' }] } },
      { reply: { text: 'done' } },
    ]);
    cleanups.push(() => server.close());
    const env = tempHome({ baseUrl: server.openaiBaseUrl, systemConfig: 'system_prompt: test agent\n' });
    cleanups.push(() => env.cleanup());
    const h = createHost({ home: env.home, mode: 'web', retrySchedule: [10, 10, 10] });
    cleanups.push(() => h.dispose());
    const ws = env.workspace;
    writeFiles(ws, { 'a.txt': 'alpha\n', 'gone.txt': 'to be removed\n', 'keep.txt': 'kept\n' });
    gitIn(ws, 'init', '-q', '-b', 'main');
    gitIn(ws, 'add', '-A');
    gitIn(ws, 'commit', '-qm', 'first');
    const checkout = fingerprint(ws);

    const p = await ok(h, 'projects.add', { path: ws });
    const s = await ok(h, 'sessions.create', { projectId: p.id, approvalMode: 'allow-all', worktree: true });
    expect(s.workspace).not.toBe(ws);
    expect(await runToEnd(h, s.id, 'change the files')).toBe('completed');
    expect(fs.readFileSync(path.join(s.workspace, 'a.txt'), 'utf8')).toBe('alpha by the session\n');

    const entries = await ok(h, 'checkpoints.list', { projectId: p.id, sessionId: s.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'turn', sessionId: s.id, title: 'change the files' });
    const changes = await ok<Result<'checkpoints.changes'>>(h, 'checkpoints.changes', {
      projectId: p.id,
      checkpointId: entries[0].id,
      sessionId: s.id,
    });
    expect(changes.files).toEqual([
      { path: 'a.txt', status: 'modified' },
      { path: 'added.txt', status: 'added' },
      { path: 'gone.txt', status: 'deleted' },
    ]);
    expect(changes.diffs.find((d) => d.path === 'a.txt')!.hunks.map((x) => x.lines)).toEqual([
      ['-alpha', '+alpha by the session'],
    ]);
    // the project folder itself had no turn: without a session the call reads the checkout's (empty) history
    expect(await ok(h, 'checkpoints.list', { projectId: p.id })).toEqual([]);

    await ok(h, 'checkpoints.restore', {
      projectId: p.id,
      checkpointId: entries[0].id,
      sessionId: s.id,
      paths: ['a.txt'],
    });
    expect(fs.readFileSync(path.join(s.workspace, 'a.txt'), 'utf8')).toBe('alpha\n');
    expect(fs.existsSync(path.join(s.workspace, 'added.txt'))).toBe(true);
    expect(fingerprint(ws)).toEqual(checkout);
  });
});
