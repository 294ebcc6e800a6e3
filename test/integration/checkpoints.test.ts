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
    const changes = await ok(h, 'checkpoints.changes', { projectId: p.id, checkpointId: entry.id });
    expect(changes.files).toEqual([
      { path: 'edit.txt', status: 'modified' },
      { path: 'gone.txt', status: 'deleted' },
      { path: 'image.bin', status: 'modified' },
      { path: 'made.bin', status: 'added' },
      { path: 'tool.sh', status: 'modified' },
    ]);
    expect(changes.patch).toContain('-line 2\n+line two\n');
    expect(changes.patch).toContain('-to be deleted\n');
    expect(changes.patch).toContain('old mode 100755\nnew mode 100644');
    expect(changes.patch).toMatch(
      /Binary files a\/made.bin and b\/made.bin differ|Binary files \/dev\/null and b\/made.bin differ/,
    );
    expect(changes.patch).not.toContain('build/out.o');
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
