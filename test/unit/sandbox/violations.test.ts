// What a sandboxed command's output says the sandbox refused: real error lines of touch, bash, python, node, curl,
// git and npm, each turned into one warning line naming the target and what to do; unrelated text gives nothing.
import { describe, expect, it } from 'vitest';
import { findViolations } from '../../../main/environment/sandbox/violations.js';

describe('findViolations', () => {
  it('writes refused by a read-only file system, one per path, from several programs', () => {
    const out = [
      "touch: cannot touch '/etc/x': Read-only file system",
      'bash: /usr/local/bin/tool: Read-only file system',
      "OSError: [Errno 30] Read-only file system: '/home/u/.cache/pip'",
      "Error: EROFS: read-only file system, open '/home/u/.npmrc'",
      "touch: cannot touch '/etc/x': Read-only file system",
    ].join('\r\n');
    const v = findViolations(out);
    expect(v.map((x) => [x.kind, x.target])).toEqual([
      ['write', '/etc/x'],
      ['write', '/usr/local/bin/tool'],
      ['write', '/home/u/.cache/pip'],
      ['write', '/home/u/.npmrc'],
    ]);
    expect(v[0].message).toBe(
      'sandbox: a write to /etc/x was refused (only the workspace, /tmp and FLOE_HOME/scratch are writable); if the ' +
        'project needs that folder, allow writing it in this project (the button on the tool card, or floe rules add ' +
        'allow sandbox_write <folder>)',
    );
  });

  it('network failures: one line per command, naming the host when the message does', () => {
    const v = findViolations(
      [
        'curl: (6) Could not resolve host: registry.npmjs.org',
        "fatal: unable to access 'https://github.com/a/b/': Could not resolve host: github.com",
        'npm error getaddrinfo EAI_AGAIN registry.npmjs.org',
      ].join('\n'),
    );
    expect(v).toEqual([
      {
        kind: 'network',
        target: 'registry.npmjs.org',
        message:
          'sandbox: the network is off for commands (registry.npmjs.org was not reached); run it again with ' +
          'with_network: true (asks in auto mode; an allow rule for the command makes it ask no more)',
      },
    ]);
    expect(findViolations('socket.gaierror: [Errno -3] Temporary failure in name resolution')[0]).toMatchObject({
      kind: 'network',
    });
    expect(findViolations('connect: Network is unreachable')[0]?.target).toBeUndefined();
  });

  it('ordinary output gives nothing', () => {
    expect(findViolations('all tests passed\nwrote dist/index.js\nPermission bits: 0644\n')).toEqual([]);
  });
});
