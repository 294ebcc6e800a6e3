import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bashQuote, buildSnapshot, parseEnv0 } from '../../../main/environment/commands/snapshot-text.js';

describe('bashQuote', () => {
  it('round-trips awkward values through bash', () => {
    for (const v of ["it's", 'a\nb\tc', 'back\\slash $HOME `x` "q"', 'é 日本', '\x01ctl\x7f']) {
      const out = execFileSync('bash', ['--noprofile', '--norc', '-c', `printf %s ${bashQuote(v)}`], {
        encoding: 'utf8',
      });
      expect(out).toBe(v);
    }
  });
});

describe('buildSnapshot', () => {
  const env0 = (o: Record<string, string>) =>
    Object.entries(o)
      .map(([k, v]) => `${k}=${v}`)
      .join('\0') + '\0';

  it('exports what the profile set or changed, unsets what it removed, and skips per-shell and hardening variables', () => {
    const text = buildSnapshot(
      {
        env: env0({
          PATH: '/p/bin:/usr/bin',
          SAME: '1',
          NEW: "x'y",
          PWD: '/h',
          SHLVL: '2',
          PAGER: 'less',
          HOME: '/h',
          'BASH_FUNC_f%%': '() { :; }',
        }),
        functions: 'f () \n{ \n    :\n}\n',
        aliases: "alias ll='ls -l'\n",
        options:
          'shopt -u login_shell\nshopt -s extglob\nshopt -u expand_aliases\nset +o errexit\nset -o braceexpand\n',
      },
      { PATH: '/usr/bin', SAME: '1', GONE: 'z', PAGER: 'cat', HOME: '/h' },
    );
    const lines = text.split('\n');
    expect(lines).toContain("export PATH='/p/bin:/usr/bin'");
    expect(lines).toContain(`export NEW='x'\\''y'`);
    expect(lines).toContain('unset GONE');
    expect(lines).toContain('export -f f');
    expect(lines).toContain("alias ll='ls -l'");
    expect(lines).toContain('shopt -s extglob');
    expect(lines).toContain('set -o braceexpand');
    for (const bad of ['SAME', 'PWD', 'SHLVL', 'PAGER', 'HOME', 'login_shell', 'expand_aliases'])
      expect(text).not.toMatch(new RegExp(`(export|unset|shopt -[su]) ${bad}\\b`));
  });

  it('parses env -0 output with = and newlines in values', () => {
    expect([...parseEnv0('A=1=2\0B=x\ny\0')]).toEqual([
      ['A', '1=2'],
      ['B', 'x\ny'],
    ]);
  });
});
