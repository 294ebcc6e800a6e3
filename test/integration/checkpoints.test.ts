// Checkpoints (issue 13) end to end in the host: a turn that creates, edits and deletes files through exec_command
// (real pty) in a project that is a real git repository; the turn lists the three files with diffs; restore brings
// the folder back byte for byte (a binary file, an executable bit); restoring the restore brings the turn back;
// the user's repository (HEAD, index, stash, refs) is untouched; .gitignore is respected; large files are skipped
// and listed; a folder that is not a project gets no checkpoint.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { shadowDir } from '../../main/checkpoints/index.js';
import type { Result } from '../../shared/api.js';
import { createHost, type HostService } from '../../main/host/index.js';
import { startModelServer, type ModelServer } from '../fixtures/model-server.js';
import { tempHome, type TempHome } from '../helpers/cli.js';
import { ok } from '../helpers/host.js';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function setup(): Promise<{ server: ModelServer; env: TempHome; h: HostService }> {
  const server = await startModelServer([]);
  cleanups.push(() => server.close());
  const env = tempHome({ baseUrl: server.openaiBaseUrl, systemConfig: 'system_prompt: test agent\n' });
  cleanups.push(() => env.cleanup());
  const h = createHost({ home: env.home, mode: 'web', retrySchedule: [10, 10, 10] });
  cleanups.push(() => h.dispose());
  return { server, env, h };
}

async function runTurn(h: HostService, sessionId: string, prompt: string): Promise<void> {
  const done = new Promise<void>((resolve) => {
    const off = h.onEvent((e, p: any) => {
      if (e === 'session.status' && p.sessionId === sessionId && p.status !== 'running') {
        off();
        resolve();
      }
    });
  });
  await ok(h, 'sessions.run', { sessionId, prompt });
  await done;
}

const gitIn = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd: dir,
    // no optional locks: the test's own `git status` must not refresh the index it compares
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_OPTIONAL_LOCKS: '0' },
  }).toString();

/** Every file under dir (but .git) → sha256 of its bytes and its mode bits. */
function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of fs.readdirSync(dir, { recursive: true }) as string[]) {
    if (rel === '.git' || rel.startsWith('.git/')) continue;
    const st = fs.lstatSync(path.join(dir, rel));
    if (!st.isFile()) continue;
    out[rel] = `${createHash('sha256')
      .update(fs.readFileSync(path.join(dir, rel)))
      .digest('hex')} ${(st.mode & 0o777).toString(8)}`;
  }
  return out;
}

/** What the user's own repository is: HEAD, index bytes, stash, every ref. */
function userRepo(dir: string): string[] {
  return [
    gitIn(dir, 'rev-parse', 'HEAD'),
    createHash('sha256')
      .update(fs.readFileSync(path.join(dir, '.git/index')))
      .digest('hex'),
    gitIn(dir, 'stash', 'list'),
    gitIn(dir, 'for-each-ref'),
  ];
}

const exec = (cmd: string, id: string) => ({
  reply: { toolCalls: [{ name: 'exec_command', arguments: { cmd }, id }] },
});

