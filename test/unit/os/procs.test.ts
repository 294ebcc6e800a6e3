// main/os/procs.ts against real processes: a running child, a zombie (a child whose parent never reaps it), a pid
// that is gone; /proc/<pid>/stat fields, start time and starting environment.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { listPids, pidExists, pidRuns, procEnviron, procStat, processStart } from '../../../main/os/procs.js';
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
      expect(processStart(child.pid!)).toBe(s.start);
      expect(listPids()).toContain(child.pid);
      expect(procEnviron(child.pid!)!.toString()).toContain('FLOE_PROCS_TEST=yes');
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('a zombie exists but does not run; a reaped pid does neither', async () => {
    // `sleep 0` ends at once; its parent exec's into `sleep 30`, which never reaps it
    const parent = spawn('bash', ['-c', 'sleep 0 & exec sleep 30']);
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
