// Checkpoint fault suite (issue 26, "checkpoints and restore never lose data"): every case the attack found, on
// real folders with the real git: FLOE_HOME inside the folder, a restore that fails midway, a file grown past the
// size limit, ignored files under a folder that replaced a file and after a .gitignore pattern was removed,
// .gitattributes filters, concurrent turns, nested repositories and submodules, a folder turned into a file,
// exact modes, and a restore (CLI or host) while a task runs. Each case checks that no byte of any file was lost.
// Prints `checkpoint fault cases: N`. Must not touch anything outside its temp folders.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../main/approval/types.js';
import { ShadowRepo, turnCheckpoints, type Checkpoint } from '../../main/checkpoints/index.js';
import { dbPath } from '../../main/config/home.js';
import { claimSession } from '../../main/store/claims.js';
import { openStore } from '../../main/store/index.js';
import { ownerFiles } from '../../main/store/owner-file.js';
import { createHost } from '../../main/host/index.js';
import { startModelServer } from '../fixtures/model-server.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { ok } from '../helpers/host.js';
import { cleanupAll, onCleanup, suiteCases } from './support.js';

afterEach(cleanupAll);
afterAll(() => {
  const n = suiteCases(import.meta.dirname).filter((c) => c.file === 'checkpoint-faults.test.ts').length;
  console.log(`checkpoint fault cases: ${n}`);
});

interface Folder {
  root: string;
  home: string;
  ws: string;
  repo: ShadowRepo;
}

/** A temp root with a workspace and a FLOE_HOME (beside it, or `homeIn` the workspace). */
function folder(o: { homeIn?: string; maxFileBytes?: number } = {}): Folder {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-cpf-'));
  onCleanup(() => {
    execFileSync('chattr', ['-R', '-i', root], { stdio: 'ignore' });
    fs.rmSync(root, { recursive: true, force: true });
  });
  const ws = path.join(root, 'ws');
  const home = o.homeIn ? path.join(ws, o.homeIn) : path.join(root, 'home');
  fs.mkdirSync(ws);
  fs.mkdirSync(home, { recursive: true });
  return { root, home, ws, repo: new ShadowRepo(home, ws, ownerFiles, o.maxFileBytes) };
}

const write = (dir: string, rel: string, data: string | Buffer, mode?: number) => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), data);
  if (mode !== undefined) fs.chmodSync(path.join(dir, rel), mode);
};

/** Every entry under dir (hidden files, ignored files and .git folders included): content hash and exact mode. */
function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of (fs.readdirSync(dir, { recursive: true }) as string[]).sort()) {
    const st = fs.lstatSync(path.join(dir, rel));
    const mode = (st.mode & 0o7777).toString(8);
    if (st.isDirectory()) out[rel] = `dir ${mode}`;
    else if (st.isSymbolicLink()) out[rel] = `link ${fs.readlinkSync(path.join(dir, rel))}`;
    else
      out[rel] = `${createHash('sha256')
        .update(fs.readFileSync(path.join(dir, rel)))
        .digest('hex')} ${mode}`;
  }
  return out;
}

const snap = (r: ShadowRepo, kind: 'before' | 'after' = 'before'): Promise<Checkpoint> =>
  r.snapshot({ kind, sessionId: 's1' });

const gitIn = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'protocol.file.allow=always', ...args], {
    cwd: dir,
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_OPTIONAL_LOCKS: '0' },
    stdio: 'pipe',
  }).toString();

