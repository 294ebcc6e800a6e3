// Acceptance E2E of issue 22 in real Chromium against `floe web`: four sessions on one git repository at once, each
// in its own worktree, each changing files through real exec_command calls (a barrier in FLOE_HOME/scratch makes
// every command wait until all four are running, so they provably overlap in time). The user's checkout stays
// byte-identical (files, HEAD, `git status`) until the first merge. The fourth session changes shared.txt, which the
// first also changes: the Review shows that overlap before anything is merged (with the first session's id) and
// again after the first three merged cleanly in sequence (with main, plus the conflict); its merge is refused without
// touching main, and removing it leaves no worktree (`git worktree list`, FLOE_HOME/worktrees, floe/* branches).
// Screenshots of the overlap at 1440 and 800 px wide.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newSession, openProject, shot, startEnv, stopAfterAll, type Env } from './harness.js';

const NAMES = ['ONE', 'TWO', 'THREE', 'FOUR'] as const;
type Name = (typeof NAMES)[number];
const key = (n: Name) => `WT4-${n}`;

/** The files each session writes (shared.txt by ONE and FOUR: the overlap). */
const WRITES: Record<Name, string> = {
  ONE: `printf 'from one\\n' > shared.txt && printf 'one\\n' > one.txt`,
  TWO: `printf 'two\\n' > two.txt`,
  THREE: `printf 'a changed by three\\n' > a.txt`,
  FOUR: `printf 'from four\\n' > shared.txt && printf 'four\\n' > four.txt`,
};

let env: Env;
let scratch: string;

/** Writes, then waits (≤ 90 s) until all four sessions' commands have arrived at the barrier. */
function command(n: Name): string {
  const b = `${scratch}/wt4-barrier`;
  return (
    `${WRITES[n]} && mkdir -p ${b} && touch ${b}/${n} && i=0; ` +
    `until [ "$(ls ${b} | wc -l)" -ge 4 ]; do i=$((i+1)); [ $i -gt 900 ] && { echo BARRIER-TIMEOUT; exit 3; }; ` +
    `sleep 0.1; done; echo ALL-FOUR-RUNNING-${n}`
  );
}

beforeAll(async () => {
  const scenarios = Object.fromEntries(
    NAMES.map((n) => [
      key(n),
      (phase: number) =>
        phase === 0
          ? {
              reply: {
                toolCalls: [
                  { name: 'exec_command', arguments: { cmd: command(n), yield_time_ms: 100_000 }, id: `c-${n}` },
                ],
              },
            }
          : { reply: { text: `done ${n.toLowerCase()}`, usage: { input: 40, output: 8 } } },
    ]),
  );
  env = await startEnv(scenarios, { watchdogMs: 590_000 });
  scratch = join(env.home.home, 'scratch');
}, 60_000);
stopAfterAll(() => env, 'worktrees-four');

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd: dir,
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' },
  }).toString();

/** Every file of the checkout (outside .git) with the hash of its bytes, HEAD, and `git status`. */
function snapshot(ws: string): { files: Record<string, string>; head: string; status: string } {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== '.git') walk(p);
      } else files[relative(ws, p)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(ws);
  return {
    files,
    head: git(ws, 'rev-parse', 'HEAD').trim(),
    status: git(ws, 'status', '--porcelain', '--ignored', '--untracked-files=all'),
  };
}

const liveWorktrees = (ws: string) => git(ws, 'worktree', 'list', '--porcelain').match(/^worktree /gm)?.length ?? 0;

