// A command that floods its terminal gets a lower CPU weight for its session group (flood-priority.ts), a quiet one
// keeps its own; with and without the sandbox. Real ptys, real bwrap, the kernel's own /proc/<pid>/autogroup.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOOD_NICE } from '../../main/environment/commands/flood-priority.js';
import { CommandRegistry } from '../../main/environment/commands/registry.js';
import { CommandSandbox } from '../../main/environment/sandbox/sandbox.js';
import { until } from '../helpers/procs.js';

const autogroup = (pid: number): { group: string; nice: number } => {
  const [group, , nice] = readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim().split(' ');
  return { group: group!, nice: Number(nice) };
};

let root: string;
let ws: string;
let sandbox: CommandSandbox;
let boxed: CommandRegistry;
let plain: CommandRegistry;

beforeAll(async () => {
  if (!existsSync('/proc/self/autogroup')) throw new Error('this test needs a Linux kernel with autogroup');
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'floe-flood-prio-')));
  ws = path.join(root, 'ws');
  mkdirSync(ws);
  sandbox = new CommandSandbox({ workspace: ws, home: root, floeHome: path.join(root, 'floe'), sessionId: 'flood' });
  if (!sandbox.active) throw new Error(`these tests need the sandbox: ${sandbox.offReason}`);
  boxed = new CommandRegistry({ env: { HOME: root }, sandbox });
  plain = new CommandRegistry({ env: { HOME: root } });
  await boxed.prepare();
});

afterAll(async () => {
  await boxed?.disposeAll();
  await plain?.disposeAll();
  sandbox?.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe.each([
  ['without the sandbox', () => plain],
  ['in the sandbox', () => boxed],
])('a flooding command %s', (_, registry) => {
  it('gets a lower weight for its session group; a quiet command and the host keep theirs', async () => {
    const host = autogroup(process.pid);
    const quiet = registry().start({ cmd: 'echo ready; sleep 30', cwd: ws });
    const flood = registry().start({ cmd: 'yes "a line of a flood"', cwd: ws });
    const [quietPid, floodPid] = [await quiet.pidKnown, await flood.pidKnown];
    expect(await until(() => autogroup(floodPid).nice === FLOOD_NICE, 10_000)).toBe(true);
    // its own group (the pty's session), not the host's
    expect(autogroup(floodPid).group).not.toBe(host.group);
    expect(await until(() => quiet.charsSeen > 0, 10_000)).toBe(true);
    expect(autogroup(quietPid).nice).toBe(0);
    expect(autogroup(process.pid)).toEqual(host);
    registry().remove(quiet.id);
    registry().remove(flood.id);
  }, 30_000);
});
