// Unit tests do not sleep on the real clock (issue 24): a loaded machine must not change what they see. Code on
// timers runs under the fake clock (test/helpers/fake-clock.ts); waiting for promises takes turns of the event
// loop. This check reads every unit test file and names any that sleeps (`setTimeout(resolve, ms)` in a promise),
// and every end-to-end test that waits a fixed second or more.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname);

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => f.endsWith('.test.ts'));
}

// a promise resolved by a timer: `new Promise((r) => setTimeout(r, 50))`, `setTimeout(resolve, ms)` and the like
const SLEEP = /new Promise[^;]*?setTimeout\(\s*(r|res|resolve|done)\s*,/s;

describe('unit tests', () => {
  it('never sleep on the real clock', () => {
    const sleeping = files(root)
      .filter((f) => f !== import.meta.filename)
      .filter((f) => !/useFakeClock\(\)|vi\.useFakeTimers\(/.test(fs.readFileSync(f, 'utf8')))
      .filter((f) => SLEEP.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f));
    expect(sleeping).toEqual([]);
  });

  it('end-to-end tests wait for states, never for a fixed second or more (a stretch of time comes from a fixture)', () => {
    const e2e = path.resolve(root, '../../e2e');
    const long = fs
      .readdirSync(e2e)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        [...fs.readFileSync(path.join(e2e, f), 'utf8').matchAll(/waitForTimeout\(([\d_]+)\)/g)]
          .filter((m) => Number(m[1]!.replace(/_/g, '')) >= 1000)
          .map((m) => `${f}: ${m[0]}`),
      );
    expect(long).toEqual([]);
  });
});
