// `floe run --worktree` and `floe worktrees list|diff|check|merge|rm` as real processes (bin/floe.mjs) on a real
// git repository: the run works in its own worktree with FLOE_PORT_BASE; the checkout is untouched until the merge;
// a second session's overlap is reported before the first merges and its conflict after; a conflicting merge
// changes nothing and exits 1; rm refuses unmerged work without --force; bad input is one line, exit 2.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type RecordedRequest, type ScriptStep } from '../fixtures/model-server.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { checkoutState, fingerprint, gitIn, writeFiles } from '../helpers/git-repo.js';

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

const COMMANDS: Record<string, string> = {
  // the agent commits on its branch itself: the worktree's git dirs are writable in the sandbox
  one:
    `printf '%s\\n' "$FLOE_PORT_BASE" > port.txt && printf 'changed by one\\n' > a.txt && ` +
    `git add a.txt && git -c user.name=a -c user.email=a@a commit -qm 'agent commit'`,
  two: `printf 'changed by two\\n' > a.txt`,
};

function script(req: RecordedRequest): ScriptStep {
  const msgs = req.body.messages as { role: string; content: unknown }[];
  const last = msgs[msgs.length - 1];
  if (last.role === 'tool') return { reply: { text: 'done' } };
  const key = /task (one|two)/.exec(JSON.stringify(last.content))?.[1];
  if (!key) return { reply: { text: 'nothing to do' } };
  return { reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd: COMMANDS[key] }, id: `c_${key}` }] } };
}

describe('floe worktrees', () => {
  it('run --worktree, list, diff, check, merge, conflict, rm', async () => {
    const server = await startModelServer({ next: script });
    cleanups.push(() => server.close());
    const env = tempHome({ baseUrl: server.openaiBaseUrl });
    cleanups.push(() => env.cleanup());
    const ws = env.workspace;
    const home = env.home;
    writeFiles(ws, { 'a.txt': 'original\n', 'b.txt': 'b\n' });
    gitIn(ws, 'init', '-q', '-b', 'main');
    gitIn(ws, 'add', '-A');
    gitIn(ws, 'commit', '-qm', 'first');
    const before = [fingerprint(ws), checkoutState(ws)];
    const cli = (...args: string[]) => runCli(args, { home });

    const one = await cli('run', '--worktree', '--workspace', ws, 'task one');
    expect(one.code, one.stderr).toBe(0);
    const id1 = /^session (\S+)$/m.exec(one.stderr)![1];
    const wt1 = /^worktree (\S+) \(branch (floe\/\S+) from main, FLOE_PORT_BASE=(\d+)\)/m.exec(one.stderr)!;
    expect(fs.readFileSync(path.join(wt1[1], 'port.txt'), 'utf8')).toBe(`${wt1[3]}\n`);
    expect(gitIn(wt1[1], 'log', '-1', '--format=%s')).toBe('agent commit\n');
    const two = await cli('run', '--worktree', '--workspace', ws, 'task two');
    expect(two.code, two.stderr).toBe(0);
    const id2 = /^session (\S+)$/m.exec(two.stderr)![1];
    expect([fingerprint(ws), checkoutState(ws)]).toEqual(before);

    const list = await cli('worktrees', 'list');
    expect(list.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(new RegExp(`^${id1} {2}active {5}floe/\\S+ → main {2}port ${wt1[3]} {2}${wt1[1]}$`)),
      expect.stringMatching(new RegExp(`^${id2} {2}active`)),
    ]);
    const stat = await cli('worktrees', 'diff', id1, '--stat');
    expect(stat.stdout).toBe('modified     +1 -1  a.txt\nadded        +1 -0  port.txt\n');
    const diff = await cli('worktrees', 'diff', id1, 'a.txt');
    expect(diff.stdout).toContain('-original\n+changed by one\n');
    expect(diff.stdout).not.toContain('+++ b/port.txt');

    // the overlap is known before either merges
    const check = await cli('worktrees', 'check', id2);
    expect([check.code, check.stdout]).toEqual([
      0,
      `overlap   a.txt  (${id1})\n1 file(s) changed; base 0 commit(s) ahead; 1 overlap(s), 0 conflict(s)\n`,
    ]);

    const merged = await cli('worktrees', 'merge', id1);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toMatch(/^merged into main as [0-9a-f]{12} \(2 file\(s\)\); worktree removed\n$/);
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('changed by one\n');
    expect(fs.existsSync(wt1[1])).toBe(false);

    const check2 = await cli('worktrees', 'check', id2);
    expect(check2.code).toBe(1);
    expect(check2.stdout).toContain('overlap   a.txt  (base)\nconflict  a.txt\n');
    const after = [fingerprint(ws), checkoutState(ws)];
    const refused = await cli('worktrees', 'merge', id2);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^not merged: a\.txt conflict with main\. Let the agent resolve them:\n {2}floe run --resume /,
    );
    expect([fingerprint(ws), checkoutState(ws)]).toEqual(after);

    const keep = await cli('worktrees', 'rm', id2);
    expect([keep.code, keep.stderr]).toEqual([
      2,
      expect.stringMatching(
        /^floe: floe\/\S+ has 1 unmerged changed file\(s\); merge it first, or pass --force to drop them\n$/,
      ),
    ]);
    expect((await cli('worktrees', 'rm', id2, '--force')).code).toBe(0);
    expect(await cli('worktrees', 'list')).toMatchObject({ code: 0, stdout: '', stderr: 'no worktrees\n' });
    expect(gitIn(ws, 'worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
    expect(gitIn(ws, 'branch', '--list', 'floe/*')).toBe('');
  }, 300_000);

  it('bad input: one line and exit 2', async () => {
    const env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
    cleanups.push(() => env.cleanup());
    const notGit = await runCli(['run', '--worktree', '--workspace', env.workspace, 'x'], { home: env.home });
    expect([notGit.code, notGit.stderr]).toEqual([
      2,
      `floe: ${env.workspace} is not in a git repository, so a session cannot get its own worktree; start it without one\n`,
    ]);
    const unknown = await runCli(['worktrees', 'diff', 'nope'], { home: env.home });
    expect([unknown.code, unknown.stderr]).toEqual([
      2,
      'floe: no worktree for "nope": pass a session id or a worktree name from floe worktrees list\n',
    ]);
  });
});
