// main/os/procs.ts against real processes: a running child, a zombie (a child whose parent never reaps it), a pid
// that is gone; /proc/<pid>/stat fields, start time and starting environment.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  listPids,
  pidExists,
  pidRuns,
  procChildren,
  procEnviron,
  procNsPids,
  procStat,
  processStart,
} from '../../../main/os/procs.js';
import { until } from '../../helpers/procs.js';

describe('process facts', () => {
  it('a running child: exists, runs, its stat names its parent, group and start; its environment is readable', async () => {
    const child = spawn('sleep', ['30'], { env: { FLOE_PROCS_TEST: 'yes', PATH: process.env.PATH } });
    try {
      await until(() => procStat(child.pid!)?.state !== undefined, 5000);
      expect(pidExists(child.pid!)).toBe(true);
      expect(pidRuns(child.pid!)).toBe(true);
      const s = procStat(child.pid!)!;
      expect(s.ppid).toBe(process.pid);
      expect(s.start).toMatch(/^\d+$/);
      expect(s.comm).toBe('sleep');
      expect(Number.isInteger(s.cpuTicks) && s.cpuTicks >= 0).toBe(true);
      expect(procStat(process.pid)!.cpuTicks).toBeGreaterThan(0); // this process has used some CPU by now
      expect(processStart(child.pid!)).toBe(s.start);
      expect(listPids()).toContain(child.pid);
      expect(procEnviron(child.pid!)!.toString()).toContain('FLOE_PROCS_TEST=yes');
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('a zombie exists but does not run; a reaped pid does neither', async () => {
    // The background subshell ends only once its parent has exec'd into `sleep 30`, which never reaps it. (`sleep 0 &`
    // alone raced: under load the child could end before the exec, and bash reaped it, leaving no zombie.) In the
    // subshell $$ is still the parent's pid. It also stops once the parent is gone, so a failing run leaves no loop.
    const parent = spawn('bash', [
      '-c',
      '(while [ -e /proc/$$ ] && [ "$(cat /proc/$$/comm 2>/dev/null)" != sleep ]; do sleep 0.01; done) & exec sleep 30',
    ]);
    try {
      let zombie: number | undefined;
      await until(() => {
        zombie = listPids().find((p) => procStat(p)?.ppid === parent.pid && procStat(p)?.state === 'Z');
        return zombie !== undefined;
      }, 5000);
      expect(zombie).toBeDefined();
      expect(pidExists(zombie!)).toBe(true);
      expect(pidRuns(zombie!)).toBe(false);
    } finally {
      parent.kill('SIGKILL');
    }
    await until(() => !pidExists(parent.pid!), 5000);
    expect(pidRuns(parent.pid!)).toBe(false);
    expect(procStat(parent.pid!)).toBeUndefined();
    expect(pidExists(0)).toBe(false);
    expect(pidExists(-1)).toBe(false);
  });
});

describe('one place reads /proc', () => {
  it('children and namespace pids of a real process', async () => {
    const child = spawn('sleep', ['30']);
    try {
      await until(() => procStat(child.pid!)?.state !== undefined, 5000);
      expect(procChildren(process.pid)).toContain(child.pid);
      // not in a PID namespace of its own: one pid, the same as the host's
      expect(procNsPids(child.pid!)).toEqual([child.pid]);
    } finally {
      child.kill('SIGKILL');
    }
    expect(procChildren(2 ** 22 + 7)).toEqual([]);
    expect(procNsPids(2 ** 22 + 7)).toEqual([]);
  });

  // (programs of their own, main/**/*.mjs such as the sandbox's command server, cannot import TypeScript: not counted)
  it('no module of main/ outside main/os reads /proc/<pid> itself', () => {
    const root = path.resolve(import.meta.dirname, '../../../main');
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) {
          if (p !== path.join(root, 'os')) walk(p);
        } else if (e.name.endsWith('.ts') && /\/proc\/\$\{|['"`]\/proc\/['"`]\s*\+/.test(readFileSync(p, 'utf8'))) {
          offenders.push(path.relative(root, p));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
