// `floe run --workspace` takes checkpoints and `floe checkpoints list|diff|restore` shows and undoes a turn, as
// real processes; without --workspace nothing is snapshotted; restore without a terminal needs --yes.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer } from '../fixtures/model-server.js';
import { runCli, tempHome } from '../helpers/cli.js';

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

const execCall = (cmd: string) => ({ reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd }, id: 'c1' }] } });

describe('floe checkpoints', () => {
  it('list, diff and restore a CLI turn; --yes needed without a terminal; the restore prints its undo', async () => {
    const server = await startModelServer([
      execCall('echo changed > a.txt && touch new.txt'),
      { reply: { text: 'ok' } },
    ]);
    cleanups.push(() => server.close());
    const env = tempHome({ baseUrl: server.openaiBaseUrl });
    cleanups.push(() => env.cleanup());
    const ws = env.workspace;
    fs.writeFileSync(path.join(ws, 'a.txt'), 'original\n');
    const w = ['--workspace', ws];

    expect((await runCli(['run', ...w, 'go'], { home: env.home })).code).toBe(0);
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('changed\n');
    const list = await runCli(['checkpoints', 'list', ...w], { home: env.home });
    const id = list.stdout.match(/^([0-9a-f]{12}) {2}\S+ {2}turn/m)?.[1];
    expect(id, list.stdout).toBeTruthy();
    expect(list.stdout).toContain('    modified a.txt\n');
    expect(list.stdout).toContain('    added    new.txt\n');
    const diff = await runCli(['checkpoints', 'diff', id!, 'a.txt', ...w], { home: env.home });
    expect(diff.stdout).toContain('-original\n+changed\n');

    const refused = await runCli(['checkpoints', 'restore', id!, ...w], { home: env.home });
    expect([refused.code, refused.stderr]).toEqual([
      2,
      'floe: restore changes files: run it in a terminal to confirm, or pass --yes\n',
    ]);
    const restore = await runCli(['checkpoints', 'restore', id!, '--yes', ...w], { home: env.home });
    expect(restore.code).toBe(0);
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('original\n');
    expect(fs.existsSync(path.join(ws, 'new.txt'))).toBe(false);
    const undo = restore.stdout.match(/undo with: floe checkpoints restore ([0-9a-f]{12})/)?.[1];
    expect((await runCli(['checkpoints', 'restore', undo!, '--yes', ...w], { home: env.home })).code).toBe(0);
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('changed\n');
    expect(fs.existsSync(path.join(ws, 'new.txt'))).toBe(true);

    // a file outside the workspace: one clear line, not a stack trace (issue 26)
    const outside = await runCli(['checkpoints', 'diff', id!, '../../etc/passwd', ...w], { home: env.home });
    expect([outside.code, outside.stderr]).toEqual([
      2,
      `floe: "../../etc/passwd" is not a file inside the workspace ${ws}; give a path inside it, as floe checkpoints ` +
        'list shows it\n',
    ]);

    const bad = await runCli(['checkpoints', 'diff', 'zz', ...w], { home: env.home });
    expect([bad.code, bad.stderr]).toEqual([
      2,
      'floe: "zz" is not a checkpoint id (7 to 40 hex digits; see floe checkpoints list)\n',
    ]);
  }, 120_000);

  it('without --workspace the current folder is not snapshotted', async () => {
    // the run works in this process's folder (the repository): the command changes nothing
    const server = await startModelServer([execCall('true'), { reply: { text: 'ok' } }]);
    cleanups.push(() => server.close());
    const env = tempHome({ baseUrl: server.openaiBaseUrl });
    cleanups.push(() => env.cleanup());
    const r = await runCli(['run', 'go'], { home: env.home });
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toContain('checkpoint skipped');
    expect(fs.existsSync(path.join(env.home, 'checkpoints'))).toBe(false);
  });
});
