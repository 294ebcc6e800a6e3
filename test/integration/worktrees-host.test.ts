// Issue 22 acceptance through the host API: four sessions on one real git repository, each in its own worktree
// (created at once, set up with .worktreeinclude, a linked node_modules, the conductor.json setup and a port block),
// run at the same time against the scripted model server, each changing files through exec_command (real pty).
// The user's checkout is untouched until the first merge; review comments reach the session; three merge cleanly
// in sequence; the fourth's overlap with the first is detected before any merge and its conflict before its merge
// (nothing changes, the conflict is offered to the session); after removal and cleanup no worktree is left.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHost, type HostService } from '../../main/host/index.js';
import { startModelServer, type RecordedRequest, type ScriptStep } from '../fixtures/model-server.js';
import { tempHome } from '../helpers/cli.js';
import { checkoutState, fingerprint, gitIn, writeFiles } from '../helpers/git-repo.js';
import { ok, until } from '../helpers/host.js';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

const exec = (cmd: string, id: string): ScriptStep => ({
  reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd }, id }] },
});

/** What each session's first prompt makes it do: `task-<k>` → its command. */
const TASKS: Record<string, string> = {
  A: `printf 'alpha by A on port %s\\n' "$FLOE_PORT_BASE" > a.txt && printf 'new\\n' > added-by-a.txt`,
  B: `printf 'bravo by B\\n' > b.txt`,
  C: `printf 'charlie by C\\n' > c.txt && rm gone.txt`,
  D: `printf 'alpha by D\\n' > a.txt`,
};

/** The last message of a request, as text. */
function lastMessage(req: RecordedRequest): { role: string; text: string } {
  const msgs = req.body.messages as { role: string; content: unknown }[];
  const m = msgs[msgs.length - 1];
  return { role: m.role, text: typeof m.content === 'string' ? m.content : JSON.stringify(m.content) };
}

function script(req: RecordedRequest): ScriptStep {
  const last = lastMessage(req);
  if (last.role === 'tool') return { reply: { text: 'done' } };
  const task = /task-([A-D])/.exec(last.text);
  // each task holds its reply a little so all four are running at once
  if (task)
    return {
      ...exec(TASKS[task[1]], `call_${task[1]}`),
      reply: { ...(exec(TASKS[task[1]], `call_${task[1]}`) as any).reply, delayMs: 300 },
    };
  if (last.text.includes('Review of your changes')) return exec(`printf 'BRAVO by B\\n' > b.txt`, 'call_review');
  return { reply: { text: 'understood' } };
}

async function setup(): Promise<{ h: HostService; ws: string; home: string; requests: RecordedRequest[] }> {
  const server = await startModelServer({ next: script });
  cleanups.push(() => server.close());
  const env = tempHome({ baseUrl: server.openaiBaseUrl, systemConfig: 'system_prompt: test agent\n' });
  cleanups.push(() => env.cleanup());
  const h = createHost({ home: env.home, mode: 'web', retrySchedule: [10, 10, 10] });
  cleanups.push(() => h.dispose());
  return { h, ws: env.workspace, home: env.home, requests: server.requests };
}

function statusOf(h: HostService, sessionId: string): Promise<string> {
  return until(h, (e, p) => e === 'session.status' && p.sessionId === sessionId && p.status !== 'running', 30_000).then(
    (p) => p.status,
  );
}

