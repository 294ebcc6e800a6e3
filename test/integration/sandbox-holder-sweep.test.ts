// A host killed while its network holder starts leaves the holder's child running (net-holder.ts,
// holder-sweep.ts); the first sandbox of a later process ends it. Stand-ins for such orphans are real
// `sleep infinity` processes carrying the mark a holder gets: only the one whose host is gone is ended, and not
// a process without the mark, a holder of a live host, one of another PID namespace's host, or another program.
// Real processes, /proc (Linux).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOLDER_MARK, hostMark, sweepOrphanHolders } from '../../main/environment/sandbox/holder-sweep.js';
import { NetHolder } from '../../main/environment/sandbox/net-holder.js';
import { CommandSandbox } from '../../main/environment/sandbox/sandbox.js';
import { pidRuns } from '../../main/os/procs.js';
import { until } from '../helpers/procs.js';

const started: number[] = [];

afterEach(() => {
  for (const pid of started.splice(0)) if (pidRuns(pid)) process.kill(pid, 'SIGKILL');
});

/** A detached process running `argv` with `mark` (if any) as its holder mark. */
function start(argv: string[], mark?: string): number {
  const env = { ...process.env };
  delete env[HOLDER_MARK];
  if (mark !== undefined) env[HOLDER_MARK] = mark;
  const p = spawn(argv[0]!, argv.slice(1), { env, stdio: 'ignore', detached: true });
  p.unref();
  started.push(p.pid!);
  return p.pid!;
}

/** The mark of a host that is gone: a child that has exited, with this process's namespace. */
function deadMark(): string {
  const pid = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
  const ns = hostMark().split(':').slice(0, -2).join(':');
  return `${ns}:${pid}:1`;
}

const environ = (pid: number): string => readFileSync(`/proc/${pid}/environ`, 'utf8');

/** Waits until `pid` runs `sleep` (before its exec, /proc shows this process's command line and environment). */
const execd = (...pids: number[]): Promise<boolean> =>
  until(() => pids.every((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').startsWith('sleep\0')), 3000);

describe.skipIf(process.platform !== 'linux')('orphaned network holders', () => {
  it('a holder carries its host in its environment, its sleep too', async () => {
    const h = new NetHolder('bwrap');
    await h.ready;
    try {
      expect(h.failure).toBeUndefined();
      for (const pid of [h.group!, h.pid!]) expect(environ(pid)).toContain(`\0${HOLDER_MARK}=${hostMark()}\0`);
    } finally {
      h.dispose();
    }
  });

  it('the sweep ends only the holders of a gone host', async () => {
    const dead = deadMark();
    const orphan = start(['sleep', 'infinity'], dead);
    const kept = [
      start(['sleep', 'infinity']),
      start(['sleep', 'infinity'], hostMark()),
      start(['sleep', 'infinity'], dead.replace(/^pid:\[\d+\]/, 'pid:[1]')),
      start(['sleep', '3600'], dead),
    ];
    expect(await execd(orphan, ...kept)).toBe(true);
    expect(sweepOrphanHolders()).toContain(orphan);
    expect(await until(() => !pidRuns(orphan), 3000)).toBe(true);
    expect(kept.filter(pidRuns)).toEqual(kept);
  });

  it("a process's first sandbox sweeps them", async () => {
    const orphan = start(['sleep', 'infinity'], deadMark());
    expect(await execd(orphan)).toBe(true);
    const root = realpathSync(mkdtempSync(path.join('/var/tmp', 'floe-holder-sweep-')));
    mkdirSync(path.join(root, 'ws'));
    mkdirSync(path.join(root, 'home'));
    const sandbox = new CommandSandbox({
      workspace: path.join(root, 'ws'),
      home: path.join(root, 'home'),
      floeHome: path.join(root, 'floe'),
      sessionId: 'holder-sweep',
    });
    try {
      sandbox.warm();
      expect(sandbox.active).toBe(true);
      expect(await until(() => !pidRuns(orphan), 3000)).toBe(true);
    } finally {
      sandbox.dispose();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
