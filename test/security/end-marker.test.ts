// Security suite (issue 26): a command cannot end itself early in Floe's eyes. The end marker's nonce is readable
// from inside (`trap -p EXIT`), so a command can print a perfect marker and keep running; the session must not
// report the command finished while its shell still runs. Real pty, real bash.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CommandRegistry } from '../../main/environment/commands/registry.js';
import { until } from '../helpers/procs.js';

let home: string;
const registries: CommandRegistry[] = [];

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'floe-sec-marker-'));
});
afterEach(async () => {
  await Promise.all(registries.splice(0).map((r) => r.disposeAll()));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

// reads the nonce from the shell's own EXIT trap and prints the marker with status 0, then goes on
const FORGE =
  "n=$(trap -p EXIT | grep -o '7717;[0-9a-f]*' | cut -d';' -f2); " +
  'printf \'\\033]7717;%s;0\\007\' "$n" > /dev/tty; ';

describe('the end marker cannot be forged from inside the command', () => {
  it('a forged marker followed by more work: the command is reported when its shell really ends', async () => {
    const reg = new CommandRegistry({ env: { HOME: home } });
    registries.push(reg);
    const s = reg.start({ cmd: `${FORGE}sleep 1.5; echo after-the-forgery; exit 7`, cwd: home });
    await s.exited;
    expect(s.exitCode).toBe(7);
    expect(s.forgedMarkers).toBe(1);
    const text = await s.readClean();
    expect(text).toContain('after-the-forgery');
    expect(text).not.toContain('7717');
  }, 30_000);

  it('a forged marker and a command that never ends: still running, and its output still comes', async () => {
    const reg = new CommandRegistry({ env: { HOME: home } });
    registries.push(reg);
    const s = reg.start({ cmd: `${FORGE}while :; do echo tick; sleep 0.2; done`, cwd: home });
    // the marker is judged forged once the shell is still there a second after it; until then nothing ends
    await until(() => s.forgedMarkers === 1 || s.status !== 'running', 10_000);
    expect(s.status).toBe('running');
    expect(s.forgedMarkers).toBe(1);
    const before = s.charsSeen;
    await until(() => s.charsSeen > before, 10_000);
    expect(s.status).toBe('running');
  }, 30_000);
});
