// A kill that reaches a command in the moment after its fork, before its shell has made a process group of its own
// (setsid): a pty's child has its pid at once (node-pty returns at the fork; a session box reports it at once) but
// `kill(-pid)` finds no group until setsid. Such a kill was lost, and the command ran on (seen once in CI: a SIGKILL
// sent right after start left `sleep 100` running). The window is forced here: the "pty" is a real process that
// never leaves its parent's group, standing for a child that has not yet called setsid.
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandRegistry } from '../../main/environment/commands/registry.js';
import type { PtyLike } from '../../main/environment/commands/pty-like.js';
import type { CommandSandbox } from '../../main/environment/sandbox/sandbox.js';

const children: ChildProcess[] = [];
const registries: CommandRegistry[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const r of registries.splice(0)) await r.disposeAll();
});

/** A process in this test's own process group, seen as a pty whose host pid comes back a moment after start. */
function groupless(argv = ['sleep', '100']): { pty: PtyLike; child: ChildProcess; gone: Promise<string | null> } {
  const child = spawn(argv[0]!, argv.slice(1), { stdio: 'ignore' });
  children.push(child);
  const exits = new Set<(e: { exitCode: number; signal?: number }) => void>();
  const gone = new Promise<string | null>((resolve) =>
    child.on('exit', (code, signal) => {
      const e = signal ? { exitCode: 0, signal: constants.signals[signal] } : { exitCode: code ?? 0 };
      for (const cb of exits) cb(e);
      resolve(signal);
    }),
  );
  const pty: PtyLike = {
    pid: 0,
    pidKnown: new Promise((r) => setTimeout(() => r(child.pid!), 20)),
    onData: () => ({ dispose: () => {} }),
    onExit: (cb) => {
      exits.add(cb);
      return { dispose: () => exits.delete(cb) };
    },
    write: () => {},
    resize: () => {},
    pause: () => {},
    resume: () => {},
  };
  void pty.pidKnown!.then((pid) => ((pty as { pid: number }).pid = pid));
  return { pty, child, gone };
}

/** A registry whose commands are these ptys in turn (the part of a sandbox the registry uses to start one). */
function registryWith(ptys: PtyLike | PtyLike[], killGraceMs: number): CommandRegistry {
  const queue = Array.isArray(ptys) ? [...ptys] : [ptys];
  const sandbox = {
    active: true,
    warm: () => {},
    ready: async () => {},
    prepareBox: async () => {},
    takeWarnings: () => [],
    spawnPty: () => queue.shift(),
  } as unknown as CommandSandbox;
  const reg = new CommandRegistry({ sandbox, warmUp: 'later', killGraceMs });
  registries.push(reg);
  return reg;
}

const within = <T>(p: Promise<T>, ms: number): Promise<T | 'still running'> =>
  Promise.race([p, new Promise<'still running'>((r) => setTimeout(() => r('still running'), ms))]);

describe('a kill in the window between fork and setsid', () => {
  it('a SIGKILL sent before the pid came back ends a shell that has no group yet, at once', async () => {
    const { pty, child, gone } = groupless();
    // the grace period is long: only the kill itself can end the command within the wait below
    const reg = registryWith(pty, 60_000);
    const s = reg.start({ cmd: 'sleep 100', cwd: process.cwd() });
    expect(s.pid).toBe(0);
    expect(reg.kill(s.id, 'SIGKILL')).toBe(true);
    expect(await within(gone, 5_000)).toBe('SIGKILL');
    expect(child.signalCode).toBe('SIGKILL');
    await s.exited;
    expect(s.status).toBe('exited');
  });

  it('a SIGTERM to a command whose pid is known but which has no group yet reaches it too', async () => {
    const { pty, gone } = groupless();
    const reg = registryWith(pty, 60_000);
    const s = reg.start({ cmd: 'sleep 100', cwd: process.cwd() });
    await pty.pidKnown;
    expect(s.pid).toBeGreaterThan(0);
    reg.kill(s.id, 'SIGTERM');
    expect(await within(gone, 5_000)).toBe('SIGTERM');
  });

  it('a shell with no group yet that ignores SIGTERM gets the SIGKILL after the grace period', async () => {
    const { pty, gone } = groupless(['sh', '-c', "trap '' TERM; exec sleep 100"]);
    const reg = registryWith(pty, 300);
    const s = reg.start({ cmd: 'sleep 100', cwd: process.cwd() });
    await pty.pidKnown;
    reg.kill(s.id, 'SIGTERM');
    expect(await within(gone, 5_000)).toBe('SIGKILL');
  });

  it('disposing the registry ends, before it returns, a running shell with no group yet, also one ignoring SIGTERM', async () => {
    const plain = groupless();
    const stubborn = groupless(['sh', '-c', "trap '' TERM; exec sleep 100"]);
    const reg = registryWith([plain.pty, stubborn.pty], 300);
    const a = reg.start({ cmd: 'sleep 100', cwd: process.cwd() });
    const b = reg.start({ cmd: 'sleep 100', cwd: process.cwd() });
    await Promise.all([plain.pty.pidKnown, stubborn.pty.pidKnown]);
    expect([a.pid, b.pid].every((p) => p > 0)).toBe(true);
    await reg.disposeAll();
    // disposeAll waits for what it ends: both are gone when it returns (a moment for the exit events)
    expect(await within(plain.gone, 100)).toBe('SIGTERM');
    expect(await within(stubborn.gone, 100)).toBe('SIGKILL');
  });
});
