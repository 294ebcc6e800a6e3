// The pure parts of exact modes and restore planning: which modes are recorded, the mode list round-trips (odd
// names too) and its blob id is git's; the plan removes, writes, replaces and chmods exactly what differs, and
// leaves off-limits paths and nested-repository commit ids (gitlinks) alone.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { formatMeta, parseMeta } from '../../../main/checkpoints/meta.js';
import { blobId, formatModes, modeToRecord, parseModes } from '../../../main/checkpoints/modes.js';
import { planRestore, type TreeEntry } from '../../../main/checkpoints/restore.js';

describe('exact modes', () => {
  it('records only what git cannot say, and round-trips any name', () => {
    expect([0o100644, 0o100755, 0o100600, 0o100700, 0o100664, 0o100744].map(modeToRecord)).toEqual([
      undefined,
      undefined,
      0o600,
      0o700,
      0o664,
      0o744,
    ]);
    const modes = new Map([
      ['z/secret.key', 0o600],
      ['a "quoted"\nname', 0o640],
      ['run.sh', 0o700],
    ]);
    const text = formatModes(modes);
    expect(text.split('\n')[0]).toBe('640 "a \\"quoted\\"\\nname"');
    expect(parseModes(text)).toEqual(modes);
    expect(parseModes('garbage\n777 not-json\n')).toEqual(new Map());
  });

  it('gives a blob the id git gives it, and the commit message names it', () => {
    const body = formatModes(new Map([['a', 0o600]]));
    const git = execFileSync('git', ['hash-object', '--stdin'], { input: body }).toString().trim();
    expect(blobId(Buffer.from(body))).toBe(git);
    const meta = { kind: 'after' as const, sessionId: 's', skipped: [], modes: git };
    expect(parseMeta(formatMeta(meta))).toEqual(meta);
    expect(parseMeta(formatMeta({ ...meta, modes: 'not-an-id' }))).toEqual({
      kind: 'after',
      sessionId: 's',
      skipped: [],
    });
  });
});

const f = (id: string, mode = '100644'): TreeEntry => ({ mode, id });

describe('planRestore', () => {
  it('removes, writes, replaces and chmods what differs; skips off-limits paths and gitlinks', () => {
    const backup = new Map([
      ['same.txt', f('1')],
      ['changed.txt', f('2')],
      ['made.txt', f('3')],
      ['link', f('4', '120000')],
      ['chmod.txt', f('5')],
      ['exec.sh', f('6', '100755')],
      ['.floe/trace.jsonl', f('7')],
      ['sub', f('8', '160000')],
    ]);
    const target = new Map([
      ['same.txt', f('1')],
      ['changed.txt', f('2b')],
      ['gone.txt', f('9')],
      ['link', f('4b', '100644')],
      ['chmod.txt', f('5')],
      ['exec.sh', f('6', '100644')],
      ['.floe/old.jsonl', f('10')],
      ['sub/file', f('11')],
    ]);
    const plan = planRestore(
      backup,
      target,
      new Map(),
      new Map([
        ['chmod.txt', 0o600],
        ['gone.txt', 0o640],
      ]),
      (p) => p.startsWith('.floe/'),
    );
    expect(plan.remove).toEqual(['made.txt']);
    expect(plan.write).toEqual(['changed.txt', 'exec.sh', 'gone.txt', 'link', 'sub/file']);
    expect(plan.replace).toEqual(['changed.txt', 'link', 'exec.sh']);
    expect(plan.chmod).toEqual([{ path: 'chmod.txt', mode: 0o600 }]);
    expect(Object.fromEntries(plan.modes)).toEqual({
      'changed.txt': 0o644,
      'exec.sh': 0o644,
      'gone.txt': 0o640,
      link: 0o644,
      'sub/file': 0o644,
    });
  });

  it('keeps the files of a nested repository that an older checkpoint recorded only as a commit id', () => {
    const backup = new Map([
      ['lib/a.txt', f('1')],
      ['lib/b/c.txt', f('2')],
      ['library.txt', f('3')],
    ]);
    const target = new Map([['lib', f('c0ffee', '160000')]]);
    const plan = planRestore(backup, target, new Map(), new Map(), () => false);
    expect([plan.remove, plan.write]).toEqual([['library.txt'], []]);
  });

  it('a mode-only change back to what git implies is a chmod too', () => {
    const t = new Map([['k', f('1')]]);
    const plan = planRestore(t, t, new Map([['k', 0o600]]), new Map(), () => false);
    expect([plan.write, plan.chmod]).toEqual([[], [{ path: 'k', mode: 0o644 }]]);
  });
});
