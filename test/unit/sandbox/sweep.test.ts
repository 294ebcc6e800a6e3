// Sandbox folders left by a host that died are swept; a live process's (this one's, another live one's) are kept,
// and other folders are never touched. Real folders, real pids (a child that has exited stands for a dead host).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweepSandboxDirs } from '../../../main/environment/sandbox/sweep.js';

describe('sweepSandboxDirs', () => {
  it('removes the folders of dead processes only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'floe-sweep-'));
    try {
      const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
      const mk = (name: string): string => {
        const p = path.join(dir, name);
        mkdirSync(path.join(p, 'tmp'), { recursive: true });
        writeFileSync(path.join(p, 'seccomp.bpf'), 'x', { mode: 0o400 });
        return p;
      };
      const gone = mk(`floe-sandbox-${dead}-session-a-XXXX`);
      const mine = mk(`floe-sandbox-${process.pid}-session-b-YYYY`);
      const parent = mk(`floe-sandbox-${process.ppid}-session-c-ZZZZ`);
      const other = mk(`floe-something-${dead}-else`);
      expect(sweepSandboxDirs(dir)).toBe(1);
      expect(existsSync(gone)).toBe(false);
      for (const kept of [mine, parent, other]) expect(existsSync(kept)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
