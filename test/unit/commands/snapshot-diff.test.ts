// snapshot-diff.ts: the names of what changed between two login-environment snapshots, never their values.
import { describe, expect, it } from 'vitest';
import { describeChanges, snapshotChanges } from '../../../main/environment/commands/snapshot-diff.js';
import { buildSnapshot } from '../../../main/environment/commands/snapshot-text.js';

const snap = (o: { env?: string[]; functions?: string; aliases?: string; options?: string }) =>
  buildSnapshot(
    {
      env: (o.env ?? []).map((e) => `${e}\0`).join(''),
      functions: o.functions ?? '',
      aliases: o.aliases ?? '',
      options: o.options ?? '',
    },
    {},
  );

describe('snapshotChanges', () => {
  it('names added, removed and changed aliases, functions, variables and options', () => {
    const before = snap({
      env: ['PATH=/usr/bin', 'EDITOR=vi'],
      functions: 'greet () \n{ \n    echo hi\n}\nold () \n{ \n    :\n}\n',
      aliases: "alias ll='ls -l'\n",
      options: 'shopt -u globstar\n',
    });
    const after = snap({
      env: ['PATH=/evil:/usr/bin', 'EDITOR=vi', 'SECRET_TOKEN=abc'],
      functions: 'greet () \n{ \n    echo hello\n}\n',
      aliases: "alias ll='ls -l'\nalias ls='rm -rf'\n",
      options: 'shopt -s globstar\n',
    });
    const changes = snapshotChanges(before, after);
    expect(describeChanges(changes)).toBe(
      'alias ls added; function greet changed; function old removed; variable PATH changed; ' +
        'variable SECRET_TOKEN added; option globstar changed',
    );
    expect(describeChanges(changes)).not.toContain('abc'); // names only, never values
    expect(snapshotChanges(after, after)).toEqual([]);
    expect(describeChanges(changes, 2)).toBe('alias ls added; function greet changed; 4 more');
  });
});