describe('four sessions in their own worktrees', () => {
  it('run at once; three merge in sequence; the overlap of the fourth is shown before merge; nothing left', async () => {
    const { page } = env;
    const ws = env.home.workspace;
    writeFileSync(join(ws, 'a.txt'), 'a\n');
    writeFileSync(join(ws, 'shared.txt'), 'shared\n');
    git(ws, 'init', '-q', '-b', 'main');
    git(ws, 'add', '-A');
    git(ws, 'commit', '-qm', 'first');
    const before = snapshot(ws);
    expect(before.status).toBe('');

    await openProject(page, ws);
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    await expect.poll(() => page.getByLabel('In its own worktree').isChecked(), { timeout: 15_000 }).toBe(true);
    for (const n of NAMES) await newSession(page, 'allow-all', `${key(n)} change files`);

    // all four finished: each command saw the other three arrive at the barrier (they ran at the same time)
    const review = page.getByRole('region', { name: 'Ready to review' });
    for (const n of NAMES)
      await review.getByRole('button', { name: new RegExp(`^Open session ${key(n)}`) }).waitFor({ timeout: 150_000 });
    for (const n of NAMES) {
      const results = env.model.requests
        .flatMap((r) => (r.body?.messages ?? []) as { role: string; content?: unknown }[])
        .filter((m) => m.role === 'tool')
        .map((m) => JSON.stringify(m.content));
      expect(results.some((t) => t.includes(`ALL-FOUR-RUNNING-${n}`))).toBe(true);
    }
    expect(liveWorktrees(ws)).toBe(5);
    // the user's checkout: byte-identical, same HEAD, clean — four sessions changed files, none of them here
    expect(snapshot(ws)).toEqual(before);

    const panel = page.getByRole('region', { name: 'Review', exact: true });
    const open = async (n: Name): Promise<string> => {
      await page.getByRole('button', { name: new RegExp(`^Open session ${key(n)}`) }).click();
      await expect
        .poll(() => page.getByTestId('session-status').locator('xpath=..').locator('h2').first().textContent())
        .toContain(key(n));
      await panel.waitFor();
      return (await page
        .getByTestId('session-status')
        .locator('xpath=..')
        .locator('h2')
        .first()
        .getAttribute('title'))!;
    };
    const overlaps = panel.getByTestId('review-overlaps');

    // before any merge: FOUR's Review names shared.txt as overlapping with session ONE (still live)
    const idOne = await open('ONE');
    await open('FOUR');
    await expect.poll(() => overlaps.textContent(), { timeout: 30_000 }).toContain(`shared.txt (${idOne})`);
    expect(await overlaps.textContent()).not.toContain('four.txt');
    await panel.getByRole('button', { name: 'Diff of shared.txt' }).click();
    await expect
      .poll(() => panel.getByTestId('review-diff').textContent(), { timeout: 15_000 })
      .toContain('+from four');
    await shot(page, 'worktrees-four-overlap-before-merge-1440');
    await page.setViewportSize({ width: 800, height: 900 });
    await overlaps.scrollIntoViewIfNeeded();
    await shot(page, 'worktrees-four-overlap-before-merge-800');
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(snapshot(ws)).toEqual(before);

    // three merges in sequence, each clean; main moves only now
    let head = before.head;
    for (const n of ['ONE', 'TWO', 'THREE'] as const) {
      await open(n);
      await panel.getByRole('button', { name: 'Merge into main' }).click();
      await panel.waitFor({ state: 'detached', timeout: 30_000 });
      const now = git(ws, 'rev-parse', 'HEAD').trim();
      expect(git(ws, 'rev-parse', `${now}^`).trim()).toBe(head);
      expect(git(ws, 'log', '-1', '--format=%s', now)).toContain(key(n));
      expect(git(ws, 'status', '--porcelain')).toBe('');
      head = now;
    }
    expect(readFileSync(join(ws, 'shared.txt'), 'utf8')).toBe('from one\n');
    expect(readFileSync(join(ws, 'one.txt'), 'utf8')).toBe('one\n');
    expect(readFileSync(join(ws, 'two.txt'), 'utf8')).toBe('two\n');
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('a changed by three\n');
    expect(liveWorktrees(ws)).toBe(2);

    // FOUR after the merges: the overlap is now with main, and git names the conflict — shown before merging
    await open('FOUR');
    await panel.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => overlaps.textContent(), { timeout: 30_000 }).toContain('shared.txt (main)');
    expect(await overlaps.textContent()).toContain('Conflicts with main: shared.txt');
    await shot(page, 'worktrees-four-overlap-after-merges-1440');
    await page.setViewportSize({ width: 800, height: 900 });
    await overlaps.scrollIntoViewIfNeeded();
    await shot(page, 'worktrees-four-overlap-after-merges-800');
    await page.setViewportSize({ width: 1440, height: 900 });
    const afterThree = snapshot(ws);

    // its merge is refused and changes nothing; the session is asked to resolve it
    await panel.getByRole('button', { name: 'Merge into main' }).click();
    await panel.getByText(/^Not merged: shared\.txt conflict with main/).waitFor({ timeout: 30_000 });
    expect(snapshot(ws)).toEqual(afterThree);
    await expect.poll(() => page.getByText('done four', { exact: true }).count(), { timeout: 60_000 }).toBe(2);
    await expect.poll(() => page.getByTestId('session-status').textContent(), { timeout: 60_000 }).toBe('completed');

    // abandoned: removing it leaves no worktree, no branch, no folder under FLOE_HOME/worktrees
    await panel.getByRole('button', { name: 'Remove worktree' }).click();
    await panel.getByRole('group').getByRole('button', { name: 'Remove worktree' }).click();
    await panel.waitFor({ state: 'detached', timeout: 30_000 });
    expect(liveWorktrees(ws)).toBe(1);
    expect(git(ws, 'branch', '--list', 'floe/*')).toBe('');
    const left = readdirSync(join(env.home.home, 'worktrees'), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(left.map((e) => e.name)).toEqual([]);
    expect(snapshot(ws)).toEqual(afterThree);
  }, 600_000);
});
