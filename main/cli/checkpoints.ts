// `floe checkpoints list|diff|restore`: the per-turn snapshots of a project folder (issue 13) from the terminal.
// Restore asks for confirmation (or --yes) and is itself snapshotted, so `floe checkpoints restore <undo id>`
// takes it back. Refused while a task runs in the same folder (a session claim held by a live process, as the
// host checks). Must not snapshot on its own: turns do.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline/promises';
import type { Command } from 'commander';
import { printable } from '../../shared/printable.js';
import { checkpointEntries, shadowRepo, type ShadowRepo } from '../checkpoints/index.js';
import { dbPath, floeHome } from '../config/home.js';
import { describeOwner, sessionHolder } from '../store/claims.js';
import { openStore } from '../store/index.js';
import { ownerFiles } from '../store/owner-file.js';
import { fail } from './exit.js';
import { resolveWorkspace } from './run.js';

const repoOf = (o: { workspace?: string }): ShadowRepo =>
  shadowRepo(floeHome(), resolveWorkspace(o.workspace), ownerFiles);
const short = (id: string) => id.slice(0, 12);

const realOr = (p: string): string => {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
};

/** A task running in `workspace` (any process: floe run, floe chat, floe web, desktop), named for a message. */
function runningTask(home: string, workspace: string): string | undefined {
  if (!fs.existsSync(dbPath(home))) return undefined; // no session was ever recorded here
  let store;
  try {
    store = openStore(dbPath(home), { onIndexError: () => {} });
  } catch (e) {
    fail(`cannot tell whether a task runs in ${workspace} (${(e as Error).message}); restore refused`);
  }
  try {
    const ws = realOr(workspace);
    for (const p of store.projects.list()) {
      if (realOr(p.path) !== ws) continue;
      for (const s of store.sessions.list({ projectId: p.id })) {
        const holder = sessionHolder(home, s.id);
        if (holder) return `session ${s.id}, run by ${describeOwner(holder)}`;
      }
    }
    return undefined;
  } finally {
    store.close();
  }
}

async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) fail('restore changes files: run it in a terminal to confirm, or pass --yes');
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

export function registerCheckpointsCommand(program: Command): void {
  const cp = program
    .command('checkpoints')
    .description('list, diff and restore the snapshots taken before each agent turn that changed files');
  const ws = ['-w, --workspace <dir>', 'the project folder (default: current folder)'] as const;
  cp.command('list')
    .description('turns and restores, newest first: id, when, session, files changed')
    .option(...ws)
    .option('--json', 'one JSON object per line')
    .action(async (o: { workspace?: string; json?: boolean }) => {
      const repo = repoOf(o);
      const entries = checkpointEntries(await repo.list());
      if (!entries.length && !o.json) process.stderr.write(`no checkpoints for ${repo.workspace}\n`);
      for (const e of entries) {
        const files = e.endId ? await repo.changes(e.id, e.endId) : [];
        if (o.json) process.stdout.write(JSON.stringify({ ...e, files }) + '\n');
        else {
          const skipped = e.skipped.length ? `  (${e.skipped.length} large file(s) not saved)` : '';
          process.stdout.write(
            `${short(e.id)}  ${e.createdAt}  ${e.kind.padEnd(7)}  ${e.sessionId}  ${files.length} file(s)  ${e.title}${skipped}\n`,
          );
          for (const f of files) process.stdout.write(`    ${f.status.padEnd(8)} ${f.path}\n`);
        }
      }
    });
  cp.command('diff')
    .description('the changes of one turn (or restore) as a unified diff')
    .argument('<id>', 'checkpoint id from floe checkpoints list')
    .argument('[file]', 'only this file')
    .option(...ws)
    .action(async (id: string, file: string | undefined, o: { workspace?: string }) => {
      const repo = repoOf(o);
      const full = await repo.resolve(id);
      const entry = checkpointEntries(await repo.list()).find((e) => e.id === full);
      if (!entry) fail(`${id} ends a turn; use the id the list shows for the turn`);
      if (!entry.endId) fail(`turn ${id} has not ended yet; its changes are known when it ends`);
      process.stdout.write(await repo.diff(entry.id, entry.endId, file === undefined ? undefined : inWorkspace(file)));
      /** The file as a path relative to the workspace (a relative one is taken as the list shows it: from there). */
      function inWorkspace(f: string): string {
        const rel = path.relative(repo.workspace, path.resolve(repo.workspace, f));
        if (!rel || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel) || /[\x00-\x1f]/.test(rel))
          fail(
            `"${printable(f)}" is not a file inside the workspace ${repo.workspace}; give a path inside it, as ` +
              'floe checkpoints list shows it',
          );
        return rel.split(path.sep).join('/');
      }
    });
  cp.command('restore')
    .description(
      'put the files back as they were before a turn (the current state is saved first: restore prints how to undo)',
    )
    .argument('<id>', 'checkpoint id from floe checkpoints list')
    .option(...ws)
    .option('-y, --yes', 'do not ask for confirmation')
    .action(async (id: string, o: { workspace?: string; yes?: boolean }) => {
      const repo = repoOf(o);
      const full = await repo.resolve(id);
      const task = runningTask(floeHome(), repo.workspace);
      if (task) fail(`a task is running in ${repo.workspace} (${task}); wait for it or stop it, then restore`);
      if (!o.yes && !(await confirm(`Restore the files of ${repo.workspace} to checkpoint ${short(full)}? [y/n] `))) {
        process.stderr.write('not restored\n');
        return;
      }
      const backup = await repo.restore(full, 'cli');
      process.stdout.write(
        `restored to ${short(full)}; undo with: floe checkpoints restore ${short(backup.id)} --workspace ${repo.workspace}\n`,
      );
    });
}
