// The last output of a command is never lost (issue 9 item 2, issue 16 "lost-tail fix has no test"): a command
// that writes a burst right before it exits, while the host has its pty paused, still yields every line, and the
// exit is reported from the shell's in-band end marker, which never reaches the raw stream or the model view.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandRegistry, type CommandEvent } from '../../main/environment/commands/registry.js';

let home: string;
let reg: CommandRegistry;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'floe-tail-home-'));
  reg = new CommandRegistry({ env: { HOME: home } });
});
afterAll(async () => {
  await reg.disposeAll();
  rmSync(home, { recursive: true, force: true });
});

const N = 20_000;
const expected = `${Array.from({ length: N }, (_, i) => String(i + 1)).join('\n')}\nEND\n`;

describe('command output tail', () => {
  it('keeps every line printed right before exit while the pty was paused, for several commands at once', async () => {
    const raw = new Map<string, string>();
    const off = reg.onEvent((e: CommandEvent) => {
      if (e.kind === 'data') raw.set(e.id, (raw.get(e.id) ?? '') + e.data);
    });
    const sessions = Array.from({ length: 4 }, () => reg.start({ cmd: `seq 1 ${N}; echo END; exit 5`, cwd: home }));
    // the host pauses each pty (as a slow pane would) and lets go only after the commands have exited
    for (const s of sessions) reg.pause(s.id);
    await new Promise((r) => setTimeout(r, 400));
    for (const s of sessions) reg.resume(s.id);
    for (const s of sessions) {
      await s.exited;
      expect(s.exitCode).toBe(5);
      expect(await s.readClean()).toBe(expected);
      // the end marker is stripped before anyone sees the data
      expect(reg.scrollback(s.id)).not.toContain('\x1b]7717;');
      expect(raw.get(s.id)).not.toContain('\x1b]7717;');
      expect(raw.get(s.id)?.endsWith('END\r\n')).toBe(true);
      reg.remove(s.id);
    }
    off();
  }, 30_000);

  it('reports a signal, not the marker, when Ctrl-C ends the command', async () => {
    const s = reg.start({ cmd: 'echo ready; sleep 30', cwd: home });
    for (let i = 0; i < 100 && !reg.scrollback(s.id).includes('ready'); i++)
      await new Promise((r) => setTimeout(r, 50));
    reg.write(s.id, '\x03');
    await s.exited;
    expect(s.signal).toBe('SIGINT');
    expect(s.exitCode).toBeUndefined();
    reg.remove(s.id);
  });
});
