// A session's sandbox does nothing until first used (issue 21: opening a session must not wait for bwrap): the
// probe, the session folder and the network holder start at warm() or at the first question that needs them.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CommandSandbox } from '../../../main/environment/sandbox/sandbox.js';

const dir = mkdtempSync(path.join(tmpdir(), 'floe-sandbox-lazy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in bwrap that notes each start in a log and succeeds (each test its own path: probes are per path). */
function fakeBwrap(name: string): { program: string; starts: () => number } {
  const log = path.join(dir, `${name}.log`);
  const program = path.join(dir, name);
  writeFileSync(program, `#!/bin/sh\necho start >> '${log}'\nexit 0\n`);
  chmodSync(program, 0o755);
  return { program, starts: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').length - 1 : 0) };
}

const options = (bwrap: string) => ({
  workspace: dir,
  home: dir,
  floeHome: path.join(dir, 'home'),
  sessionId: 'session-lazy',
  bwrap,
  platform: 'linux' as const,
  network: true,
});

describe('CommandSandbox set-up', () => {
  it('starts nothing when made; warm() probes once', () => {
    const bwrap = fakeBwrap('bwrap-a');
    const sb = new CommandSandbox(options(bwrap.program));
    expect(bwrap.starts()).toBe(0);
    sb.warm();
    expect(bwrap.starts()).toBe(1);
    expect(sb.active).toBe(true);
    sb.warm();
    expect(bwrap.starts()).toBe(1);
    sb.dispose();
  });

  it('the first question that needs the probe makes it (active, offReason, wrap); dispose before any use probes nothing', () => {
    const bwrap = fakeBwrap('bwrap-b');
    new CommandSandbox(options(bwrap.program)).dispose();
    expect(bwrap.starts()).toBe(0);
    const sb = new CommandSandbox(options(bwrap.program));
    expect(sb.offReason).toBeUndefined();
    expect(bwrap.starts()).toBe(1);
    expect(sb.wrap('bash', ['-c', 'true'], dir).file).not.toBe('bash');
    sb.dispose();
  });
});