describe('sessions in their own worktrees (host API)', () => {
  it('four at once: checkout untouched until a merge, three merge in sequence, the overlap of the fourth is caught before its merge, nothing left after cleanup', async () => {
    const { h, ws, home, requests } = await setup();
    writeFiles(ws, {
      'a.txt': 'alpha\n',
      'b.txt': 'bravo\n',
      'c.txt': 'charlie\n',
      'gone.txt': 'to be removed\n',
      '.gitignore': '.env\nnode_modules/\nsetup-port.txt\n',
      '.worktreeinclude': '.env\n',
      'conductor.json': JSON.stringify({ scripts: { setup: 'printf "%s" "$CONDUCTOR_PORT" > setup-port.txt' } }),
      '.env': 'SECRET=1\n',
      'node_modules/dep/index.js': 'module.exports = 1;\n',
    });
    gitIn(ws, 'init', '-q', '-b', 'main');
    gitIn(ws, 'add', '-A');
    gitIn(ws, 'commit', '-qm', 'first');
    const filesBefore = fingerprint(ws);
    const stateBefore = checkoutState(ws);

    const p = await ok(h, 'projects.add', { path: ws });
    expect(await ok(h, 'worktrees.available', { projectId: p.id })).toEqual({ git: true, branch: 'main' });
    const names = ['A', 'B', 'C', 'D'];
    const sessions = await Promise.all(
      names.map((k) =>
        ok(h, 'sessions.create', { projectId: p.id, approvalMode: 'allow-all', worktree: true, title: `task ${k}` }),
      ),
    );
    const byName = Object.fromEntries(names.map((k, i) => [k, sessions[i]]));
    const list = await ok(h, 'worktrees.list', { projectId: p.id });
    expect(list).toHaveLength(4);
    const wt = Object.fromEntries(names.map((k) => [k, list.find((w: any) => w.sessionId === byName[k].id)]));
    for (const k of names) {
      expect(byName[k].workspace).toBe(wt[k].path);
      expect(wt[k].path.startsWith(path.join(home, 'worktrees') + path.sep)).toBe(true);
      expect(wt[k]).toMatchObject({ base: 'main', state: 'active', removed: false });
      // setup: .env copied, node_modules linked (not copied), the conductor.json setup ran with the port block
      expect(fs.readFileSync(path.join(wt[k].path, '.env'), 'utf8')).toBe('SECRET=1\n');
      expect(fs.lstatSync(path.join(wt[k].path, 'node_modules/dep')).isSymbolicLink()).toBe(true);
      expect(fs.realpathSync(path.join(wt[k].path, 'node_modules/dep'))).toBe(
        fs.realpathSync(path.join(ws, 'node_modules/dep')),
      );
      expect(fs.readFileSync(path.join(wt[k].path, 'setup-port.txt'), 'utf8')).toBe(String(wt[k].portBase));
    }
    expect(new Set(list.map((w: any) => w.portBase)).size).toBe(4);
    expect(new Set(list.map((w: any) => w.branch)).size).toBe(4);

    // all four run at once
    const ends = names.map((k) => statusOf(h, byName[k].id));
    await Promise.all(names.map((k) => ok(h, 'sessions.run', { sessionId: byName[k].id, prompt: `task-${k}` })));
    const running = await Promise.all(names.map((k) => ok(h, 'sessions.get', { sessionId: byName[k].id })));
    expect(running.map((s) => s.status)).toEqual(['running', 'running', 'running', 'running']);
    expect(await Promise.all(ends)).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(fs.readFileSync(path.join(wt.A.path, 'a.txt'), 'utf8')).toBe(`alpha by A on port ${wt.A.portBase}\n`);
    expect(fingerprint(ws)).toEqual(filesBefore);
    expect(checkoutState(ws)).toEqual(stateBefore);

    // the diff per file against the base
    const diffA = await ok(h, 'worktrees.diff', { sessionId: byName.A.id });
    expect(diffA.files).toEqual([
      { path: 'a.txt', status: 'modified', additions: 1, deletions: 1 },
      { path: 'added-by-a.txt', status: 'added', additions: 1, deletions: 0 },
    ]);
    expect(diffA.patch).toContain('-alpha\n+alpha by A');
    const oneFile = await ok(h, 'worktrees.diff', { sessionId: byName.A.id, file: 'added-by-a.txt' });
    expect(oneFile.patch).toContain('+new');
    expect(oneFile.patch).not.toContain('a/a.txt');

    // D's overlap with A is known before anything is merged (no conflict with the base yet)
    const checkD = await ok(h, 'worktrees.check', { sessionId: byName.D.id });
    expect(checkD.overlaps).toEqual([{ path: 'a.txt', with: [byName.A.id] }]);
    expect(checkD.conflicts).toEqual([]);

    // a review comment goes back to B as its next prompt, and B acts on it
    const doneB = statusOf(h, byName.B.id);
    expect(
      await ok(h, 'worktrees.comment', {
        sessionId: byName.B.id,
        comments: [{ path: 'b.txt', line: 1, text: 'use capitals' }],
      }),
    ).toEqual({ sent: 'run' });
    expect(await doneB).toBe('completed');
    expect(requests.some((r) => lastMessage(r).text.includes('b.txt:1: use capitals'))).toBe(true);
    const diffB = await ok(h, 'worktrees.diff', { sessionId: byName.B.id, file: 'b.txt' });
    expect(diffB.patch).toContain('-bravo\n+BRAVO by B\n');
    expect(fingerprint(ws)).toEqual(filesBefore);

    // three merge cleanly in sequence; each lands in the user's checkout
    for (const k of ['A', 'B', 'C']) {
      const m = await ok(h, 'worktrees.merge', { sessionId: byName[k].id });
      expect(m).toMatchObject({ status: 'merged', removed: true });
    }
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe(`alpha by A on port ${wt.A.portBase}\n`);
    expect(fs.readFileSync(path.join(ws, 'b.txt'), 'utf8')).toBe('BRAVO by B\n');
    expect(fs.readFileSync(path.join(ws, 'c.txt'), 'utf8')).toBe('charlie by C\n');
    expect(fs.existsSync(path.join(ws, 'gone.txt'))).toBe(false);
    expect(gitIn(ws, 'status', '--porcelain')).toBe('');
    expect(gitIn(ws, 'log', '--format=%s', 'main').trim().split('\n')).toEqual([
      `task C (Floe session ${byName.C.id})`,
      `task B (Floe session ${byName.B.id})`,
      `task A (Floe session ${byName.A.id})`,
      'first',
    ]);

    // the fourth: overlap with the base and the conflict are reported before its merge; the merge changes nothing
    const before = [fingerprint(ws), checkoutState(ws)];
    const check2 = await ok(h, 'worktrees.check', { sessionId: byName.D.id });
    expect(check2.overlaps).toEqual([{ path: 'a.txt', with: ['base'] }]);
    expect(check2.conflicts).toEqual(['a.txt']);
    expect(check2.baseAhead).toBe(3);
    const offeredRun = statusOf(h, byName.D.id);
    const m4 = await ok(h, 'worktrees.merge', { sessionId: byName.D.id });
    expect(m4).toEqual({ status: 'conflict', conflicts: ['a.txt'], offered: true });
    expect(await offeredRun).toBe('completed');
    expect(requests.some((r) => /cannot be merged into main cleanly: a\.txt/.test(lastMessage(r).text))).toBe(true);
    expect([fingerprint(ws), checkoutState(ws)]).toEqual(before);

    // D abandoned; cleanup leaves no worktree, no floe branch and no folder
    expect(await ok(h, 'worktrees.remove', { sessionId: byName.D.id })).toMatchObject({
      state: 'abandoned',
      removed: true,
    });
    await ok(h, 'worktrees.cleanup', {});
    expect(gitIn(ws, 'worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
    expect(gitIn(ws, 'branch', '--list', 'floe/*')).toBe('');
    const left = fs.readdirSync(path.join(home, 'worktrees'), { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(left).toEqual([]);
    expect(await ok(h, 'worktrees.list', { projectId: p.id })).toEqual([]);
    expect(await ok(h, 'worktrees.list', { projectId: p.id, all: true })).toHaveLength(4);
  }, 120_000);
});
