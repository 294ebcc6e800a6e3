// globMatch: the same answers as a plain recursive matcher on many small cases, and a step count that stays within
// (text + 1) × (glob + 1) on the inputs that made the old regular expression take seconds (issue 26).
import { describe, expect, it } from 'vitest';
import { globMatch } from '../../../main/approval/glob.js';

/** The definition, by recursion: slow, obviously right, for small inputs only. */
function reference(g: string, t: string): boolean {
  if (!g.length) return !t.length;
  if (g[0] === '*') return reference(g.slice(1), t) || (t.length > 0 && reference(g, t.slice(1)));
  return t.length > 0 && (g[0] === '?' || g[0] === t[0]) && reference(g.slice(1), t.slice(1));
}

describe('globMatch', () => {
  it('agrees with the definition on every glob and text over a small alphabet', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const word = (alphabet: string, max: number) =>
      Array.from({ length: rnd(max + 1) }, () => alphabet[rnd(alphabet.length)]).join('');
    let checked = 0;
    for (let i = 0; i < 5000; i++) {
      const g = word('ab*?', 6);
      const t = word('ab', 8);
      expect([g, t, globMatch(g, t)]).toEqual([g, t, reference(g, t)]);
      checked++;
    }
    expect(checked).toBe(5000);
    expect(globMatch('MCP__GitHub__*', 'mcp__github__create', { ignoreCase: true })).toBe(true);
    expect(globMatch('MCP__GitHub__*', 'mcp__github__create')).toBe(false);
  });

  it('takes at most (text + 1) × (glob + 1) steps on 128 KB worst cases', () => {
    const text = 'a'.repeat(128 * 1024);
    for (const glob of ['*a*a*a*a*a*b', '*aaaaaaaaab*', 'a*a*a*a*a*a*a*a*ab', '*?*?*?*?*b', `*${'a'.repeat(40)}b*`]) {
      const steps = { n: 0 };
      expect(globMatch(glob, text, { steps })).toBe(false);
      expect([glob, steps.n <= (text.length + 1) * (glob.length + 1)]).toEqual([glob, true]);
      // and it grows linearly with the text: 8× the text, about 8× the steps (1 % for the edges)
      const small = { n: 0 };
      globMatch(glob, text.slice(0, 16 * 1024), { steps: small });
      expect([glob, steps.n <= 8.08 * small.n]).toEqual([glob, true]);
    }
  });
});
