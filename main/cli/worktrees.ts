// `floe worktrees list|diff|check|merge|rm|cleanup`: the worktrees of sessions started with `floe run --worktree`
// (or "in its own worktree" in the app) from the terminal. The git work is main/worktrees; this file prints it.
// Merge and rm refuse while a process runs the session (its claim), so a running agent never loses its folder.
import type { Command } from 'commander';
import { floeHome } from '../config/home.js';
import { sessionHolder } from '../store/claims.js';
import {
  checkMerge,
  conflictPrompt,
  listRecords,
  mergeWorktree,
  readRecord,
  recordOfSession,
  removeWorktree,
  worktreeDiff,
  worktreePatch,
  type WorktreeRecord,
} from '../worktrees/index.js';
import { EXIT_FAILED, fail } from './exit.js';

/** The worktree of a session id (or a worktree name). */
function find(home: string, key: string): WorktreeRecord {
  const r = recordOfSession(home, key) ?? (/^[a-z0-9-]+$/.test(key) ? readRecord(home, key) : undefined);
  if (!r) fail(`no worktree for "${key}": pass a session id or a worktree name from floe worktrees list`);
  return r;
}

function notRunning(home: string, r: WorktreeRecord, what: string): void {
  if (r.sessionId && sessionHolder(home, r.sessionId))
    fail(`session ${r.sessionId} is running a task; ${what} when it ends (or stop it)`);
}

const sign = (n: number | null, c: string) => (n === null ? 'bin' : `${c}${n}`);

export function registerWorktreesCommand(program: Command): void {
  const wt = program
    .command('worktrees')
    .description('sessions in their own git worktree: list, review (diff, check), merge into the base, remove');
  wt.command('list')
    .description('live worktrees: session, branch → base, port block, folder')
    .option('--all', 'also merged and abandoned ones')
    .option('--json', 'one JSON object per line')
    .action((o: { all?: boolean; json?: boolean }) => {
      const rows = listRecords(floeHome()).filter((r) => o.all || !r.removedAt);
      if (!rows.length && !o.json) process.stderr.write('no worktrees\n');
      for (const r of rows) {
        if (o.json) process.stdout.write(JSON.stringify(r) + '\n');
        else
          process.stdout.write(
            `${r.sessionId ?? '-'}  ${r.state.padEnd(9)}  ${r.branch} → ${r.base}  port ${r.portBase}  ${r.path}\n`,
          );
      }
    });
  wt.command('diff')
    .description("the session's changes against its base: files with added/deleted lines, then the patch")
    .argument('<session>', 'session id (or worktree name)')
    .argument('[file]', 'only this file')
    .option('--stat', 'the file list only')
    .action(async (key: string, file: string | undefined, o: { stat?: boolean }) => {
      const r = find(floeHome(), key);
      const d = await worktreeDiff(r);
      if (!d.files.length) process.stderr.write(`no changes against ${r.base}\n`);
      for (const f of d.files)
        process.stdout.write(`${f.status.padEnd(12)} ${sign(f.additions, '+')} ${sign(f.deletions, '-')}  ${f.path}\n`);
      if (!o.stat && d.files.length) process.stdout.write('\n' + (await worktreePatch(r, d, file)));
    });
  wt.command('check')
    .description('files the base or other live sessions also changed, and the conflicts a merge would have now')
    .argument('<session>', 'session id (or worktree name)')
    .action(async (key: string) => {
      const home = floeHome();
      const c = await checkMerge(home, find(home, key));
      for (const ov of c.overlaps) process.stdout.write(`overlap   ${ov.path}  (${ov.with.join(', ')})\n`);
      for (const f of c.conflicts) process.stdout.write(`conflict  ${f}\n`);
      process.stdout.write(
        `${c.files.length} file(s) changed; base ${c.baseAhead} commit(s) ahead; ` +
          `${c.overlaps.length} overlap(s), ${c.conflicts.length} conflict(s)\n`,
      );
      if (c.conflicts.length) process.exitCode = EXIT_FAILED;
    });
  wt.command('merge')
    .description('merge into the base branch (squash by default); conflicts change nothing and exit 1')
    .argument('<session>', 'session id (or worktree name)')
    .option('--rebase', 'rebase the branch onto the base instead of one squashed commit')
    .option('-m, --message <text>', 'the commit message')
    .option('--keep', 'keep the worktree and branch after the merge')
    .action(async (key: string, o: { rebase?: boolean; message?: string; keep?: boolean }) => {
      const home = floeHome();
      const r = find(home, key);
      notRunning(home, r, 'merge');
      const message = o.message ?? `Changes of Floe session ${r.sessionId ?? r.name}`;
      const out = await mergeWorktree(home, r, { strategy: o.rebase ? 'rebase' : 'squash', message });
      if (out.status === 'conflict') {
        process.stderr.write(
          `not merged: ${out.conflicts.join(', ')} conflict with ${r.base}. Let the agent resolve them:\n` +
            `  floe run --resume ${r.sessionId ?? '<session>'} ${JSON.stringify(conflictPrompt(r.base, out.conflicts))}\n`,
        );
        process.exitCode = EXIT_FAILED;
        return;
      }
      if (!o.keep) await removeWorktree(home, out.record);
      process.stdout.write(
        `merged into ${r.base} as ${out.commit.slice(0, 12)} (${out.files.length} file(s))` +
          `${o.keep ? '' : '; worktree removed'}\n`,
      );
    });
  wt.command('rm')
    .description("remove the session's worktree and branch (its unmerged changes are lost)")
    .argument('<session>', 'session id (or worktree name)')
    .option('-f, --force', 'also when it has changes that were not merged')
    .action(async (key: string, o: { force?: boolean }) => {
      const home = floeHome();
      const r = find(home, key);
      notRunning(home, r, 'remove it');
      if (r.state === 'active' && !r.removedAt && !o.force) {
        const d = await worktreeDiff(r);
        if (d.files.length)
          fail(
            `${r.branch} has ${d.files.length} unmerged changed file(s); merge it first, or pass --force to drop them`,
          );
      }
      const done = await removeWorktree(home, r);
      process.stdout.write(`removed ${r.path} and ${r.branch} (${done.state})\n`);
    });
  wt.command('cleanup')
    .description('remove worktrees that are merged or abandoned but still on disk')
    .action(async () => {
      const home = floeHome();
      for (const r of listRecords(home)) {
        if (r.removedAt || r.state === 'active') continue;
        await removeWorktree(home, r);
        process.stdout.write(`removed ${r.path}\n`);
      }
    });
}
