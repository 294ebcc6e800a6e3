// The session's network holder (net-holder.ts) leaves nothing running once disposed, at any stage: after it is
// ready, and while it starts. bwrap forks a child that becomes the holder's `sleep`; until just before its exec that
// child does not die with the bwrap, so disposing in that window used to leave a bwrap blocked forever or a
// `sleep infinity` behind (reparented to init, still in the holder's process group). Real bwrap, /proc (Linux).
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NetHolder } from '../../main/environment/sandbox/net-holder.js';
import { CommandSandbox } from '../../main/environment/sandbox/sandbox.js';
import { ended, listPids, procStat } from '../../main/os/procs.js';
import { spawner } from '../../main/os/spawner.js';
import { until } from '../helpers/procs.js';

/** A process, named by pid and start time (a reused pid is someone else). */
interface Proc {
  pid: number;
  start: string;
}

/** The running (not zombie) processes of process group `group`. */
function members(group: number): Proc[] {
  const out: Proc[] = [];
  for (const pid of listPids()) {
    const s = procStat(pid);
    if (s && s.pgrp === group && !ended(s)) out.push({ pid, start: s.start });
  }
  return out;
}

const runs = (p: Proc): boolean => {
  const s = procStat(p.pid);
  return s !== undefined && s.start === p.start && !ended(s);
};

/** Everything seen of the holders under test: killed after each test, so a failing run leaves nothing behind. */
let seen: Proc[] = [];
const groups: number[] = [];

afterEach(() => {
  for (const g of groups.splice(0)) seen.push(...members(g));
  for (const p of seen) if (runs(p)) process.kill(p.pid, 'SIGKILL');
  seen = [];
});

/** Waits (up to 3 s) until nothing of `group` runs; returns what still does, with its program. */
async function survivors(group: number): Promise<string[]> {
  await until(() => members(group).length === 0, 3000);
  return members(group).map((p) => {
    let argv0 = '?';
    try {
      argv0 = readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').split('\0')[0] ?? '?';
    } catch {
      // gone meanwhile
    }
    return `${p.pid} ${argv0}`;
  });
}

/**
 * Blocks until bwrap `group` has forked its child (at most 1 s), so that a dispose right after lands in the window
 * before the child asks to die with its parent. Blocking is the point: the holder must not see its info report
 * first. The child is nearly always the next pid; the bound keeps a miss harmless.
 */
function untilForked(group: number): void {
  const end = Date.now() + 1000;
  while (Date.now() < end && procStat(group + 1)?.ppid !== group) {
    // spin
  }
}

describe.skipIf(process.platform !== 'linux')('the network holder ends completely', () => {
  it('once ready: bwrap and its sleep are gone after dispose', async () => {
    const h = new NetHolder('bwrap');
    await h.ready;
    expect(h.failure).toBeUndefined();
    const group = h.group!;
    groups.push(group);
    const child = h.pid!;
    const before = members(group);
    expect(before.map((p) => p.pid).sort()).toEqual([group, child].sort());
    seen.push(...before);
    h.dispose();
    expect(await survivors(group)).toEqual([]);
    expect(before.filter(runs)).toEqual([]);
  });

  it('disposed while it starts (before its child is reported): nothing of it is left', async () => {
    const left: string[] = [];
    for (let i = 0; i < 12; i++) {
      const h = new NetHolder('bwrap');
      const group = h.group!;
      groups.push(group);
      // half right after bwrap forked (the window that leaked), half a few ms in (other stages of its start)
      if (i % 2 === 0) untilForked(group);
      else await new Promise((r) => setTimeout(r, i % 6));
      seen.push(...members(group));
      h.dispose();
      await h.ready;
      left.push(...(await survivors(group)));
    }
    expect(left).toEqual([]);
  });

  it("a session's sandbox disposed while its holder starts leaves none of it", async () => {
    const root = realpathSync(mkdtempSync(path.join('/var/tmp', 'floe-net-holder-')));
    mkdirSync(path.join(root, 'ws'));
    mkdirSync(path.join(root, 'home'));
    try {
      const left: string[] = [];
      for (let i = 0; i < 4; i++) {
        const before = new Set(listPids());
        const sandbox = new CommandSandbox({
          workspace: path.join(root, 'ws'),
          home: path.join(root, 'home'),
          floeHome: path.join(root, 'floe'),
          sessionId: `net-holder-${i}`,
        });
        sandbox.warm();
        if (!sandbox.active) throw new Error(`this test needs the sandbox: ${sandbox.offReason}`);
        // the holder: the bwrap the spawner (main/os/spawner.ts) started just now for it, with its arguments
        const holder = () =>
          listPids().find((pid) => {
            if (before.has(pid) || procStat(pid)?.ppid !== spawner.pid) return false;
            try {
              const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
              return argv.includes('--unshare-net') && argv.includes('sleep\0infinity');
            } catch {
              return false;
            }
          });
        let group: number | undefined;
        await until(() => (group = holder()) !== undefined, 5000);
        expect(group).toBeDefined();
        groups.push(group!);
        untilForked(group!);
        sandbox.dispose();
        left.push(...(await survivors(group!)));
      }
      expect(left).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