describe('checkpoint faults', () => {
  it('FLOE_HOME inside the workspace: never snapshotted, a restore leaves its traces and checkpoints alone', async () => {
    const f = folder({ homeIn: '.floe' });
    write(f.ws, 'a.txt', 'original\n');
    write(f.home, 'traces/s1.jsonl', '{"line":1}\n');
    const before = await snap(f.repo);
    write(f.ws, 'a.txt', 'changed\n');
    write(f.ws, 'new.txt', 'made by the turn\n');
    fs.appendFileSync(path.join(f.home, 'traces/s1.jsonl'), '{"line":2}\n');
    write(f.home, 'traces/s2.jsonl', '{"other":1}\n');
    const after = await snap(f.repo, 'after');
    expect((await f.repo.changes(before.id, after.id)).map((c) => c.path)).toEqual(['a.txt', 'new.txt']);
    const homeBefore = fingerprint(f.home);

    await f.repo.restore(before.id, 'user');
    expect(fs.readFileSync(path.join(f.ws, 'a.txt'), 'utf8')).toBe('original\n');
    expect(fs.existsSync(path.join(f.ws, 'new.txt'))).toBe(false);
    // the home is as it was, except for the checkpoint the restore added (its objects, its lock released)
    const homeAfter = fingerprint(f.home);
    for (const [p, v] of Object.entries(homeBefore)) if (!p.startsWith('checkpoints/')) expect(homeAfter[p]).toBe(v);
    expect(fs.readFileSync(path.join(f.home, 'traces/s1.jsonl'), 'utf8')).toBe('{"line":1}\n{"line":2}\n');
    expect((await f.repo.list()).map((c) => c.meta.kind)).toEqual(['restore', 'after', 'before']);
  });

  it('FLOE_HOME inside the workspace, end to end: `floe run -w <parent of FLOE_HOME>`, then the CLI restore', async () => {
    const server = await startModelServer([
      {
        reply: {
          toolCalls: [{ name: 'exec_command', arguments: { cmd: 'echo changed > a.txt && touch new.txt' }, id: 'c1' }],
        },
      },
      { reply: { text: 'ok' } },
    ]);
    onCleanup(() => server.close());
    const env = tempHome({ baseUrl: server.openaiBaseUrl });
    onCleanup(() => env.cleanup());
    const ws = path.dirname(env.home); // FLOE_HOME is <ws>/home, as ~/.floe is with `floe run -w ~`
    write(ws, 'a.txt', 'original\n');
    const run = await runCli(['run', '--workspace', ws, 'go'], { home: env.home });
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('warning');
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('changed\n');
    const repo = new ShadowRepo(env.home, ws, ownerFiles);
    const turn = (await repo.list()).find((c) => c.meta.kind === 'before')!;
    const homeBefore = fingerprint(env.home);

    const restore = await runCli(['checkpoints', 'restore', turn.id.slice(0, 12), '--yes', '-w', ws], {
      home: env.home,
    });
    expect([restore.code, restore.stderr]).toEqual([0, '']);
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('original\n');
    expect(fs.existsSync(path.join(ws, 'new.txt'))).toBe(false);
    // every trace, the database and every checkpoint are still there, unchanged but for the restore's own commit
    const homeAfter = fingerprint(env.home);
    for (const [p, v] of Object.entries(homeBefore)) {
      if (!p.startsWith('checkpoints/') && !p.startsWith('floe.db')) expect([p, homeAfter[p]]).toEqual([p, v]);
    }
    expect(Object.keys(homeBefore).some((p) => p.endsWith('.jsonl'))).toBe(true);
    expect((await repo.list()).map((c) => c.meta.kind)).toEqual(['restore', 'after', 'before']);
  }, 120_000);

  it('a restore that fails midway (a checkpoint object is missing) changes nothing', async () => {
    const f = folder();
    for (const n of ['a', 'b', 'c', 'd']) write(f.ws, `${n}.txt`, `${n} before\n`);
    const before = await snap(f.repo);
    for (const n of ['a', 'b', 'c', 'd']) write(f.ws, `${n}.txt`, `${n} after\n`);
    write(f.ws, 'made.txt', 'new\n');
    await snap(f.repo, 'after');
    // the blob of c.txt before the turn goes missing from the shadow repository
    const blob = gitIn(f.ws, `--git-dir=${f.repo.paths.gitDir}`, 'rev-parse', `${before.id}:c.txt`).trim();
    fs.rmSync(path.join(f.repo.paths.gitDir, 'objects', blob.slice(0, 2), blob.slice(2)));
    const was = fingerprint(f.ws);
    const listed = (await f.repo.list()).length;

    const err = await f.repo.restore(before.id, 'user').catch((e: Error) => e);
    expect(fingerprint(f.ws)).toEqual(was);
    expect(String(err)).toMatch(/^UserError: restore failed, nothing was changed: /);
    expect((await f.repo.list()).length).toBe(listed); // no restore is listed that did not happen
  });

  it('a restore whose swap fails (a folder that cannot change) puts back what it had moved', async () => {
    const f = folder();
    write(f.ws, 'a.txt', 'a before\n');
    write(f.ws, 'z/locked.txt', 'z before\n');
    const before = await snap(f.repo);
    write(f.ws, 'a.txt', 'a after\n');
    write(f.ws, 'z/locked.txt', 'z after\n');
    execFileSync('chattr', ['+i', path.join(f.ws, 'z')]); // renames in z/ fail (EPERM) even for root
    const was = fingerprint(f.ws);

    const err = await f.repo.restore(before.id, 'user').catch((e: Error) => e);
    expect(fingerprint(f.ws)).toEqual(was);
    expect(String(err)).toMatch(/^UserError: restore failed at z\/locked.txt: .*; nothing was changed$/);
    expect(fs.readdirSync(f.ws).filter((n) => n.startsWith('.floe-restore-'))).toEqual([]);
  });

  it('a tracked file grown past the size limit: restore refuses and names it', async () => {
    const f = folder({ maxFileBytes: 1000 });
    write(f.ws, 'big.txt', 'x'.repeat(500));
    write(f.ws, 'small.txt', 'before\n');
    const before = await snap(f.repo);
    write(f.ws, 'big.txt', 'y'.repeat(2000));
    write(f.ws, 'small.txt', 'after\n');
    const after = await snap(f.repo, 'after');
    expect(after.meta.skipped).toEqual(['big.txt']);
    const was = fingerprint(f.ws);

    await expect(f.repo.restore(before.id, 'user')).rejects.toThrow(
      'restore refused: it would overwrite big.txt, which no checkpoint holds (larger than 0 MB)',
    );
    expect(fingerprint(f.ws)).toEqual(was);
  });

  it('a file replaced by a folder holding an ignored file: restore refuses and names the ignored file', async () => {
    const f = folder();
    write(f.ws, '.gitignore', '*.log\n');
    write(f.ws, 'd', 'a file\n');
    const before = await snap(f.repo);
    fs.rmSync(path.join(f.ws, 'd'));
    write(f.ws, 'd/x.txt', 'tracked\n');
    write(f.ws, 'd/keep.log', 'ignored, precious\n');
    await snap(f.repo, 'after');
    const was = fingerprint(f.ws);

    await expect(f.repo.restore(before.id, 'user')).rejects.toThrow(
      'restore refused: it would delete d/keep.log, which no checkpoint holds (it is ignored)',
    );
    expect(fingerprint(f.ws)).toEqual(was);
  });

  it('a pattern removed from .gitignore: restore keeps the files it ignored', async () => {
    const f = folder();
    write(f.ws, '.gitignore', '*.log\nbuild/\n');
    write(f.ws, 'debug.log', 'ignored before the turn\n');
    write(f.ws, 'build/out.o', 'ignored output\n');
    write(f.ws, 'a.txt', 'before\n');
    const before = await snap(f.repo);
    write(f.ws, '.gitignore', '');
    write(f.ws, 'a.txt', 'after\n');
    const after = await snap(f.repo, 'after');
    expect((await f.repo.changes(before.id, after.id)).map((c) => c.path)).toContain('debug.log');

    await f.repo.restore(before.id, 'user');
    expect(fs.readFileSync(path.join(f.ws, '.gitignore'), 'utf8')).toBe('*.log\nbuild/\n');
    expect(fs.readFileSync(path.join(f.ws, 'a.txt'), 'utf8')).toBe('before\n');
    expect(fs.readFileSync(path.join(f.ws, 'debug.log'), 'utf8')).toBe('ignored before the turn\n');
    expect(fs.readFileSync(path.join(f.ws, 'build/out.o'), 'utf8')).toBe('ignored output\n');
  });

  it('.gitattributes (text=auto, eol=crlf, ident) do not change the bytes a restore gives back', async () => {
    const f = folder();
    const files: Record<string, Buffer> = {
      'lf.txt': Buffer.from('one\ntwo\n$Id$\n'),
      'crlf.txt': Buffer.from('one\r\ntwo\r\n'),
      'mixed.c': Buffer.from('a\r\nb\nc\r\n/* $Id$ */\n'),
      'data.bin': Buffer.from([0x0d, 0x0a, 0x0a, 0x00, 0x0d]),
    };
    write(f.ws, '.gitattributes', '* text=auto eol=crlf\n*.txt ident\n*.c text ident eol=lf\n*.bin text\n');
    for (const [p, b] of Object.entries(files)) write(f.ws, p, b);
    const before = await snap(f.repo);
    for (const p of Object.keys(files)) write(f.ws, p, 'changed\n');
    await snap(f.repo, 'after');

    await f.repo.restore(before.id, 'user');
    for (const [p, b] of Object.entries(files)) expect(fs.readFileSync(path.join(f.ws, p)), p).toEqual(b);
  });

  it('concurrent turns on one workspace (two processes): every checkpoint kept, the second turn warned', async () => {
    const f = folder();
    write(f.ws, 'a.txt', 'a\n');
    // two repository objects on one folder behave as two processes do: each has its own queue
    const other = new ShadowRepo(f.home, f.ws, ownerFiles);
    const rounds = 6;
    const results = await Promise.allSettled(
      Array.from({ length: rounds }, (_, i) => [
        f.repo.snapshot({ kind: 'before', sessionId: 'one', title: `one ${i}` }),
        other.snapshot({ kind: 'before', sessionId: 'two', title: `two ${i}` }),
      ]).flat(),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect((await f.repo.list()).length).toBe(2 * rounds);

    const warnings: string[] = [];
    const allow = async () => ({ decision: 'allow' as const });
    // only the permission matters to checkpoints; the rest of the request is not read
    const req = { permission: 'rw', toolName: 'exec_command', sessionId: 'one' } as ApprovalRequest;
    const t1 = turnCheckpoints(
      f.repo,
      'one',
      'first',
      (e) => warnings.push(`error ${e.message}`),
      (w) => {
        warnings.push(`one: ${w}`);
      },
    );
    const t2 = turnCheckpoints(
      other,
      'two',
      'second',
      (e) => warnings.push(`error ${e.message}`),
      (w) => {
        warnings.push(`two: ${w}`);
      },
    );
    await t1.wrap(allow)(req);
    await t2.wrap(allow)(req);
    expect(warnings).toEqual([
      `two: another task (session one, pid ${process.pid}) is changing ${f.ws} at the same time; ` +
        'the checkpoints of both turns hold the changes of both',
    ]);
    await Promise.all([t1.finish(), t2.finish()]);
    const kinds = (await f.repo.list()).slice(0, 4).map((c) => `${c.meta.kind} ${c.meta.sessionId}`);
    expect(kinds.sort()).toEqual(['after one', 'after two', 'before one', 'before two']);
  });

  it('nested git repositories and submodules are checkpointed and restored; their .git untouched', async () => {
    const f = folder();
    const upstream = path.join(f.root, 'upstream');
    fs.mkdirSync(upstream);
    write(upstream, 'm.txt', 'module before\n');
    gitIn(upstream, 'init', '-q');
    gitIn(upstream, 'add', '.');
    gitIn(upstream, 'commit', '-qm', 'm');
    write(f.ws, 'top.txt', 'top\n');
    gitIn(f.ws, 'init', '-q');
    gitIn(f.ws, 'add', '.');
    gitIn(f.ws, 'commit', '-qm', 'top');
    gitIn(f.ws, 'submodule', '-q', 'add', upstream, 'mod');
    gitIn(f.ws, 'commit', '-qm', 'sub');
    write(f.ws, 'lib/l.txt', 'lib before\n');
    gitIn(path.join(f.ws, 'lib'), 'init', '-q');
    gitIn(path.join(f.ws, 'lib'), 'add', '.');
    gitIn(path.join(f.ws, 'lib'), 'commit', '-qm', 'l');
    write(f.ws, 'empty/e.txt', 'a repository without commits\n');
    gitIn(path.join(f.ws, 'empty'), 'init', '-q');
    const was = fingerprint(f.ws);

    const before = await snap(f.repo);
    write(f.ws, 'lib/l.txt', 'lib after\n');
    write(f.ws, 'lib/new.txt', 'new in lib\n');
    write(f.ws, 'mod/m.txt', 'module after\n');
    write(f.ws, 'empty/e.txt', 'changed\n');
    const after = await snap(f.repo, 'after');
    expect((await f.repo.changes(before.id, after.id)).map((c) => `${c.status} ${c.path}`)).toEqual([
      'modified empty/e.txt',
      'modified lib/l.txt',
      'added lib/new.txt',
      'modified mod/m.txt',
    ]);

    await f.repo.restore(before.id, 'user');
    expect(fingerprint(f.ws)).toEqual(was);
  });

  it('a turn that turns a folder into a file can be undone, and that restore too', async () => {
    const f = folder();
    write(f.ws, 'd/a.txt', 'a\n');
    write(f.ws, 'd/sub/b.txt', 'b\n');
    const before = await snap(f.repo);
    fs.rmSync(path.join(f.ws, 'd'), { recursive: true });
    write(f.ws, 'd', 'now a file\n');
    await snap(f.repo, 'after');
    const turned = fingerprint(f.ws);

    const undo = await f.repo.restore(before.id, 'user');
    expect(fs.readFileSync(path.join(f.ws, 'd/a.txt'), 'utf8')).toBe('a\n');
    expect(fs.readFileSync(path.join(f.ws, 'd/sub/b.txt'), 'utf8')).toBe('b\n');
    await f.repo.restore(undo.id, 'user');
    expect(fingerprint(f.ws)).toEqual(turned);
  });

  it('file modes come back exactly (600 stays 600, 700, 664, 640)', async () => {
    const f = folder();
    write(f.ws, 'secret.key', 'private\n', 0o600);
    write(f.ws, 'run.sh', '#!/bin/sh\n', 0o700);
    write(f.ws, 'shared.txt', 'group\n', 0o664);
    write(f.ws, 'plain.txt', 'plain\n', 0o644);
    write(f.ws, 'tool', 'x\n', 0o755);
    write(f.ws, 'log.txt', 'l\n', 0o640);
    const was = fingerprint(f.ws);
    const before = await snap(f.repo);
    write(f.ws, 'secret.key', 'rewritten\n', 0o644);
    fs.chmodSync(path.join(f.ws, 'run.sh'), 0o755);
    fs.chmodSync(path.join(f.ws, 'shared.txt'), 0o644);
    fs.chmodSync(path.join(f.ws, 'plain.txt'), 0o600);
    fs.chmodSync(path.join(f.ws, 'tool'), 0o700);
    fs.rmSync(path.join(f.ws, 'log.txt'));
    const after = await snap(f.repo, 'after');
    const turned = fingerprint(f.ws);

    const undo = await f.repo.restore(before.id, 'user');
    expect(fingerprint(f.ws)).toEqual(was);
    await f.repo.restore(undo.id, 'user');
    expect(fingerprint(f.ws)).toEqual(turned);
    expect(after.meta.modes).toMatch(/^[0-9a-f]{40}$/);
  });

  it('the CLI restore refuses while a task runs in the same workspace', async () => {
    const f = folder();
    write(f.ws, 'a.txt', 'before\n');
    const repo = new ShadowRepo(f.home, f.ws, ownerFiles);
    const before = await snap(repo);
    write(f.ws, 'a.txt', 'after\n');
    await snap(repo, 'after');
    // a task of a session in this folder runs: its row in floe.db and its claim, held by this (live) process
    const store = openStore(dbPath(f.home));
    const project = store.projects.open(f.ws);
    store.sessions.create({
      id: 'busy-session',
      projectId: project.id,
      agent: 'default',
      model: 'mock/m1',
      title: 'running',
      approvalMode: 'allow-all',
      status: 'running',
      source: 'cli',
    });
    store.close();
    const claim = claimSession(f.home, 'busy-session', 'floe run');
    onCleanup(() => claim.release());
    const args = ['checkpoints', 'restore', before.id.slice(0, 12), '--yes', '--workspace', f.ws];

    const refused = await runCli(args, { home: f.home });
    expect([refused.code, refused.stderr]).toEqual([
      2,
      `floe: a task is running in ${f.ws} (session busy-session, run by floe run (pid ${process.pid})); ` +
        'wait for it or stop it, then restore\n',
    ]);
    expect(fs.readFileSync(path.join(f.ws, 'a.txt'), 'utf8')).toBe('after\n');
    claim.release();
    expect((await runCli(args, { home: f.home })).code).toBe(0);
    expect(fs.readFileSync(path.join(f.ws, 'a.txt'), 'utf8')).toBe('before\n');
  }, 60_000);

  it('the host restore refuses while another process runs a task of the project', async () => {
    const server = await startModelServer([]);
    onCleanup(() => server.close());
    const env = tempHome({ baseUrl: server.openaiBaseUrl, systemConfig: 'system_prompt: t\n' });
    onCleanup(() => env.cleanup());
    const h = createHost({ home: env.home, mode: 'web', retrySchedule: [10] });
    onCleanup(() => h.dispose());
    write(env.workspace, 'a.txt', 'before\n');
    const p = await ok(h, 'projects.add', { path: env.workspace });
    const s = await ok(h, 'sessions.create', { projectId: p.id });
    const repo = new ShadowRepo(env.home, env.workspace, ownerFiles);
    const before = await snap(repo);
    write(env.workspace, 'a.txt', 'after\n');
    await snap(repo, 'after');
    // `floe run --resume` of that session in another process: its claim is held, this host runs nothing
    const claim = claimSession(env.home, s.id, 'floe run');
    onCleanup(() => claim.release());

    const params = { projectId: p.id, checkpointId: before.id };
    expect(await h.call('checkpoints.restore', params)).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'conflict',
        message:
          `A task of this project is running in floe run (pid ${process.pid}) (session ${s.id}); ` +
          'wait for it or stop it there before restoring files.',
      }),
    });
    expect(fs.readFileSync(path.join(env.workspace, 'a.txt'), 'utf8')).toBe('after\n');
    claim.release();
    await ok(h, 'checkpoints.restore', params);
    expect(fs.readFileSync(path.join(env.workspace, 'a.txt'), 'utf8')).toBe('before\n');
  });
});
