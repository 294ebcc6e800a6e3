// findTagged reads every process's tags from /proc once per turn of the event loop (containment.ts): the calls of
// one turn share a scan, the next turn scans again. Real processes with real environments.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { findTagged, TAG_VAR } from '../../main/environment/commands/containment.js';
import { until } from '../helpers/procs.js';

const kids: ChildProcess[] = [];
const tagged = (env: Record<string, string>): ChildProcess => {
  const c = spawn('sleep', ['30'], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, stdio: 'ignore' });
  kids.push(c);
  return c;
};
const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r));
afterAll(() => {
  for (const c of kids) c.kill('SIGKILL');
});

describe('findTagged', () => {
  it('finds a process by its tag prefix, only where the tag starts an entry of its environment', async () => {
    const reg = `t${randomBytes(4).toString('hex')}`;
    const a = tagged({ [TAG_VAR]: `${reg}.a1` });
    const decoy = tagged({ [`X${TAG_VAR}`]: `${reg}.d1`, OTHER: `${TAG_VAR}=${reg}.d2` });
    expect(await until(() => findTagged(`${reg}.`).includes(a.pid!), 5000)).toBe(true);
    await nextTurn();
    expect(findTagged(`${reg}.`)).toEqual([a.pid]);
    expect(findTagged(`${reg}.a`)).toEqual([a.pid]);
    expect(findTagged(`${reg}.d`)).toEqual([]);
    expect(decoy.pid).toBeGreaterThan(0);
  });

  it('the calls of one turn share one scan; the next turn sees what started meanwhile', async () => {
    const reg = `t${randomBytes(4).toString('hex')}`;
    await nextTurn();
    expect(findTagged(`${reg}.`)).toEqual([]); // this turn's scan
    const b = tagged({ [TAG_VAR]: `${reg}.b1` });
    // started after this turn's scan: not in it
    expect(findTagged(`${reg}.`)).toEqual([]);
    expect(await until(() => findTagged(`${reg}.`).includes(b.pid!), 5000)).toBe(true);
  });
});