describe('checkpoints', () => {
  it('a turn that creates, edits and deletes files: listed with diffs, restored byte-identical, restore undone; the user repo untouched', async () => {
    const { server, env, h } = await setup();
    const ws = env.workspace;
    // a real project repository with history, a staged change and a stash
    fs.writeFileSync(path.join(ws, 'edit.txt'), 'line 1\nline 2\n');
    fs.writeFileSync(path.join(ws, 'gone.txt'), 'to be deleted\n');
    fs.writeFileSync(path.join(ws, 'tool.sh'), '#!/bin/sh\necho hi\n', { mode: 0o755 });
    fs.writeFileSync(path.join(ws, 'image.bin'), Buffer.from([0, 1, 2, 255, 254, 0, 10, 13, 0]));
    fs.writeFileSync(path.join(ws, '.gitignore'), 'build/\n');
    fs.mkdirSync(path.join(ws, 'build'));
    fs.writeFileSync(path.join(ws, 'build/out.o'), 'ignored output');
    fs.writeFileSync(path.join(ws, 'huge.dat'), Buffer.alloc(11 * 1024 * 1024, 7));
    gitIn(ws, 'init', '-q');
    gitIn(ws, 'add', 'edit.txt', 'gone.txt', 'tool.sh', '.gitignore');
    gitIn(ws, 'commit', '-qm', 'first');
    fs.writeFileSync(path.join(ws, 'stashed.txt'), 's');
    gitIn(ws, 'add', 'stashed.txt');
    gitIn(ws, 'stash', '-q');
    gitIn(ws, 'add', 'image.bin'); // staged, not committed
    const repoBefore = userRepo(ws);
    const filesBefore = fingerprint(ws);

    const p = await ok(h, 'projects.add', { path: ws });
    const s = await ok(h, 'sessions.create', { projectId: p.id, approvalMode: 'allow-all' });
    const turn =
      "printf 'new\\0bytes' > made.bin && printf 'line 1\\nline two\\n' > edit.txt && rm gone.txt && chmod -x tool.sh && " +
      "printf 'rebuilt' > build/out.o && printf '\\377\\000' >> image.bin";
    server.push(exec(turn, 'c1'), { reply: { text: 'done' } });
    await runTurn(h, s.id, 'change the files');
    expect(fs.existsSync(path.join(ws, 'made.bin'))).toBe(true);

    const [entry] = await ok(h, 'checkpoints.list', { projectId: p.id, sessionId: s.id });
    expect(entry).toMatchObject({ kind: 'turn', sessionId: s.id, title: 'change the files', skipped: ['huge.dat'] });
    const changes = await ok<Result<'checkpoints.changes'>>(h, 'checkpoints.changes', {
      projectId: p.id,
      checkpointId: entry.id,
    });
    expect(changes.files).toEqual([
      { path: 'edit.txt', status: 'modified' },
      { path: 'gone.txt', status: 'deleted' },
      { path: 'image.bin', status: 'modified' },
      { path: 'made.bin', status: 'added' },
      { path: 'tool.sh', status: 'modified' },
    ]);
    const diff = (p: string) => changes.diffs.find((d) => d.path === p)!;
    expect(diff('edit.txt').hunks.map((h) => h.lines)).toEqual([[' line 1', '-line 2', '+line two']]);
    expect(diff('gone.txt').hunks[0].lines).toEqual(['-to be deleted']);
    expect(diff('tool.sh').notes).toEqual(['old mode 100755', 'new mode 100644']);
    expect(diff('made.bin')).toMatchObject({ binary: true, hunks: [], hunkRevertible: false });
    expect(changes.diffs.map((d) => d.path)).not.toContain('build/out.o');
    const filesAfterTurn = fingerprint(ws);

    const { undoId } = await ok(h, 'checkpoints.restore', {
      projectId: p.id,
      checkpointId: entry.id.slice(0, 12),
      sessionId: s.id,
    });
    const restored = fingerprint(ws);
    // byte-identical, modes included — except the ignored build output, which checkpoints never touch
    expect({ ...restored, 'build/out.o': '' }).toEqual({ ...filesBefore, 'build/out.o': '' });
    expect(restored['build/out.o']).toBe(filesAfterTurn['build/out.o']);
    expect(fs.statSync(path.join(ws, 'tool.sh')).mode & 0o777).toBe(0o755);
    expect(userRepo(ws)).toEqual(repoBefore);

    // the restore is listed and can itself be undone
    const list = await ok(h, 'checkpoints.list', { projectId: p.id });
    expect(list[0]).toMatchObject({ id: undoId, kind: 'restore', endId: entry.id });
    await ok(h, 'checkpoints.restore', { projectId: p.id, checkpointId: undoId });
    expect(fingerprint(ws)).toEqual(filesAfterTurn);
    expect(userRepo(ws)).toEqual(repoBefore);
    expect(fs.existsSync(path.join(shadowDir(env.home, ws), 'git', 'HEAD'))).toBe(true);

    // bad ids are refused clearly
    expect(await h.call('checkpoints.restore', { projectId: p.id, checkpointId: '--help' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringContaining('is not a checkpoint id') },
    });
    expect(await h.call('checkpoints.changes', { projectId: p.id, checkpointId: 'deadbeef00' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringContaining('there is no checkpoint deadbeef00') },
    });
  });

  it('one hunk taken back: the file on disk has exactly that hunk reverted; one file restored; both undone', async () => {
    const { server, env, h } = await setup();
    const ws = env.workspace;
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}\r\n`);
    const before = lines.join('');
    fs.writeFileSync(path.join(ws, 'two.txt'), before, { mode: 0o640 });
    fs.writeFileSync(path.join(ws, 'other.txt'), 'keep\n');
    const p = await ok(h, 'projects.add', { path: ws });
    const s = await ok(h, 'sessions.create', { projectId: p.id, approvalMode: 'allow-all' });
    // the turn changes line 2 and line 19 (two hunks), edits other.txt and adds new.txt
    const turn =
      "sed -i 's/^line 2\\r$/LINE TWO\\r/; s/^line 19\\r$/LINE NINETEEN\\r/' two.txt && printf 'changed\\n' > other.txt && printf 'n\\n' > new.txt";
    server.push(exec(turn, 'c1'), { reply: { text: 'done' } });
    await runTurn(h, s.id, 'two hunks');
    const after = before.replace('line 2\r', 'LINE TWO\r').replace('line 19\r', 'LINE NINETEEN\r');
    expect(fs.readFileSync(path.join(ws, 'two.txt'), 'latin1')).toBe(after);

    const [entry] = await ok(h, 'checkpoints.list', { projectId: p.id, sessionId: s.id });
    const changes = await ok<Result<'checkpoints.changes'>>(h, 'checkpoints.changes', {
      projectId: p.id,
      checkpointId: entry.id,
    });
    const two = changes.diffs.find((d) => d.path === 'two.txt')!;
    expect(two.hunkRevertible).toBe(true);
    expect(two.hunks.map((h) => h.lines.filter((l) => l[0] !== ' '))).toEqual([
      ['-line 2\r', '+LINE TWO\r'],
      ['-line 19\r', '+LINE NINETEEN\r'],
    ]);
    // a user edit after the turn, above both hunks: the second hunk is still found
    const edited = 'added by me\r\n' + after;
    fs.writeFileSync(path.join(ws, 'two.txt'), edited);
    const { hunk: _h, lines: _l, header: _hd, ...range } = { hunk: 1, ...two.hunks[1] };
    const { undoId } = await ok(h, 'checkpoints.revertHunk', {
      projectId: p.id,
      checkpointId: entry.id,
      path: 'two.txt',
      hunk: 1,
      ...range,
      sessionId: s.id,
    });
    expect(fs.readFileSync(path.join(ws, 'two.txt'), 'latin1')).toBe(edited.replace('LINE NINETEEN\r', 'line 19\r'));
    expect(fs.statSync(path.join(ws, 'two.txt')).mode & 0o777).toBe(0o640);
    expect(fs.readFileSync(path.join(ws, 'other.txt'), 'utf8')).toBe('changed\n');
    expect(fs.existsSync(path.join(ws, 'new.txt'))).toBe(true);

    // listed as a partial restore whose changes are that hunk, reversed
    const [r] = await ok(h, 'checkpoints.list', { projectId: p.id, sessionId: s.id });
    expect(r).toMatchObject({
      id: undoId,
      kind: 'restore',
      partial: true,
      title: 'hunk 2 of two.txt taken back from “two hunks”',
    });
    const rc = await ok<Result<'checkpoints.changes'>>(h, 'checkpoints.changes', {
      projectId: p.id,
      checkpointId: r.id,
    });
    expect(rc.files).toEqual([{ path: 'two.txt', status: 'modified' }]);
    expect(rc.diffs[0].hunks.map((h) => h.lines.filter((l) => l[0] !== ' '))).toEqual([
      ['-LINE NINETEEN\r', '+line 19\r'],
    ]);
    // the same hunk again no longer matches: refused, nothing changed
    const again = await h.call('checkpoints.revertHunk', {
      projectId: p.id,
      checkpointId: entry.id,
      path: 'two.txt',
      hunk: 1,
      ...range,
    });
    expect(again).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('no longer matches the file') },
    });
    expect((await ok(h, 'checkpoints.list', { projectId: p.id }))[0].id).toBe(undoId);
    // a hunk that is not the one shown is refused
    expect(
      await h.call('checkpoints.revertHunk', {
        projectId: p.id,
        checkpointId: entry.id,
        path: 'two.txt',
        hunk: 0,
        ...range,
      }),
    ).toMatchObject({ ok: false, error: { message: expect.stringContaining('has no hunk 1 with those lines') } });

    // undone file by file: only two.txt goes back
    await ok(h, 'checkpoints.restore', { projectId: p.id, checkpointId: undoId, paths: ['two.txt'] });
    expect(fs.readFileSync(path.join(ws, 'two.txt'), 'latin1')).toBe(edited);

    // one file restored to before the turn: new.txt goes, the rest stays
    await ok(h, 'checkpoints.restore', {
      projectId: p.id,
      checkpointId: entry.id,
      paths: ['new.txt'],
      sessionId: s.id,
    });
    expect(fs.existsSync(path.join(ws, 'new.txt'))).toBe(false);
    expect(fs.readFileSync(path.join(ws, 'other.txt'), 'utf8')).toBe('changed\n');
    expect(fs.readFileSync(path.join(ws, 'two.txt'), 'latin1')).toBe(edited);
    const [fileRestore] = await ok(h, 'checkpoints.list', { projectId: p.id, sessionId: s.id });
    expect(fileRestore).toMatchObject({ partial: true, title: 'new.txt restored to before “two hunks”' });
    expect(
      await h.call('checkpoints.restore', { projectId: p.id, checkpointId: entry.id, paths: ['../etc/passwd'] }),
    ).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringContaining('is not a file of the project') },
    });
  });

  it('a turn whose calls are all denied takes no checkpoint', async () => {
    const { server, env, h } = await setup();
    const p = await ok(h, 'projects.add', { path: env.workspace });
    const s = await ok(h, 'sessions.create', { projectId: p.id, approvalMode: 'deny-all' });
    server.push(exec('touch x', 'c1'), { reply: { text: 'done' } });
    await runTurn(h, s.id, 'try');
    expect(await ok(h, 'checkpoints.list', { projectId: p.id })).toEqual([]);
    expect(fs.existsSync(shadowDir(env.home, env.workspace))).toBe(false);
  });
});
